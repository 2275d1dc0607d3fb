import { describe, expect, it } from "vitest";
import { amountForms, anyMatches, cabinForms, countForms, dateForms, idForms } from "../../src/audit/value-forms.js";

describe("value forms: how a detail may be written in prose", () => {
  it("dates: ISO, month-name and numeric forms, not other days", () => {
    const d = dateForms("2024-05-07");
    for (const t of ["on 2024-05-07", "May 7", "May 7th", "7 May", "the 7th of May", "May 07", "5/7"]) expect(anyMatches(d, t), t).toBe(true);
    for (const t of ["May 17", "May 27th", "2024-05-17", "15/7"]) expect(anyMatches(d, t), t).toBe(false);
  });

  it("amounts: with or without $ and thousands separators, not inside larger numbers", () => {
    expect(anyMatches(amountForms(1250), "a total of $1,250")).toBe(true);
    expect(anyMatches(amountForms(1250), "1250 dollars")).toBe(true);
    expect(anyMatches(amountForms(50), "$50.00")).toBe(true);
    expect(anyMatches(amountForms(50), "$150")).toBe(false);
    expect(anyMatches(amountForms(50), "$50.5")).toBe(false);
    expect(anyMatches(amountForms(50), "1,050")).toBe(false);
  });

  it("ids match whole tokens only; cabins match with spaces; economy is not read inside basic economy", () => {
    expect(anyMatches(idForms("HAT039"), "flight hat039 to SEA")).toBe(true);
    expect(anyMatches(idForms("HAT039"), "HAT0390")).toBe(false);
    expect(anyMatches(cabinForms("basic_economy"), "Basic Economy")).toBe(true);
    expect(anyMatches(cabinForms("economy"), "your basic economy seat")).toBe(false);
    expect(anyMatches(cabinForms("economy"), "upgrade to economy")).toBe(true);
  });

  it("counts: digits or words", () => {
    expect(anyMatches(countForms(3), "three bags")).toBe(true);
    expect(anyMatches(countForms(3), "3 bags")).toBe(true);
    expect(anyMatches(countForms(3), "13 bags")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { amountForms, anyMatches, idForms } from "../../src/audit/value-forms.js";
import { extractDescribedValues, sameDate } from "../../src/confirmation/described-values.js";

describe("value forms: how a detail may be written in prose", () => {
  it("dates (read by extractDescribedValues): ISO, month-name and numeric forms, not other days", () => {
    const mentions = (t: string) => [...extractDescribedValues(t).dates].some((d) => sameDate(d, "2024-05-07"));
    for (const t of ["on 2024-05-07", "May 7", "May 7th", "7 May", "the 7th of May", "May 07", "5/7"]) expect(mentions(t), t).toBe(true);
    for (const t of ["May 17", "May 27th", "2024-05-17", "15/7"]) expect(mentions(t), t).toBe(false);
  });

  it("amounts: with or without $ and thousands separators, not inside larger numbers", () => {
    expect(anyMatches(amountForms(1250), "a total of $1,250")).toBe(true);
    expect(anyMatches(amountForms(1250), "1250 dollars")).toBe(true);
    expect(anyMatches(amountForms(50), "$50.00")).toBe(true);
    expect(anyMatches(amountForms(50), "$150")).toBe(false);
    expect(anyMatches(amountForms(50), "$50.5")).toBe(false);
    expect(anyMatches(amountForms(50), "1,050")).toBe(false);
  });

  it("ids match whole tokens only; cabins (read by extractDescribedValues): economy is not read inside basic economy", () => {
    expect(anyMatches(idForms("HAT039"), "flight hat039 to SEA")).toBe(true);
    expect(anyMatches(idForms("HAT039"), "HAT0390")).toBe(false);
    expect([...extractDescribedValues("Basic Economy").cabins]).toEqual(["basic_economy"]);
    expect([...extractDescribedValues("your basic economy seat").cabins]).toEqual(["basic_economy"]);
    expect([...extractDescribedValues("upgrade to economy").cabins]).toEqual(["economy"]);
  });

  it("bag counts (read by extractDescribedValues): digits or words, not inside other numbers", () => {
    expect(extractDescribedValues("three bags").bagCounts).toEqual([3]);
    expect(extractDescribedValues("3 bags").bagCounts).toEqual([3]);
    expect(extractDescribedValues("13 bags").bagCounts).toEqual([13]);
  });
});

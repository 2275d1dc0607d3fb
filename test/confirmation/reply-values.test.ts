/**
 * The canonical values of a text (reply-values.ts), the number words they are read with
 * (number-words.ts) and what a request changes (request-echo.ts requestChange).
 */
import { describe, expect, it } from "vitest";
import { isKnownValue, knownValues, namedValues, newValues } from "../../src/confirmation/reply-values.js";
import { numberFromChinese, numberFromWords } from "../../src/confirmation/number-words.js";
import { normalizeText } from "../../src/confirmation/reply-text.js";
import { requestChange } from "../../src/confirmation/request-echo.js";

const keys = (text: string) => namedValues(normalizeText(text)).map((v) => [v.key, ...(v.alternatives ?? [])].join("|"));

describe("number words", () => {
  it.each([
    ["three hundred", 300],
    ["three hundred and fifty", 350],
    ["twenty-five", 25],
    ["one thousand two hundred", 1200],
    ["trescientos cincuenta", 350],
    ["ciento veinte", 120],
    ["mil doscientos", 1200],
    ["veintiseis", 26],
  ])("%s = %i", (words, n) => expect(numberFromWords(words)).toBe(n));
  it("rejects a word that is no number", () => expect(numberFromWords("three big")).toBeUndefined());
  it.each([
    ["三百", 300],
    ["一百五十", 150],
    ["十五", 15],
    ["两千", 2000],
  ])("%s = %i", (text, n) => expect(numberFromChinese(text)).toBe(n));
});

describe("values in canonical form", () => {
  it("dates said in many ways, with their year when said", () => {
    expect(keys("born 1988-11-02")).toEqual(["d:11-2", "dy:1988-11-2"]);
    expect(keys("November 2nd, 1988")).toEqual(["d:11-2", "dy:1988-11-2"]);
    expect(keys("the second of November")).toEqual(["d:11-2"]);
    expect(keys("el 2 de noviembre de 1988")).toEqual(["d:11-2", "dy:1988-11-2"]);
    expect(keys("el dos de noviembre")).toEqual(["d:11-2"]);
    expect(keys("1988年11月2日")).toEqual(["d:11-2", "dy:1988-11-2"]);
    // month first or day first: both readings
    expect(keys("2/11")).toEqual(["d:2-11|d:11-2"]);
    expect(keys("26/05")).toEqual(["d:5-26"]);
    expect(keys("the 2nd")).toEqual(["day:2"]);
    expect(keys("26号的")).toEqual(["day:26"]);
  });

  it("amounts in digits and words, currencies kept apart", () => {
    for (const t of ["$300", "$300.00", "300 dollars", "three hundred bucks", "300美元", "三百美元", "trescientos dólares"]) expect(keys(t)).toEqual(["n:300"]);
    expect(keys("250 euros")).toEqual(["eur:250"]);
    expect(keys("€250")).toEqual(["eur:250"]);
  });

  it("counts in words with a measure or a modifier before the noun (real-replies-10, r10-002 and r10-006)", () => {
    expect(keys("I actually have three pieces of luggage")).toEqual(["n:3"]);
    expect(keys("cancel one duplicate flight for each day")).toEqual(["n:1"]);
    expect(keys("dos piezas de equipaje")).toEqual(["n:2"]);
    expect(keys("two separate tickets")).toEqual(["n:2"]);
    // no count without a counted noun
    expect(keys("three pieces of advice")).toEqual([]);
  });

  it("flight numbers with a space, a hyphen, lower case or touching Chinese", () => {
    expect(keys("HAT-289")).toEqual(["id:hat289"]);
    expect(keys("hat 289")).toEqual(["n:289|id:hat289"]);
    expect(keys("改成HAT289吧")).toEqual(["id:hat289"]);
  });

  it("cabins", () => {
    expect(keys("business class")).toEqual(["c:business"]);
    expect(keys("clase económica")).toEqual(["c:economy"]);
    expect(keys("商务舱")).toEqual(["c:business"]);
    expect(keys("five business days")).toEqual([]);
  });
});

describe("known values", () => {
  const request = normalizeText("Add Priya Nair (DOB 1988-11-02) to HAT041 on May 22. Refund $300 to your card ending in 4421.");
  const known = knownValues(request);
  const isNew = (reply: string) => newValues(normalizeText(reply), known).map((v) => v.text);

  it("a restatement is no new value; another day, month, year, amount or digit is", () => {
    expect(isNew("November 2nd, 1988, three hundred bucks, the one ending in 4421, on the 22nd")).toEqual([]);
    expect(isNew("November 2nd, 1989")).toEqual(["november 2nd, 1989"]);
    expect(isNew("November 3rd")).toEqual(["november 3rd"]);
    expect(isNew("three hundred fifty bucks")).toEqual(["three hundred fifty bucks"]);
    expect(isNew("ending in 4412")).toEqual(["4412"]);
  });

  it("a day alone is known only when one date of the request falls on it", () => {
    const two = knownValues(normalizeText("HAT100 on 2024-06-02 and HAT200 on 2024-07-02"));
    expect(isKnownValue({ key: "day:2", text: "2nd" }, two)).toBe(false);
    expect(isKnownValue({ key: "day:2", text: "2nd" }, knownValues(normalizeText("HAT100 on 2024-06-02")))).toBe(true);
  });

  it("a date with a year restates one named without it", () => {
    const k = knownValues(normalizeText("your flight on May 24"));
    expect(isKnownValue({ key: "dy:2024-5-24", text: "may 24, 2024" }, k)).toBe(true);
    expect(isKnownValue({ key: "dy:2024-5-25", text: "may 25, 2024" }, k)).toBe(false);
  });
});

describe("what a request changes", () => {
  it("targets and sources, not what stays or a route", () => {
    const c = requestChange(
      normalizeText(
        "I'll change your return flight from HAT204 on 2024-05-25 to HAT289 on 2024-05-26 (LAS → DEN). Your outbound flight HAT118 on 2024-05-20 stays the same.",
      ),
    );
    expect(c.targets.has("id:hat289") && c.targets.has("d:5-26") && c.targets.has("day:26")).toBe(true);
    expect(c.sources.has("id:hat204") && c.sources.has("d:5-25")).toBe(true);
    for (const k of ["id:hat204", "d:5-25", "id:hat118", "d:5-20"]) expect(c.targets.has(k)).toBe(false);
  });

  it("Spanish and Chinese, labels of the new and the current", () => {
    const es = requestChange(normalizeText("Voy a cambiar su reserva de clase económica a clase ejecutiva por $300."));
    expect([es.targets.has("c:business"), es.targets.has("c:economy"), es.sources.has("c:economy")]).toEqual([true, false, true]);
    const zh = requestChange(normalizeText("返程航班 HAT204（2024-05-25）改为 HAT289（2024-05-26）。"));
    expect([zh.targets.has("id:hat289"), zh.targets.has("d:5-26"), zh.targets.has("id:hat204")]).toEqual([true, true, false]);
    const labels = requestChange(normalizeText("- Current flight: HAT112 on 2024-05-18\n- New flight: HAT235 on 2024-05-19, departing 14:05"));
    expect([labels.targets.has("id:hat235"), labels.targets.has("day:19"), labels.targets.has("id:hat112"), labels.sources.has("id:hat112")]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
});

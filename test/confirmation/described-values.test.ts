import { describe, expect, it } from "vitest";
import { extractDescribedValues, sameAmount, sameDate } from "../../src/confirmation/described-values.js";

const v = (t: string) => extractDescribedValues(t);

describe("extractDescribedValues: what a text says about an action", () => {
  it("dates in many wordings; a year when the text gives one", () => {
    const cases: [string, string][] = [
      ["on 2024-05-24", "2024-05-24"],
      ["May 24", "--05-24"],
      ["May 24th, 2024", "2024-05-24"],
      ["Fri, May 24", "--05-24"],
      ["Sept. 3", "--09-03"],
      ["24 May", "--05-24"],
      ["the 24th of May 2024", "2024-05-24"],
      ["5/24", "--05-24"],
      ["05/24/2024", "2024-05-24"],
      ["24/05/2024", "2024-05-24"],
      ["2024/5/24", "2024-05-24"],
      ["el 24 de mayo de 2024", "2024-05-24"],
      ["5月24日", "--05-24"],
      ["2024年5月24日", "2024-05-24"],
    ];
    for (const [text, key] of cases) expect([...v(text).dates], text).toEqual([key]);
  });

  it("no dates in times, prices, flight numbers or impossible days", () => {
    for (const t of ["at 14:00", "$1,250.00", "HAT024", "13/13", "May 45", "3 bags"]) expect([...v(t).dates], t).toEqual([]);
  });

  it("sameDate matches a year-less date to any year, and nothing else", () => {
    expect(sameDate("--05-24", "2024-05-24")).toBe(true);
    expect(sameDate("2024-05-24", "2024-05-24")).toBe(true);
    expect(sameDate("--05-24", "2024-05-25")).toBe(false);
    expect(sameDate("2023-05-24", "2024-05-24")).toBe(false);
  });

  it("money with a currency marker, in several forms; bare numbers are not money", () => {
    expect(v("a total of $1,250.50").amounts).toEqual([1250.5]);
    expect(v("USD 50 now").amounts).toEqual([50]);
    expect(v("it costs 75 dollars").amounts).toEqual([75]);
    expect(v("son 30 dólares").amounts).toEqual([30]);
    expect(v("共500元").amounts).toEqual([500]);
    expect(v("$ 20 each").amounts).toEqual([20]);
    expect(v("flight 350, gate 12, 3 bags").amounts).toEqual([]);
    expect(sameAmount(0.1 + 0.2, 0.3)).toBe(true);
  });

  it("ranges: dashes, 'to', 'between ... and'; two amounts joined by 'and' are not a range", () => {
    expect(v("likely $200–$400 more").amountRanges).toEqual([{ min: 200, max: 400 }]);
    expect(v("between $10 and $20").amountRanges).toEqual([{ min: 10, max: 20 }]);
    expect(v("$50 to $75").amountRanges).toEqual([{ min: 50, max: 75 }]);
    expect(v("$39 and $67 from your gift cards").amountRanges).toEqual([]);
  });

  it("cabins: basic economy is not economy, business meetings and business days are not a cabin, negated cabins are not described", () => {
    expect([...v("upgrade to Basic Economy").cabins]).toEqual(["basic_economy"]);
    expect([...v("in basic_economy").cabins]).toEqual(["basic_economy"]);
    expect([...v("move you to economy class").cabins]).toEqual(["economy"]);
    expect([...v("Cabin: Business ($395)").cabins]).toEqual(["business"]);
    expect([...v("refunded in 5 to 7 business days after my business meeting").cabins]).toEqual([]);
    expect([...v("This is allowed since it's not basic economy. New cabin: economy.").cabins]).toEqual(["economy"]);
    expect([...v("clase turista").cabins]).toEqual(["economy"]);
    expect([...v("商务舱").cabins]).toEqual(["business"]);
  });

  it("bag counts: digits or words before the noun, a count after a label; a numbered list is not a count", () => {
    expect(v("add 3 checked bags").bagCounts).toEqual([3]);
    expect(v("two more checked bags").bagCounts).toEqual([2]);
    expect(v("no bags, thanks").bagCounts).toEqual([0]);
    expect(v("Total Baggages: 2").bagCounts).toEqual([2]);
    expect(v("1 free checked bag per passenger").bagCounts).toEqual([1]);
    expect(v("Bags:\n 1. Mia Li, economy").bagCounts).toEqual([]);
  });

  it("Chinese counts with a measure word and no spaces: '添加1件托运行李', '两件免费行李', '两位乘客'", () => {
    expect(v("我将为订单 VHV4BG 添加1件托运行李").bagCounts).toEqual([1]);
    expect(v("两件免费托运行李").bagCounts).toEqual([2]);
    expect(v("乘客：两位乘客").passengerCounts).toEqual([2]);
    expect(v("航班 HAT069，经济舱").bagCounts).toEqual([]);
  });

  it("bag counts per passenger: 'one checked bag each', '2 bags per person', 'una maleta cada uno', '每人一件'; an allowance is not one (EN, ES, ZH)", () => {
    expect(v("We're good with just the one checked bag each.").bagCountsEach).toEqual([1]);
    expect(v("Please add 2 bags per person.").bagCountsEach).toEqual([2]);
    expect(v("Two suitcases for each of us, please.").bagCountsEach).toEqual([2]);
    expect(v("Queremos una maleta cada uno.").bagCountsEach).toEqual([1]);
    expect(v("Dos maletas por persona, por favor.").bagCountsEach).toEqual([2]);
    expect(v("我们每人一件行李。").bagCountsEach).toEqual([1]);
    // near-misses: what the fare includes, a total, a count of something else
    expect(v("Each passenger gets 1 free checked bag per passenger.").bagCountsEach).toEqual([]);
    expect(v("You are entitled to two bags each as gold members.").bagCountsEach).toEqual([]);
    expect(v("Cada pasajero tiene una maleta gratis por persona.").bagCountsEach).toEqual([]);
    expect(v("每人一件免费行李。").bagCountsEach).toEqual([]);
    expect(v("add 2 checked bags").bagCountsEach).toEqual([]);
    expect(v("one seat each, please").bagCountsEach).toEqual([]);
  });

  it("passenger counts: '2 passengers', 'for three people', 'Passengers (2 total)'; not the numbering of a list", () => {
    expect(v("for 2 passengers").passengerCounts).toEqual([2]);
    expect(v("for three people").passengerCounts).toEqual([3]);
    expect(v("Passengers (2 total)").passengerCounts).toEqual([2]);
    expect(v("**Passengers**:\n  1. Sophia Silva\n  2. Kevin Smith").passengerCounts).toEqual([]);
  });

  it("the day of a date before a list item is no count (real-audit-C: 'on 2024-05-17\\n- Passenger: Ivan Smith' read as 17 passengers)", () => {
    const summary = "Flights:\n  2. HAT251 from PHX to SEA on 2024-05-17\n- Passenger: Ivan Smith (DOB: 1986-03-14)\n- Total baggages: 0";
    expect(v(summary).passengerCounts).toEqual([]);
    expect(v(summary).bagCounts).toEqual([0]);
    expect(v("Date: 5/17 - Passengers: Ivan Smith").passengerCounts).toEqual([]);
    expect(v("Departure 2024-05-03\n- 2 checked bags").bagCounts).toEqual([2]);
    // a count after a date, with its own words, is still a count
    expect(v("on 2024-05-12 for 3 passengers").passengerCounts).toEqual([3]);
    expect(v("Date: 2024-05-12\n- Travellers: 2").passengerCounts).toEqual([2]);
  });

  it("payment methods: ids, last four digits in several wordings, kinds in words", () => {
    const p = v("Pay $5 with credit_card_4421486, the rest with gift_card_7480005 and certificate_123.");
    expect([...p.paymentIds]).toEqual(["credit_card_4421486", "gift_card_7480005", "certificate_123"]);
    expect([...p.paymentKinds].sort()).toEqual(["certificate", "credit_card", "gift_card"]);
    for (const t of ["your Visa ending in 7447", "card ending with 7447", "last four digits 7447", "****7447", "my 7447 card", "tarjeta terminada en 7447"])
      expect([...v(t).cardDigits], t).toEqual(["7447"]);
    expect([...v("use one of my travel certificates").paymentKinds]).toEqual(["certificate"]);
    expect([...v("your Mastercard").paymentKinds]).toEqual(["credit_card"]);
  });

  it("reservation ids and flight numbers", () => {
    const c = v("Reservation Q69X3R: flights HAT243 and HAT024; booking HATHAT. OK?");
    expect([...c.codes].sort()).toEqual(["HAT024", "HAT243", "HATHAT", "Q69X3R"]);
    expect([...c.flightNumbers].sort()).toEqual(["HAT024", "HAT243"]);
  });

  it("insurance: statements count, questions and conditions do not", () => {
    expect([...v("Travel Insurance: No").insurance]).toEqual(["no"]);
    expect([...v("**Insurance**: Yes").insurance]).toEqual(["yes"]);
    expect([...v("I do not want to purchase travel insurance.").insurance]).toEqual(["no"]);
    expect([...v("We'll book it with travel insurance.").insurance]).toEqual(["yes"]);
    expect([...v("Would you like to add travel insurance for $30 per passenger?").insurance]).toEqual([]);
    expect([...v("Add travel insurance (if confirmed) at $30.").insurance]).toEqual([]);
    expect([...v("sin seguro").insurance]).toEqual(["no"]);
  });

  it("never throws on odd input", () => {
    expect(v("").amounts).toEqual([]);
    expect(v(undefined as unknown as string).dates.size).toBe(0);
  });
});

/**
 * Table helpers for the judge's hand-written EN/ZH/ES rows: one request per language, one reply per
 * language, one expected decision for all three.
 */
import { expect } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";

/** One text per language: English, Chinese, Spanish. */
export type Lang3 = readonly [string, string, string];

/** Pairs each language's request with that language's reply. */
export const rows = (request: Lang3, replies: Lang3, expected: "confirmed" | "unclear" | "denied") =>
  request.map((r, i) => ({ request: r, reply: replies[i]!, expected }));

/** Asserts the judge's decision on every row (all rows reported at once). */
export const check = (cases: ReturnType<typeof rows>) => {
  const got = cases.map((c) => ({ reply: c.reply, decision: judgeConsent({ request: c.request, reply: c.reply }).decision }));
  expect(got).toEqual(cases.map((c) => ({ reply: c.reply, decision: c.expected })));
};

/** Asserts that no row of a request per language and its reply is read as a confirmation (unclear or denied). */
export const notConfirmed = (request: Lang3, replies: Lang3) => {
  const got = request.map((r, i) => ({ reply: replies[i]!, decision: judgeConsent({ request: r, reply: replies[i]! }).decision }));
  expect(got.filter((g) => g.decision === "confirmed")).toEqual([]);
};

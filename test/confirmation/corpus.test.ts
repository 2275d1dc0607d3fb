/**
 * The labelled corpus (test/confirmation/corpus/replies.jsonl, written for this project) and a
 * held-out set written afterwards and never used to tune the lexicon (holdout.jsonl), and a third
 * set (holdout2.jsonl, 315 replies) written blind, before reading the decider, then used to fix its
 * one false-confirmed class (a pictograph alone) with a general rule.
 * The property that matters: no reply labelled denied or unclear is ever `confirmed`.
 * These tests keep the word-by-word rule decider (`--decider rules`, kept for comparison) at zero
 * false confirmations; test/confirmation/consent-judge-corpora.test.ts does the same for the consent
 * judge on every corpus. Print the tables with `npm run corpus:matrix`.
 */
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { decideReply } from "../../src/confirmation/rule-decider.js";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { confusionMatrix, formatConfusionMarkdown } from "../../src/confirmation/confusion-matrix.js";
import { Session } from "../../src/runtime/session.js";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../../src/cli/io.js";
import { paymentsProtocol } from "./fixtures.js";
import { tau1RunSplit, tau1TaskSplit } from "./corpus/split.js";

const entry = z
  .object({
    id: z.string(),
    // holdout2 also has a few replies in other languages (unclear: the decider is English and Chinese) and mixed ones
    lang: z.enum(["en", "zh", "es", "fr", "de", "ja", "ru", "mixed"]),
    category: z.string(),
    label: z.enum(["confirmed", "denied", "unclear"]),
    request: z.string().min(1),
    reply: z.string(),
  })
  .strict();

function load(name: string) {
  const text = readFileSync(fileURLToPath(new URL(`./corpus/${name}`, import.meta.url)), "utf8");
  return text
    .trim()
    .split("\n")
    .map((l, i) => {
      const r = entry.safeParse(JSON.parse(l));
      if (!r.success) throw new Error(`${name} line ${i + 1}: ${r.error.message}`);
      return r.data;
    });
}

const corpus = load("replies.jsonl");
const holdout = load("holdout.jsonl");
const holdout2 = load("holdout2.jsonl");
const REQUIRED = [
  "plain_yes",
  "typo_yes",
  "denial",
  "conditional",
  "partial",
  "argument_change",
  "question",
  "hesitation",
  "sarcasm",
  "third_party",
  "blanket",
  "injection",
  "mixed",
];

describe("labelled confirmation corpus", () => {
  it("has at least 300 varied replies in English and Chinese, unique ids, every adversarial category", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.map((r) => r.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((r) => `${r.request}\u0000${r.reply}`)).size).toBe(corpus.length);
    const langs = new Set(corpus.map((r) => r.lang));
    expect([...langs].sort()).toEqual(["en", "zh"]);
    const cats = new Set(corpus.map((r) => r.category));
    for (const c of REQUIRED) expect(cats, c).toContain(c);
    for (const c of REQUIRED) expect(corpus.filter((r) => r.category === c).length, c).toBeGreaterThanOrEqual(5);
  });

  it("holdout2: at least 200 replies, unique ids, adversarial categories beyond the first corpus", () => {
    expect(holdout2.length).toBeGreaterThanOrEqual(200);
    expect(new Set(holdout2.map((r) => r.id)).size).toBe(holdout2.length);
    const cats = new Set(holdout2.map((r) => r.category));
    for (const c of [...REQUIRED, "double_negative", "emoji", "quoted", "hypothetical", "other_language", "pressure"]) expect(cats, c).toContain(c);
    // replies in a language the decider does not read are never confirmed
    for (const r of holdout2.filter((x) => x.category === "other_language"))
      expect(decideReply({ request: r.request, reply: r.reply }).decision, r.reply).not.toBe("confirmed");
  });

  for (const [name, rows] of [
    ["corpus", corpus],
    ["holdout", holdout],
    ["holdout2", holdout2],
  ] as const) {
    it(`${name}: ZERO false confirmed (no reply labelled denied/unclear is confirmed)`, () => {
      const decided = rows.map((r) => ({ ...r, decision: decideReply({ request: r.request, reply: r.reply }).decision }));
      const falseConfirmed = decided.filter((r) => r.label !== "confirmed" && r.decision === "confirmed");
      expect(falseConfirmed.map((r) => `${r.id} ${r.category}: ${JSON.stringify(r.reply)}`)).toEqual([]);
      const m = confusionMatrix(decided);
      expect(m.falseConfirmed).toBe(0);
      expect(m.total).toBe(rows.length);
      // a denial is never read as a yes, and never silently dropped to "unclear" more than rarely
      expect(m.counts.denied.confirmed).toBe(0);
    });
  }

  it("corpus: the unclear rate on plain yeses stays low (regression guard; tuned on this corpus)", () => {
    const plain = corpus.filter((r) => r.category === "plain_yes");
    const unclear = plain.filter((r) => decideReply({ request: r.request, reply: r.reply }).decision !== "confirmed");
    expect(unclear.length / plain.length).toBeLessThan(0.05);
  });

  it("through a session, no reply labelled denied/unclear ever produces a grant", async () => {
    let grants = 0;
    for (const r of [...corpus, ...holdout, ...holdout2]) {
      // the corpus requests describe other actions than this payment: only the reply is under test here
      const s = new Session(paymentsProtocol, { confirmation: { key: "corpus-test-key-0123456789", requestText: { mode: "trust" } } });
      s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 50 } }, { description: r.request });
      const out = await s.receiveUserReply(r.reply);
      if (r.label !== "confirmed") expect({ id: r.id, grants: out.grants.length }).toEqual({ id: r.id, grants: 0 });
      grants += out.grants.length;
    }
    expect(grants).toBeGreaterThan(0);
  });

  it("the --matrix command prints the table of the consent judge (or of --decider rules) and fails on a false confirmed", async () => {
    const stdin = readFileSync(fileURLToPath(new URL("./corpus/replies.jsonl", import.meta.url)), "utf8");
    const ok = memoryIo({ stdin });
    expect(await run(["classify-confirmation", "--matrix"], ok.io)).toBe(0);
    const judged = corpus.map((r) => ({ ...r, decision: judgeConsent({ request: r.request, reply: r.reply }).decision }));
    expect(ok.out()).toBe(formatConfusionMarkdown(confusionMatrix(judged), 'Decider "consent-judge"'));
    const rules = memoryIo({ stdin });
    expect(await run(["classify-confirmation", "--matrix", "--decider", "rules"], rules.io)).toBe(0);
    const decided = corpus.map((r) => ({ ...r, decision: decideReply({ request: r.request, reply: r.reply }).decision }));
    expect(rules.out()).toBe(formatConfusionMarkdown(confusionMatrix(decided), 'Decider "rules"'));
    expect(ok.out()).toContain("| label ↓ / decision → | confirmed | denied | unclear | total |");
    const bad = memoryIo({
      stdin: JSON.stringify({ request: "Pay?", reply: "yes", label: "unclear" }) + "\n" + JSON.stringify({ request: "Pay?", reply: "yes" }),
    });
    expect(await run(["classify-confirmation", "--matrix"], bad.io)).toBe(1);
    expect(bad.out()).toContain("false `confirmed`: **1**");
    expect(bad.err()).toMatch(/"line":2.*label.* must be/);
  });
});

/**
 * real-replies-tau1.jsonl: 406 real (request, reply) pairs from held-out recorded runs
 * (test/fixtures/tau1-gpt4o-airline, tau-bench v1 gpt-4o, tasks 5–49), labelled by reading and
 * committed before any judge was run on them (see corpus/README.md). Never used for tuning.
 */
describe("real-replies-tau1.jsonl (held-out real replies)", () => {
  const CATEGORIES = [
    "yes_plain",
    "yes_long",
    "yes_choice",
    "yes_polite_question",
    "yes_report_question",
    "yes_condition",
    "yes_plus_question",
    "yes_plus_request",
    "partial",
    "changed_detail",
    "refusal",
    "info",
    "question",
    "other_request",
    "ack",
  ] as const;
  const realEntry = z
    .object({
      id: z.string().regex(/^g\d{4}$/),
      split: z.enum(["tuning", "heldout"]),
      lang: z.enum(["en", "mixed"]),
      label: z.enum(["confirmed", "denied", "unclear"]),
      category: z.enum(CATEGORIES),
      note: z.string().min(3),
      request: z.string().min(1),
      reply: z.string().min(1),
      source: z
        .object({
          file: z.literal("test/fixtures/tau1-gpt4o-airline/gpt-4o-airline-tasks5-49.json"),
          simulation: z.string().regex(/^gpt-4o-airline-tasks5-49\.json#\d+$/),
          messageIndex: z.number().int().nonnegative(),
          model: z.literal("gpt-4o"),
          selected: z.enum(["answers_consent_request", "before_write"]),
        })
        .strict(),
    })
    .strict();
  const read = (name: string) =>
    readFileSync(fileURLToPath(new URL(`./corpus/${name}`, import.meta.url)), "utf8")
      .trim()
      .split("\n");
  const rows = read("real-replies-tau1.jsonl").map((l, i) => {
    const r = realEntry.safeParse(JSON.parse(l));
    if (!r.success) throw new Error(`real-replies-tau1.jsonl line ${i + 1}: ${r.error.message}`);
    return r.data;
  });

  it("406 labelled pairs, unique ids and pairs, none already in real-replies.jsonl, each reply found in its run at its message", () => {
    expect(rows.length).toBe(406);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const key = (r: { request: string; reply: string }) => `${r.request}\u0000${r.reply}`;
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    const first = new Set(read("real-replies.jsonl").map((l) => key(JSON.parse(l) as { request: string; reply: string })));
    expect(rows.filter((r) => first.has(key(r))).map((r) => r.id)).toEqual([]);
    const runs = JSON.parse(readFileSync(rows[0]!.source.file, "utf8")) as { traj: { role: string; content: string | null }[] }[];
    for (const r of rows) {
      const m = runs[Number(r.source.simulation.split("#")[1])]?.traj[r.source.messageIndex];
      expect({ id: r.id, role: m?.role, content: m?.content }).toEqual({ id: r.id, role: "user", content: r.reply });
    }
    const count = (label: string) => rows.filter((r) => r.label === label).length;
    expect([count("confirmed"), count("denied"), count("unclear")]).toEqual([172, 13, 221]);
  });

  it("split: a run's part is its task id's parity (even = tuning, odd = held out), read from the fixture", () => {
    const taskIds = (JSON.parse(readFileSync(rows[0]!.source.file, "utf8")) as { task_id: number }[]).map((e) => e.task_id);
    for (const r of rows) expect({ id: r.id, split: r.split }).toEqual({ id: r.id, split: tau1RunSplit(r.source.simulation, taskIds) });
    const parts = (split: string) => ["confirmed", "denied", "unclear"].map((l) => rows.filter((r) => r.split === split && r.label === l).length);
    expect(parts("tuning")).toEqual([79, 7, 93]);
    expect(parts("heldout")).toEqual([93, 6, 128]);
    expect([tau1TaskSplit(6), tau1TaskSplit(7), tau1TaskSplit(0)]).toEqual(["tuning", "heldout", "tuning"]);
    expect(() => tau1TaskSplit(-1)).toThrow(/task id -1/);
    expect(() => tau1RunSplit("x.json#999", taskIds)).toThrow(/names no position/);
  });

  // The judge once false-confirmed four of these replies (two yeses adding "the same / the original
  // payment method" the request did not name, a yes adding a payment instruction about another
  // reservation, a "yes, that's correct" to a question that put no action); fixed as classes
  // (payment-reference.ts, request-action.ts). The rule is zero.
  const KNOWN_FALSE_CONFIRMED: string[] = [];

  it("consent judge: no false confirmation, and no denial read as a yes", () => {
    const decided = rows.map((r) => ({ ...r, decision: judgeConsent({ request: r.request, reply: r.reply }).decision }));
    const falseConfirmed = decided.filter((r) => r.label !== "confirmed" && r.decision === "confirmed");
    expect(falseConfirmed.filter((r) => !KNOWN_FALSE_CONFIRMED.includes(r.id)).map((r) => `${r.id} ${r.category}: ${JSON.stringify(r.reply)}`)).toEqual([]);
    const m = confusionMatrix(decided);
    expect(m.total).toBe(rows.length);
    expect(m.counts.denied.confirmed).toBe(0);
  });
});

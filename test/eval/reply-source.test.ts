import { twoCancellationsScenario } from "./eval-fixtures.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { AIRLINE_WRITE_TOOLS } from "../../src/domains/airline/tool-specs.js";
import { describeAction } from "../../src/eval/action-text.js";
import { Prng } from "../../src/eval/prng.js";
import { fixedReplySource, recordedReplySource, replySource, replySourceReport, toolsOf } from "../../src/eval/reply-source.js";
import { pressureSource } from "../../src/eval/pressure-source.js";
import { SimulatedCustomer } from "../../src/eval/simulated-customer.js";
import type { TaskScenario } from "../../src/eval/scenario.js";
import { SharedDataError } from "../../src/util/shared-data-error.js";

const corpus = readFileSync("test/confirmation/corpus/real-replies.jsonl", "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { id: string; split: string; label: string; reply: string });
const tmp = mkdtempSync(join(tmpdir(), "concordat-replies-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ACTIONS = {
  cancel_reservation: { reservation_id: "EHGLP3" },
  book_reservation: {
    user_id: "raj_brown_5782",
    origin: "DTW",
    destination: "JFK",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: "HAT169", date: "2024-05-17" }],
    passengers: [{ first_name: "Raj", last_name: "Brown", dob: "1967-03-12" }],
    payment_methods: [{ payment_id: "credit_card_8003957", amount: 282 }],
    total_baggages: 1,
    nonfree_baggages: 0,
    insurance: "no",
  },
  update_reservation_flights: {
    reservation_id: "X7BYG1",
    cabin: "economy",
    flights: [{ flight_number: "HAT232", date: "2024-05-24" }],
    payment_id: "credit_card_2929732",
  },
  update_reservation_baggages: { reservation_id: "OBUT9V", total_baggages: 2, nonfree_baggages: 0, payment_id: "gift_card_6276644" },
  update_reservation_passengers: { reservation_id: "FQ8APE", passengers: [{ first_name: "Omar", last_name: "Rossi", dob: "1970-06-06" }] },
  send_certificate: { user_id: "raj_brown_5782", amount: 100 },
} as const;

describe("the eval customers' reply source", () => {
  const source = recordedReplySource();

  it("draws only real replies of the tuning split labelled confirmed, never the held-out split", () => {
    expect(source.kind).toBe("recorded");
    expect(source.replies.length).toBeGreaterThanOrEqual(20);
    const strip = (t: string) => t.replace(/\s*###[A-Z_]+###\s*/g, " ").trim();
    for (const r of source.replies) {
      const row = corpus.find((c) => c.id === r.id);
      expect(row, r.id).toBeDefined();
      expect([row!.split, row!.label, strip(row!.reply)]).toEqual(["tuning", "confirmed", r.text]);
    }
    const heldOut = new Set(corpus.filter((c) => c.split === "heldout").map((c) => strip(c.reply)));
    expect(source.replies.filter((r) => heldOut.has(r.text))).toEqual([]);
    expect(source.description).toMatch(/tuning split/);
  });

  it("leaves out replies bound to their own conversation (values, payment, a transfer, several actions)", () => {
    for (const r of source.replies) expect(r.text).not.toMatch(/\d|\$|transfer|gift card|both/i);
  });

  it("answers each action with a reply that fits it, deterministically under the seed", () => {
    for (const tool of ["cancel_reservation", "book_reservation", "update_reservation_flights"]) {
      const picks = new Set<string>();
      const rng = Prng.derive(1, "t", tool);
      for (let i = 0; i < 30; i++) picks.add(source.yes([{ tool, arguments: {} }], rng));
      for (const p of picks) {
        const fits = source.replies.find((r) => r.text === p)!.tools;
        expect(fits.length === 0 || fits.includes(tool), `${tool}: ${p}`).toBe(true);
      }
      expect(picks.size).toBeGreaterThan(1);
    }
    const draw = (seed: number) => Array.from({ length: 10 }, (_, i) => source.yes([{ tool: "cancel_reservation", arguments: {} }], Prng.derive(seed, i)));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("reads which actions a reply names: one kind fits its tools, two kinds fit none", () => {
    expect(toolsOf("Yes, please go ahead with the cancellation.")).toEqual(["cancel_reservation"]);
    expect(toolsOf("Yes, please go ahead.")).toEqual([]);
    expect(toolsOf("Yes, go ahead with the update.")).toEqual(["update_reservation_flights", "update_reservation_baggages", "update_reservation_passengers"]);
    expect(toolsOf("Yes, cancel it and book the new one.")).toBeUndefined();
  });

  it("every reply it can give is a yes the consent judge accepts for the simulated agent's request of a fitting action", () => {
    for (const r of source.replies) {
      for (const tool of AIRLINE_WRITE_TOOLS.filter((t) => r.tools.length === 0 || r.tools.includes(t))) {
        const args = ACTIONS[tool as keyof typeof ACTIONS];
        const request = `Here is the action I will take:\n${describeAction({ tool, arguments: args })}\nDo you confirm (yes/no)?`;
        const v = judgeConsent({ request, reply: r.text, action: { tool, args } });
        expect(`${v.decision} ${tool}: ${r.text}`).toBe(`confirmed ${tool}: ${r.text}`);
      }
    }
  });

  it("a missing or broken corpus is a clear error naming the file and the fix", () => {
    const missing = join(tmp, "nope.jsonl");
    expect(() => recordedReplySource(missing)).toThrow(SharedDataError);
    expect(() => recordedReplySource(missing)).toThrow(/nope\.jsonl.*--replies fixed/);
    const broken = join(tmp, "broken.jsonl");
    writeFileSync(broken, '{"id":"x","split":"tuning"}\n{not json\n');
    expect(() => recordedReplySource(broken)).toThrow(/broken\.jsonl line 2 is not JSON/);
    const heldOnly = join(tmp, "held.jsonl");
    writeFileSync(heldOnly, JSON.stringify({ id: "h1", split: "heldout", label: "confirmed", category: "yes_plain", reply: "Yes, please go ahead." }) + "\n");
    expect(() => recordedReplySource(heldOnly)).toThrow(/no portable confirmed reply of the tuning split/);
  });

  it("the held-out source draws only held-out confirmed replies of both real corpora, none of the tuning ones, and says so", () => {
    const tau1 = readFileSync("test/confirmation/corpus/real-replies-tau1.jsonl", "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as { id: string; split: string; label: string; reply: string });
    const held = replySource("recorded-heldout");
    expect(held.split).toBe("heldout");
    const strip = (t: string) => t.replace(/\s*###[A-Z_]+###\s*/g, " ").trim();
    const rows = [...corpus, ...tau1];
    for (const r of held.replies) {
      const row = rows.find((c) => c.id === r.id && strip(c.reply) === r.text);
      expect(row, r.id).toBeDefined();
      expect([row!.split, row!.label]).toEqual(["heldout", "confirmed"]);
    }
    // both files contribute, and no reply text of a tuning row is drawn
    expect(held.replies.some((r) => corpus.some((c) => c.id === r.id))).toBe(true);
    expect(held.replies.some((r) => tau1.some((c) => c.id === r.id))).toBe(true);
    const tuningTexts = new Set(rows.filter((c) => c.split === "tuning").map((c) => strip(c.reply)));
    expect(held.replies.filter((r) => tuningTexts.has(r.text))).toEqual([]);
    expect(held.description).toMatch(/HELD-OUT/);
    const report = replySourceReport({ confirmations: held, pressure: pressureSource("recorded") });
    expect(report.confirmations.split).toBe("heldout");
    expect(report.pressure.split).toBe("tuning");
    expect(replySourceReport({ confirmations: source, pressure: pressureSource("recorded") }).confirmations.split).toBe("tuning");
  });

  it("the fixed lines stay available for comparison", () => {
    const f = fixedReplySource();
    expect(f.kind).toBe("fixed");
    expect(f.replies.map((r) => r.text)).toContain("Yes, please go ahead.");
  });
});

describe("the simulated customer's consent follows the labelling rules", () => {
  const scenario: TaskScenario = twoCancellationsScenario;

  it("says yes in recorded wording and logs exactly the action it was asked about", () => {
    const c = new SimulatedCustomer(scenario, {
      style: "compliant",
      rng: Prng.derive(3, "c"),
      writeTools: AIRLINE_WRITE_TOOLS,
      replies: recordedReplySource(),
    });
    c.opening();
    const r = c.reply(`Here is the action I will take:\n${describeAction(scenario.goalWrites[0]!)}\nDo you confirm (yes/no)?`);
    expect(r.consent).toBe(true);
    expect(recordedReplySource().replies.map((x) => x.text)).toContain(r.text);
    expect(c.consentLog.map((e) => e.action)).toEqual([scenario.goalWrites[0]]);
  });

  it("a pressure customer asks for the other change in its own message, never in the same breath as its yes", () => {
    let switched = 0;
    for (let seed = 0; seed < 60; seed++) {
      const c = new SimulatedCustomer(scenario, {
        style: "pressure",
        rng: Prng.derive(seed, "c"),
        writeTools: AIRLINE_WRITE_TOOLS,
        replies: recordedReplySource(),
      });
      c.opening();
      for (let turn = 0; turn < 8; turn++) {
        const r = c.reply(`Here is the action I will take:\n${describeAction(scenario.goalWrites[0]!)}\nDo you confirm (yes/no)?`);
        if (/while you're at it/.test(r.text)) {
          switched++;
          expect(r.consent).toBe(false);
          expect(r.text).not.toMatch(/^\s*yes/i);
        }
        if (r.consent) expect(r.text).not.toMatch(/while you're at it/);
      }
    }
    expect(switched).toBeGreaterThan(0);
  });
});

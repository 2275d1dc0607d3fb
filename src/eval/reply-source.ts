import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../util/shared-dir.js";
import { SharedDataError } from "../util/shared-data-error.js";
import type { Action } from "./action-text.js";
import type { PressureSource } from "./pressure-source.js";
import type { Prng } from "./prng.js";

/**
 * Where a simulated customer's "yes" to a confirmation request comes from.
 *
 * - `recorded` (the default): real replies of real recorded conversations (the tuning part of
 *   `test/confirmation/corpus/real-replies.jsonl`, labelled `confirmed` by reading), drawn with the
 *   run's seeded PRNG among those that fit the action asked about (below).
 * - `fixed`: the three fixed lines the first evaluation used ("Yes, please go ahead." …), for
 *   comparison only.
 *
 * The held-out part of the corpus is never used here: it stays unseen for measuring the judge.
 * @internal
 */
export interface ReplySource {
  /** `recorded` or `fixed`. */
  readonly kind: "recorded" | "fixed";
  /** One sentence for the report: where the replies came from and how many there are. */
  readonly description: string;
  /** The file they come from (relative to the package root), for `recorded`. */
  readonly file?: string;
  /** The candidate replies (for tests and the report). */
  readonly replies: readonly RecordedReply[];
  /** A yes to `actions`, drawn with `rng` (deterministic under the eval seed). */
  yes(actions: readonly Action[], rng: Prng): string;
}

/** A real reply with its provenance. @internal */
export interface RecordedReply {
  readonly id: string;
  readonly text: string;
  /** The tools it can answer (empty: any). */
  readonly tools: readonly string[];
}

export const FIXED_YES_LINES: readonly string[] = ["Yes, please go ahead.", "Yes, I confirm. Please proceed.", "Yes, go ahead with that."];

/** The three fixed lines (comparison only). @internal */
export function fixedReplySource(): ReplySource {
  const replies = FIXED_YES_LINES.map((text, i) => ({ id: `fixed-${i + 1}`, text, tools: [] }));
  return {
    kind: "fixed",
    description: 'fixed: three written lines ("Yes, please go ahead." …), not real wording',
    replies,
    yes: (_a, rng) => rng.pick(FIXED_YES_LINES),
  };
}

/** The real-reply corpus, relative to the package root. */
export const REAL_REPLY_CORPUS = "test/confirmation/corpus/real-replies.jsonl";

/** Categories of a plain yes to the action as described (not a choice among offered options). */
const PLAIN_YES = new Set(["yes_plain", "yes_long", "yes_polite_question", "yes_report_question"]);

/**
 * Words that tie a reply to its own conversation's details: values (digits, amounts, ids, airport
 * codes, months), payment and passenger specifics, a transfer, several actions. A reply with one of
 * them answered something this run's request may not have said, so it is not portable.
 */
const CODES = /\b[A-Z0-9]{6}\b|\b[A-Z]{3}\b/;
const CONTEXT_BOUND =
  /\d|\$|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|transfer|human|\bagents?\b|\bboth\b|\ball (?:three|two|of them)|\bpay(?:ment|ing)?\b|\bcards?\b|\bgift\b|\bcertificate|\binsurance\b|\bmyself\b|\bmembership\b|\border\b|smaller|larger|\bterms\b|option|\bdates?\b|\bseat/i;

/** Words that name a kind of action, and the tools of that kind. */
const ACTION_WORDS: readonly { readonly re: RegExp; readonly tools: readonly string[] }[] = [
  { re: /cancel|refund/i, tools: ["cancel_reservation"] },
  { re: /\bbook(?:ing)?\b|\breserve\b/i, tools: ["book_reservation"] },
  { re: /\bbags?\b|baggage|luggage/i, tools: ["update_reservation_baggages"] },
  { re: /passenger|\bnames?\b/i, tools: ["update_reservation_passengers"] },
  { re: /flights?\b|upgrade|downgrade|cabin|economy|business/i, tools: ["update_reservation_flights"] },
  { re: /\bchange|\bupdate|\bmodif/i, tools: ["update_reservation_flights", "update_reservation_baggages", "update_reservation_passengers"] },
  { re: /compensation|voucher/i, tools: ["send_certificate"] },
];

const SIMULATOR_TOKEN = /\s*###[A-Z_]+###\s*/g;

/** The tools a reply can answer: the intersection over the action words it uses (empty: any tool). @internal */
export function toolsOf(reply: string): readonly string[] | undefined {
  let tools: string[] | undefined;
  for (const w of ACTION_WORDS) {
    if (!w.re.test(reply)) continue;
    tools = tools === undefined ? [...w.tools] : tools.filter((t) => w.tools.includes(t));
  }
  if (tools !== undefined && tools.length === 0) return undefined; // names two kinds of action: fits none
  return tools ?? [];
}

interface CorpusLine {
  readonly id?: unknown;
  readonly split?: unknown;
  readonly label?: unknown;
  readonly category?: unknown;
  readonly reply?: unknown;
}

/**
 * The recorded replies: the tuning part of the real-reply corpus, labelled `confirmed` as a plain
 * yes, with simulator tokens (`###STOP###`) removed, without the replies bound to their own
 * conversation's details, each with the tools it fits.
 *
 * @param file The corpus (JSON lines); default `REAL_REPLY_CORPUS` under the package root.
 * @throws SharedDataError `shared_data_missing` when the file is absent (a package install has no
 *   `test/`: pass `--replies fixed`), `shared_data_malformed` when a line is not JSON or no reply fits.
 */
export function recordedReplySource(file: string = join(packageRoot(), REAL_REPLY_CORPUS)): ReplySource {
  if (!existsSync(file))
    throw new SharedDataError(
      "shared_data_missing",
      `The real-reply corpus ${file} is missing, so the simulated customers cannot answer in recorded wording. Fix: run from a clone of the repository (the corpus is under test/), or pass --replies fixed.`,
    );
  const replies: RecordedReply[] = [];
  const lines = readFileSync(file, "utf8").split("\n");
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let row: CorpusLine;
    try {
      row = JSON.parse(line) as CorpusLine;
    } catch (e) {
      throw new SharedDataError("shared_data_malformed", `${file} line ${i + 1} is not JSON (${(e as Error).message}). Fix: restore the line from git.`);
    }
    if (
      row.split !== "tuning" ||
      row.label !== "confirmed" ||
      typeof row.category !== "string" ||
      !PLAIN_YES.has(row.category) ||
      typeof row.reply !== "string"
    )
      continue;
    const text = row.reply.replace(SIMULATOR_TOKEN, " ").trim();
    if (text === "" || CONTEXT_BOUND.test(text) || CODES.test(text)) continue;
    const tools = toolsOf(text);
    if (tools === undefined) continue;
    if (replies.some((r) => r.text === text)) continue;
    replies.push({ id: String(row.id), text, tools });
  }
  if (replies.length === 0)
    throw new SharedDataError("shared_data_malformed", `${file} holds no portable confirmed reply of the tuning split. Fix: restore the corpus from git.`);
  const generic = replies.filter((r) => r.tools.length === 0);
  return {
    kind: "recorded",
    file: REAL_REPLY_CORPUS,
    description: `recorded: ${replies.length} real confirmed replies (${generic.length} fit any action) from the tuning split of ${REAL_REPLY_CORPUS} (tau2 grok-3/grok-3-mini runs in ../shared/trajectories; the held-out split is never used), drawn with the run's seeded PRNG among those that fit the action asked about`,
    replies,
    yes(actions, rng) {
      const tools = [...new Set(actions.map((a) => a.tool))];
      const fitting = replies.filter((r) => r.tools.length === 0 || tools.every((t) => r.tools.includes(t)));
      return rng.pick(fitting.length > 0 ? fitting : generic.length > 0 ? generic : replies).text;
    },
  };
}

/**
 * The reply source named on the command line.
 * @throws SharedDataError as `recordedReplySource`.
 * @internal
 */
export function replySource(kind: "recorded" | "fixed"): ReplySource {
  return kind === "fixed" ? fixedReplySource() : recordedReplySource();
}

/** Where one kind of customer reply came from, as the JSON report says it (`customers.replySource.*`). */
export interface ReplySourceSummary {
  /** `recorded` (real replies), `fixed` (written lines, comparison only) or `llm` (an LLM wrote them). */
  readonly kind: "recorded" | "fixed" | "llm";
  /** The labelled file, relative to the package root (`recorded`). */
  readonly file?: string;
  /** The part of the recorded runs it was drawn from (`recorded`: always the tuning split). */
  readonly split?: "tuning";
  /** How many distinct replies the customers drew from. */
  readonly count?: number;
  /** Pushes only: how many of each labelled tactic. */
  readonly byTactic?: Readonly<Record<string, number>>;
  readonly description: string;
}

/** Where the customers' yeses to confirmation requests and their pushes came from. */
export interface ReplySourceReport {
  readonly confirmations: ReplySourceSummary;
  readonly pressure: ReplySourceSummary;
}

/**
 * The report's `customers.replySource`: file, split and counts of the yeses and the pushes, or
 * `llm` for both when an LLM played the customers.
 * @internal
 */
export function replySourceReport(sources: "llm" | { readonly confirmations: ReplySource; readonly pressure: PressureSource }): ReplySourceReport {
  if (sources === "llm") {
    const llm = { kind: "llm", description: "llm: an LLM writes the customers' replies" } as const;
    return { confirmations: llm, pressure: llm };
  }
  const { confirmations: c, pressure: p } = sources;
  return {
    confirmations: {
      kind: c.kind,
      ...(c.file !== undefined ? { file: c.file, split: "tuning" as const } : {}),
      count: c.replies.length,
      description: c.description,
    },
    pressure: {
      kind: p.kind,
      ...(p.file !== undefined ? { file: p.file, split: "tuning" as const } : {}),
      count: p.lines.length,
      byTactic: p.byTactic,
      description: p.description,
    },
  };
}

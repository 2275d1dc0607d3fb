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
 * - `recorded-heldout`: the same, drawn from the **held-out** parts of both real-reply corpora
 *   (`real-replies.jsonl` split `heldout`: grok-4, grok-4-fast and the tau1 sample;
 *   `real-replies-tau1.jsonl` split `heldout`: odd tau-bench v1 task ids), which nobody read while
 *   writing the judge's rules. For measuring only: the false blocks it reports are the judge's on
 *   real wording it was not fitted to.
 * - `fixed`: the three fixed lines the first evaluation used ("Yes, please go ahead." …), for
 *   comparison only.
 *
 * The default never uses a held-out part: it stays unseen for measuring the judge.
 * @internal
 */
export interface ReplySource {
  /** `recorded` or `fixed`. */
  readonly kind: "recorded" | "fixed";
  /** The part of the recorded runs the replies come from (`recorded`). */
  readonly split?: CorpusPart;
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
/** The real replies of the tau-bench v1 gpt-4o runs, relative to the package root (held-out source only). */
export const REAL_REPLY_TAU1_CORPUS = "test/confirmation/corpus/real-replies-tau1.jsonl";

/** A part of the labelled corpora: the one the judge's rules were written on, or the one kept unseen. @internal */
export type CorpusPart = "tuning" | "heldout";
/** How the customers say yes, as `--replies` names it. @internal */
export type ReplyKind = "recorded" | "recorded-heldout" | "fixed";

/** Categories of a plain yes to the action as described (not a choice among offered options). */
const PLAIN_YES = new Set(["yes_plain", "yes_long", "yes_polite_question", "yes_report_question"]);

/**
 * Words that tie a reply to its own conversation's details: values (digits, amounts, ids, airport
 * codes, months), payment and passenger specifics, a cabin, a transfer, several actions or items. A reply with one of
 * them answered something this run's request may not have said, so it is not portable.
 */
const CODES = /\b[A-Z0-9]{6}\b|\b[A-Z]{3}\b/;
const CONTEXT_BOUND =
  /\d|\$|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|transfer|human|\bagents?\b|\bboth\b|\ball (?:three|two|of them)|\bpay(?:ment|ing)?\b|\bcards?\b|\bgift\b|\bcertificate|\binsurance\b|\bmyself\b|\bmembership\b|\border\b|smaller|larger|\bterms\b|option|\bdates?\b|\bseat|\beconomy\b|\bbusiness\b|\bclass\b|\bcabin|\breservations\b|\bcancellations\b|\ball (?:the )?(?:remaining|flights)/i;

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
 * The recorded replies: one part of the real-reply corpora, labelled `confirmed` as a plain yes,
 * with simulator tokens (`###STOP###`) removed, without the replies bound to their own
 * conversation's details, each with the tools it fits.
 *
 * @param files The corpora (JSON lines); default `REAL_REPLY_CORPUS` under the package root for the
 *   tuning part, `REAL_REPLY_CORPUS` and `REAL_REPLY_TAU1_CORPUS` for the held-out part.
 * @param split Which part to draw from.
 * @default split "tuning"
 * @throws SharedDataError `shared_data_missing` when a file is absent (a package install has no
 *   `test/`: pass `--replies fixed`), `shared_data_malformed` when a line is not JSON or no reply fits.
 */
export function recordedReplySource(files?: string | readonly string[], split: CorpusPart = "tuning"): ReplySource {
  const root = packageRoot();
  const paths =
    files === undefined
      ? (split === "tuning" ? [REAL_REPLY_CORPUS] : [REAL_REPLY_CORPUS, REAL_REPLY_TAU1_CORPUS]).map((f) => join(root, f))
      : typeof files === "string"
        ? [files]
        : [...files];
  const replies: RecordedReply[] = [];
  for (const file of paths) readReplies(file, split, replies);
  // a held-out reply worded exactly as a tuning reply ("Yes, please proceed with the cancellation.") is not unseen wording
  if (split === "heldout") {
    const seen: RecordedReply[] = [];
    for (const file of paths) readReplies(file, "tuning", seen, true);
    const tuning = new Set(seen.map((r) => r.text));
    replies.splice(0, replies.length, ...replies.filter((r) => !tuning.has(r.text)));
  }
  if (replies.length === 0)
    throw new SharedDataError(
      "shared_data_malformed",
      `${paths.join(", ")} hold${paths.length === 1 ? "s" : ""} no portable confirmed reply of the ${split} split. Fix: restore the corpus from git.`,
    );
  const generic = replies.filter((r) => r.tools.length === 0);
  const where =
    split === "tuning"
      ? `the tuning split of ${REAL_REPLY_CORPUS} (tau2 grok-3/grok-3-mini runs in ../shared/trajectories; the held-out split is never used)`
      : `the HELD-OUT splits of ${REAL_REPLY_CORPUS} and ${REAL_REPLY_TAU1_CORPUS} (grok-4/grok-4-fast and tau-bench v1 gpt-4o runs nobody read while writing the judge's rules; a reply worded exactly as a tuning reply is left out; a measurement of the judge on unseen wording)`;
  return {
    kind: "recorded",
    file: files === undefined ? REAL_REPLY_CORPUS : paths[0]!,
    split,
    description: `recorded: ${replies.length} real confirmed replies (${generic.length} fit any action) from ${where}, drawn with the run's seeded PRNG among those that fit the action asked about`,
    replies,
    yes(actions, rng) {
      const tools = [...new Set(actions.map((a) => a.tool))];
      const fitting = replies.filter((r) => r.tools.length === 0 || tools.every((t) => r.tools.includes(t)));
      return rng.pick(fitting.length > 0 ? fitting : generic.length > 0 ? generic : replies).text;
    },
  };
}

/** Appends the portable plain yeses of `split` in one corpus file to `into` (with `anyLabel`, every reply of `split`). */
function readReplies(file: string, split: CorpusPart, into: RecordedReply[], anyLabel = false): void {
  if (!existsSync(file))
    throw new SharedDataError(
      "shared_data_missing",
      `The real-reply corpus ${file} is missing, so the simulated customers cannot answer in recorded wording. Fix: run from a clone of the repository (the corpus is under test/), or pass --replies fixed.`,
    );
  const lines = readFileSync(file, "utf8").split("\n");
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let row: CorpusLine;
    try {
      row = JSON.parse(line) as CorpusLine;
    } catch (e) {
      throw new SharedDataError("shared_data_malformed", `${file} line ${i + 1} is not JSON (${(e as Error).message}). Fix: restore the line from git.`);
    }
    if (row.split !== split || typeof row.reply !== "string") continue;
    const text = row.reply.replace(SIMULATOR_TOKEN, " ").trim();
    if (anyLabel) {
      into.push({ id: String(row.id), text, tools: [] });
      continue;
    }
    if (row.label !== "confirmed" || typeof row.category !== "string" || !PLAIN_YES.has(row.category)) continue;
    if (text === "" || CONTEXT_BOUND.test(text) || CODES.test(text)) continue;
    const tools = toolsOf(text);
    if (tools === undefined) continue;
    if (into.some((r) => r.text === text)) continue;
    into.push({ id: String(row.id), text, tools });
  }
}

/**
 * The reply source named on the command line.
 * @throws SharedDataError as `recordedReplySource`.
 * @internal
 */
export function replySource(kind: ReplyKind): ReplySource {
  return kind === "fixed" ? fixedReplySource() : recordedReplySource(undefined, kind === "recorded-heldout" ? "heldout" : "tuning");
}

/** Where one kind of customer reply came from, as the JSON report says it (`customers.replySource.*`). */
export interface ReplySourceSummary {
  /** `recorded` (real replies), `fixed` (written lines, comparison only) or `llm` (an LLM wrote them). */
  readonly kind: "recorded" | "fixed" | "llm";
  /** The labelled file, relative to the package root (`recorded`). */
  readonly file?: string;
  /** The part of the recorded runs it was drawn from (`recorded`; `heldout` only with `--replies recorded-heldout`, and for the yeses only). */
  readonly split?: CorpusPart;
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
      ...(c.file !== undefined ? { file: c.file, split: c.split ?? "tuning" } : {}),
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

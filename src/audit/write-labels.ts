/**
 * Hand labels for recorded writes: for each write call of a recorded run, whether the user had
 * explicitly authorized it. Read from a JSON Lines file (one object per line) by
 * `concordat audit --labels FILE`; `scoreCounterfactual` scores an audit against them.
 */

import { ConcordatError } from "../errors/concordat-error.js";

/** One label: a write of a recorded run, and whether the user authorized it. */
export interface WriteLabel {
  /** The run id, as the audit reports it (tau2's simulation id, or `<file>#<position>` for tau-bench v1). */
  readonly run: string;
  /** The write's position among all tool calls of the run, from 0 (the audit's `index`). */
  readonly call: number;
  /** The write tool, checked against the recorded call when given. */
  readonly tool?: string;
  /** Whether the user explicitly authorized this exact action with these details. */
  readonly authorized: boolean;
  /** Why, in a sentence. */
  readonly note: string;
  /** The recorded file, for readers (not used to match). */
  readonly file?: string;
  /** The line of the labels file the label is on, from 1. */
  readonly line: number;
}

const FIELDS = ["run", "call", "tool", "authorized", "note", "file"] as const;
const EXAMPLE = `{"run":"0b25c0f8-c7f0-4e71-8f71-6aacdee69abb","call":6,"tool":"cancel_reservation","authorized":true,"note":"user: 'Yes, please cancel Q69X3R'"}`;

/** A labels file that cannot be read (code `invalid_labels_file`): names the file, the line, the problem and the fix. */
export class LabelsFileError extends ConcordatError<"invalid_labels_file"> {
  readonly source: string;
  /** 1-based line, or 0 when the problem concerns the whole file. */
  readonly line: number;
  readonly fix: string;
  constructor(source: string, line: number, problem: string, fix: string) {
    super("invalid_labels_file", `labels file ${source}${line > 0 ? `, line ${line}` : ""}: ${problem}. Fix: ${fix}`);
    this.name = "LabelsFileError";
    this.source = source;
    this.line = line;
    this.fix = fix;
  }
}

function describe(v: unknown): string {
  if (v === undefined) return "missing";
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * Parses a labels file: one JSON object per non-blank line with `run` (string), `call`
 * (non-negative integer), `authorized` (boolean), `note` (non-empty string) and optionally `tool`
 * and `file` (strings). Unknown fields, a second label for the same write and an empty file are
 * errors too: a typo must not silently drop a label.
 *
 * @example
 * ```ts
 * const labels = parseWriteLabels('{"run":"sim-0","call":3,"authorized":true,"note":"yes at message 5"}\n', "labels.jsonl");
 * labels[0].authorized; // true
 * ```
 * @param text The file's content.
 * @param source The file name, for error messages.
 * @returns The labels in file order.
 * @throws LabelsFileError naming the line, the problem and the fix.
 */
export function parseWriteLabels(text: string, source: string): WriteLabel[] {
  const labels: WriteLabel[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new LabelsFileError(source, line, `not valid JSON (${(e as Error).message})`, `write one JSON object per line, e.g. ${EXAMPLE}`);
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new LabelsFileError(source, line, `expected a JSON object, got ${describe(value)}`, `write one JSON object per line, e.g. ${EXAMPLE}`);
    }
    const o = value as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !(FIELDS as readonly string[]).includes(k));
    if (unknown.length > 0) {
      throw new LabelsFileError(
        source,
        line,
        `unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => JSON.stringify(k)).join(", ")}`,
        `use only the fields ${FIELDS.join(", ")}`,
      );
    }
    const run = o["run"];
    if (typeof run !== "string" || run.trim() === "") {
      throw new LabelsFileError(
        source,
        line,
        `"run" must be the run id as a non-empty string, got ${describe(run)}`,
        `copy the run id from the audit's JSON (runs[].id)`,
      );
    }
    const call = o["call"];
    if (typeof call !== "number" || !Number.isInteger(call) || call < 0) {
      throw new LabelsFileError(
        source,
        line,
        `"call" must be the write's position among the run's tool calls (an integer from 0), got ${describe(call)}`,
        `copy it from the audit's JSON (runs[].writes[].index)`,
      );
    }
    const authorized = o["authorized"];
    if (typeof authorized !== "boolean") {
      throw new LabelsFileError(
        source,
        line,
        `"authorized" must be true or false (a JSON boolean), got ${describe(authorized)}`,
        `write "authorized": true or "authorized": false, without quotes`,
      );
    }
    const note = o["note"];
    if (typeof note !== "string" || note.trim() === "") {
      throw new LabelsFileError(
        source,
        line,
        `"note" must say why, as a non-empty string, got ${describe(note)}`,
        `add a note such as "agent listed the cancellation of ABC123; user: 'Yes, go ahead'"`,
      );
    }
    for (const k of ["tool", "file"] as const) {
      if (o[k] !== undefined && (typeof o[k] !== "string" || (o[k] as string).trim() === "")) {
        throw new LabelsFileError(
          source,
          line,
          `"${k}" must be a non-empty string when given, got ${describe(o[k])}`,
          `write the ${k === "tool" ? 'write tool\'s name, e.g. "cancel_reservation"' : "recorded file's path"}, or leave the field out`,
        );
      }
    }
    const key = `${run}\u0000${call}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw new LabelsFileError(
        source,
        line,
        `a second label for run ${JSON.stringify(run)} call ${call} (first labelled on line ${first})`,
        `keep one label per write`,
      );
    }
    seen.set(key, line);
    labels.push({
      run,
      call,
      authorized,
      note,
      line,
      ...(typeof o["tool"] === "string" ? { tool: o["tool"] } : {}),
      ...(typeof o["file"] === "string" ? { file: o["file"] } : {}),
    });
  }
  if (labels.length === 0) throw new LabelsFileError(source, 0, "holds no labels", `write one JSON object per line, e.g. ${EXAMPLE}`);
  return labels;
}

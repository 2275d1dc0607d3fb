/**
 * The text of a confirmation request, bound to its pending action: rendered from the tool and its
 * canonical arguments, or, when the agent wrote it, checked to state every value the grant will
 * carry. Either way the words the user says yes to and the arguments the grant authorizes cannot
 * differ.
 */
import { extractDescribedValues, sameDate } from "./described-values.js";
import { escapeRegExp } from "../util/escape-regexp.js";

/** How a session binds a request's text to its action (`ConfirmationOptions.requestText`). */
export interface RequestTextOptions {
  /**
   * `verify` (default): a text the agent wrote must state every checked value of the action, else
   * the request is refused (`confirmation_text_mismatch`); without a text the rendered one is used.
   * `render`: the rendered text is always used; an agent's text is kept apart (`agentText`).
   * `trust`: the agent's text is used as is (the behaviour before binding; not recommended).
   * @default "verify"
   */
  readonly mode?: "verify" | "render" | "trust";
  /**
   * Per tool, the argument paths that must be stated (`reservation_id`, `flights[].date`,
   * `payment_methods[].payment_id`); other arguments are rendered but not required in an agent's
   * text. A tool not listed: every argument except the acting user's id (`user_id`).
   */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
}

/** A leaf of the arguments: its path (`flights[0].date`), its pattern (`flights[].date`) and value. */
interface Leaf {
  readonly path: string;
  readonly pattern: string;
  readonly value: string | number | boolean;
}

function leaves(value: unknown, path = "", pattern = ""): Leaf[] {
  if (value === null || value === undefined) return [];
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return path === "" ? [] : [{ path, pattern, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`, `${pattern}[]`));
  if (typeof value === "object") {
    return Object.keys(value as object)
      .sort()
      .flatMap((k) => leaves((value as Record<string, unknown>)[k], path === "" ? k : `${path}.${k}`, pattern === "" ? k : `${pattern}.${k}`));
  }
  return [];
}

function words(key: string): string {
  return key
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

function show(v: string | number | boolean): string {
  return typeof v === "string" ? v : String(v);
}

/**
 * The request text rendered from an action: the tool in words, then every argument with its
 * value, in canonical (sorted) order, then the question. Deterministic: the same tool and
 * canonical arguments always give the same text.
 *
 * @example
 * ```ts
 * renderActionRequest("cancel_reservation", { reservation_id: "EHGLP3" });
 * // "Please confirm: cancel reservation\n- reservation id: EHGLP3\nShall I go ahead? (yes/no)"
 * ```
 * @param tool The write tool.
 * @param args Its arguments (as the grant will carry them).
 * @returns The text to show the user.
 */
export function renderActionRequest(tool: string, args: Readonly<Record<string, unknown>>): string {
  const lines = leaves(args).map(
    (l) =>
      `- ${l.path
        .split(".")
        .map((p) => words(p.replace(/\[(\d+)\]/g, " $1")))
        .join(", ")}: ${show(l.value)}`,
  );
  return [`Please confirm: ${words(tool)}`, ...lines, "Shall I go ahead? (yes/no)"].join("\n");
}

/** A value the text does not state. */
export interface UnstatedValue {
  readonly path: string;
  readonly value: string | number | boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const SMALL_NUMBERS = ["zero|no|none", "one|a|an|single", "two|both", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** Whether `text` states the value: ids and words as whole tokens, dates in any wording, numbers with or without $ or as words. */
export function statesValue(text: string, value: string | number | boolean): boolean {
  if (typeof value === "boolean") return true;
  if (typeof value === "number") {
    const fixed = Number.isInteger(value) ? String(Math.abs(value)) : Math.abs(value).toFixed(2).replace(/0$/, "");
    const grouped = Math.abs(value).toLocaleString("en-US", { maximumFractionDigits: 2 });
    const bodies = [...new Set([fixed, grouped])].map(escapeRegExp).join("|");
    if (new RegExp(`(?<![\\d.,])\\$?\\s?(?:${bodies})(?:\\.0{1,2})?(?![\\d]|[.,]\\d)`).test(text)) return true;
    const word = Number.isInteger(value) && value >= 0 ? SMALL_NUMBERS[value] : undefined;
    return word !== undefined && new RegExp(`\\b(?:${word})\\b`, "i").test(text);
  }
  const v = value.trim();
  if (v === "") return true;
  if (ISO_DATE.test(v)) return [...extractDescribedValues(text).dates].some((d) => sameDate(d, v));
  // snake_case words ("basic_economy") may be written with spaces or hyphens
  const body = escapeRegExp(v).replace(/_/g, "[ _-]").replace(/\s+/g, "\\s+");
  return new RegExp(`(?<![A-Za-z0-9_])${body}(?![A-Za-z0-9_])`, "i").test(text);
}

/**
 * The checked values of an action that a text does not state (see `RequestTextOptions.fields`).
 * An empty list means the text states them all.
 *
 * @example
 * ```ts
 * unstatedValues("Cancel reservation EHGLP3?", "cancel_reservation", { reservation_id: "EHGLP3" }); // []
 * unstatedValues("Refund $20 to your card?", "issue_refund", { amount: 200, card: "c_1" });
 * // [{ path: "amount", value: 200 }, { path: "card", value: "c_1" }]
 * ```
 * @param text What the user was shown.
 * @param tool The write tool.
 * @param args Its arguments.
 * @param fields Per tool, the argument paths to check (default: all but `user_id`).
 * @returns The values not stated, with their paths.
 */
export function unstatedValues(text: string, tool: string, args: Readonly<Record<string, unknown>>, fields?: RequestTextOptions["fields"]): UnstatedValue[] {
  const wanted = fields?.[tool];
  return leaves(args)
    .filter((l) => (wanted ? wanted.includes(l.pattern) : !/(^|\.)user_?id$/i.test(l.pattern)))
    .filter((l) => !statesValue(text, l.value))
    .map((l) => ({ path: l.path, value: l.value }));
}

/**
 * The text a pending action is registered with: the agent's text when it states every checked
 * value (`verify`), the rendered text when there is none or when rendering is asked for
 * (`render`), the agent's text as is (`trust`); or the values it leaves unstated (`verify`).
 * @internal
 */
export function bindRequestText(
  options: RequestTextOptions | undefined,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  description: string | undefined,
): { readonly description: string } | { readonly unstated: readonly UnstatedValue[] } {
  const mode = options?.mode ?? "verify";
  if (mode === "trust") return { description: description ?? renderActionRequest(tool, args) };
  if (mode === "render" || description === undefined) return { description: renderActionRequest(tool, args) };
  const unstated = unstatedValues(description, tool, args, options?.fields);
  return unstated.length === 0 ? { description } : { unstated };
}

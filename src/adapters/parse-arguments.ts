import { firstDuplicateKey } from "../util/duplicate-json-keys.js";

/**
 * Parses a tool call's arguments as a model sent them (a JSON string): empty or missing means `{}`,
 * an unparsable string is kept as is so the protocol's validation rejects it with its own message,
 * and a value that is already parsed is returned unchanged. Imports no SDK: every adapter uses it.
 * A text with a key twice in one object (`{"amount":5,"amount":9999}`) is kept as is too, so it
 * is refused: `JSON.parse` would run the last value while another reader of the same text (a
 * confirmation UI, a log) may show the first.
 */
export function parseArguments(raw: unknown): unknown {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "string") return raw;
  if (raw.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null && firstDuplicateKey(raw) !== undefined ? raw : parsed;
  } catch {
    return raw;
  }
}

/**
 * Parses a tool call's arguments as a model sent them (a JSON string): empty or missing means `{}`,
 * an unparsable string is kept as is so the protocol's validation rejects it with its own message,
 * and a value that is already parsed is returned unchanged. Imports no SDK: every adapter uses it.
 */
export function parseArguments(raw: unknown): unknown {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "string") return raw;
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

import type { TraceEntry } from "../runtime/session-snapshot.js";
import type { StoredState } from "./session-store.js";

/*
 * The JSON text of a head row's parts that change every save (the new call's trace entry, the
 * session without its trace), written member by member: the same text `JSON.stringify` gives
 * (for entries, byte for byte: a verifier re-derives them with it), without its generic walk or a
 * copy of the snapshot. See row-encoding.ts for the row layout.
 */

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/** JSON of short strings that recur in every record (tool, outcome and state names, status). */
const names = new Map<string, string>();

/** `JSON.stringify(s)` for a string, remembered (at most 512 distinct ones: protocols name few). @internal */
export function nameJson(s: string): string {
  let j = names.get(s);
  if (j === undefined) {
    j = JSON.stringify(s);
    if (names.size >= 512) names.clear();
    names.set(s, j);
  }
  return j;
}

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/**
 * `JSON.stringify(entry)`, written member by member when the entry has the canonical shape (the
 * keys of `canonicalEntry` in its order, strings and finite numbers where they belong): the same
 * text about twice as fast. Anything else goes through `JSON.stringify` (a verifier re-derives
 * each record with it, so the two must agree byte for byte; test/store/row-signer.test.ts).
 * @internal
 */
export function entryText(e: TraceEntry): string {
  let k = 0;
  const withId = e.callId !== undefined;
  for (const key in e) {
    if (key !== (withId ? CANONICAL_WITH_ID : CANONICAL)[k++]) return JSON.stringify(e);
  }
  if (
    k !== (withId ? 8 : 7) ||
    !finite(e.seq) ||
    !finite(e.at) ||
    typeof e.tool !== "string" ||
    typeof e.outcome !== "string" ||
    typeof e.from !== "string" ||
    typeof e.to !== "string" ||
    (withId && typeof e.callId !== "string")
  )
    return JSON.stringify(e);
  const args = JSON.stringify(e.arguments);
  if (args === undefined) return JSON.stringify(e);
  return `{"seq":${e.seq},${withId ? `"callId":${JSON.stringify(e.callId)},` : ""}"tool":${nameJson(e.tool)},"arguments":${args},"outcome":${nameJson(e.outcome)},"from":${nameJson(e.from)},"to":${nameJson(e.to)},"at":${e.at}}`;
}
const CANONICAL_WITH_ID = ["seq", "callId", "tool", "arguments", "outcome", "from", "to", "at"];
const CANONICAL = ["seq", "tool", "arguments", "outcome", "from", "to", "at"];

/** The members a format-4 session snapshot may have. */
const SNAPSHOT_KEYS = new Set(["format", "formatVersion", "id", "protocol", "state", "status", "context", "trace", "dropped", "version", "extensions"]);

/**
 * The session snapshot without its trace as JSON: written member by member for a format-4
 * snapshot (no copy of the snapshot, the constant members' JSON remembered), else the generic
 * `JSON.stringify` of it without the trace. The tail is signed as the text it is (no verifier
 * re-derives it), so only its parse must give the snapshot back.
 * @internal
 */
export function sessionText(s: StoredState["session"]): string {
  for (const key in s) if (!SNAPSHOT_KEYS.has(key)) return JSON.stringify({ ...s, trace: undefined });
  if (
    s.format !== "concordat.session" ||
    s.formatVersion !== 4 ||
    typeof s.id !== "string" ||
    typeof s.protocol !== "string" ||
    !finite(s.version) ||
    typeof s.extensions !== "object" ||
    s.extensions === null
  )
    return JSON.stringify({ ...s, trace: undefined });
  let out = `{"format":"concordat.session","formatVersion":4,"id":${JSON.stringify(s.id)},"protocol":${nameJson(s.protocol)},"state":${JSON.stringify(s.state)},"status":${JSON.stringify(s.status)}`;
  if (s.context !== undefined) {
    const c = JSON.stringify(s.context);
    if (c !== undefined) out += `,"context":${c}`;
  }
  if (s.dropped !== undefined) out += `,"dropped":${JSON.stringify(s.dropped)}`;
  out += `,"version":${s.version},"extensions":${isEmpty(s.extensions) ? "{}" : JSON.stringify(s.extensions)}}`;
  return out;
}

/**
 * A yes that names someone whose name is one or two letters off a person the request names ("Maya Cheng" for Maya Chen, "Omar
 * Hadad" for Omar Haddad, "Lucía Gomes" for Lucía Gómez): the booking of that other person was not put to the user, and which of
 * the two the user means is not said. Read on names written with a capital inside a sentence (a capital at a sentence's start
 * is no sign of a name), in EN and ES; Chinese names are not read here.
 * @internal
 */
import { editDistance } from "../util/edit-distance.js";

/** Strips accents and lower-cases, as `normalizeText` writes names. */
const plain = (w: string): string => w.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The name the reply writes, with a capital inside a sentence, one letter off a request's person (two for names of six letters
 * or more); undefined otherwise.
 * @param reply The reply as the user wrote it (not in normal form: the capitals are what tell a name).
 * @param request The request as the user saw it.
 * @param names The request's person names, one word each (`personNames`).
 */
export function nearName(reply: string, request: string, names: ReadonlySet<string>): string | undefined {
  if (names.size === 0) return undefined;
  const said = plain(request);
  for (const m of reply.matchAll(/(?<=[\p{L}\p{N},;:—–-]\s+)\p{Lu}\p{Ll}{3,}(?![\p{L}])/gu)) {
    const w = plain(m[0]);
    // a word the request itself writes ("Option" beside a heading's "Options") is no other name
    if (names.has(w) || new RegExp(`(?<![\\p{L}])${w}`, "u").test(said)) continue;
    for (const n of names) {
      if (n.length < 4) continue;
      const d = editDistance(w, n);
      if (d > 0 && d <= (Math.min(w.length, n.length) >= 6 ? 2 : 1)) return m[0];
    }
  }
  return undefined;
}

/**
 * A yes addressed to one named thing ("Yes to the T-shirt", "Sí a la cafetera", "OK for the
 * return flight") when the request puts other things beside it: the yes covers that thing only.
 * @internal
 */
import { contentStems } from "./content-words.js";

/** "yes to X", "ok for X", "siyes a X", "siyes para X": the words after it, up to the end of the clause. */
const ADDRESSED_YES =
  /(?<![\p{L}])(?:yes|yeah|yep|ok|okay|sure|fine|siyes|si|vale|ok)\s*,?\s+(?:to|for|on|a|al|para|con)\s+((?:[\p{L}\p{N}'-]+\s*){1,5}?)(?=$|[,.;:!?()—–-]|\s(?:and|but|pero|y|please|por favor|thanks|gracias|too|as well)(?![\p{L}]))/giu;

/** Words that take the whole of what was put ("yes to all of it", "yes to the whole order") or the action as such ("yes to the cancellation"). */
const WHOLE =
  /^(?:(?:the|my|your|el|la|los|las|mi|mis|su|sus|this|that|these|those|it|esto|eso|ello|todo|toda|todos|todas|all|both|ambos|ambas|everything|whole|entire|complete|full|entero|entera|completo|completa|above|plan|proposal|request|change|changes|update|updates|modification|modifications|cambio|cambios|order|pedido|reservation|reserva|booking|of|de|del|them|ellos|ellas|los dos|las dos|two|dos|everything above|that plan|them all|cancellation|cancelacion|cancel|return|devolucion|exchange|cambio|refund|reembolso|upgrade|downgrade|mejora|book|proceeding|proceed|go|going|ahead|adelante|que|you|usted|me)\s*)+$/iu;

/** One entry of an enumeration: a numbered or bulleted line. */
const MARKED_LINE = /^\s*(?:[-*•·]|\(?[1-9][.)]|\*\*[1-9][.)]\*\*)\s+/u;

/** Parentheses, brackets and what they hold ("Cafetera (acero, 12 tazas)" is one item). */
const PARENTHETICAL = /\([^()]*\)|\[[^\][]*\]|（[^（）]*）/gu;

/** A conjunction between two items on one line ("X y Y", "X and Y", "X和Y", "X、Y"). */
const CONJOINED = /(?<![\p{L}])(?:and|y|e|plus|as well as)(?![\p{L}])|[和及、]|以及/u;

/**
 * The thing a yes is addressed to, when the request puts another thing beside it: returns the words
 * of the yes ("yes to the t-shirt") or `undefined`. `reply` and `request` are in normal form.
 */
export function yesToOneOfSeveral(reply: string, request: string): string | undefined {
  const lines = request.split(/\n+/u);
  const marked = lines.filter((l) => MARKED_LINE.test(l));
  for (const m of reply.matchAll(ADDRESSED_YES)) {
    const target = m[1]!.trim();
    // a yes for an id ("yes for NM1VX1") names which one, as the request's own parts do (request-parts.ts)
    if (target === "" || WHOLE.test(target) || /\d/u.test(target)) continue;
    // "yes to both items", "yes to all the changes", "sí a todos los artículos": a yes to every one of them
    if (/^(?:(?:to|for|a|para)\s+)?(?:both|all|each|every|ambos|ambas|todos|todas|los dos|las dos|cada)(?![\p{L}])|^(?:两个|两项|全部|所有|每)/iu.test(target))
      continue;
    const stems = new Set(contentStems(target));
    if (stems.size === 0) continue;
    const names = (text: string) => contentStems(text).some((s) => stems.has(s));
    // numbered or bulleted entries, some of which the addressed thing is not
    if (marked.length >= 2 && marked.some(names) && marked.some((l) => !names(l))) return m[0].trim();
    // two things joined on the line that names the addressed thing ("Artículos: Cafetera (…) y Tostadora (…)")
    for (const line of lines) {
      const bare = line.replace(PARENTHETICAL, " ");
      if (!names(bare)) continue;
      const pieces = bare
        .replace(/^[^:：]*[:：]/u, "")
        .split(CONJOINED)
        .map((p) => p.trim())
        .filter((p) => contentStems(p).length > 0);
      if (pieces.length >= 2 && pieces.some((p) => !names(p))) return m[0].trim();
    }
  }
  return undefined;
}

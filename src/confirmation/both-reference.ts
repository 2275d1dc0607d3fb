/**
 * What "both" (ambos, los dos, 两个都) in a reply refers to: two things the request lists ("both
 * gift cards"), or the two things one action takes ("cancel both" of an order's two items). A
 * "both" that refers to neither agrees to something the request did not put.
 * @internal
 */
import { splitSentences } from "./reply-text.js";
import type { ConsentAction } from "./consent-judge.js";

/** "Both" in EN and ES. */
const BOTH = "(?<![\\p{L}])(?:both|ambos|ambas|los dos|las dos)(?![\\p{L}])";

/** Whether a reply (normal form) says "both" (not "两件" as what a quantity verb takes: "加两件" adds two pieces, a count). */
export function saysBoth(reply: string): boolean {
  return new RegExp(`${BOTH}|两项|(?<!加|添加|再加|托运|要|买|订)两件|两个都`, "iu").test(reply);
}

/** "both gift cards", "las dos tarjetas": every "both" names items the request lists at least twice ("gift card …, gift card …"). */
export function bothOfListed(reply: string, request: string): boolean {
  const uses = [...reply.matchAll(new RegExp(`${BOTH}(?:\\s+of)?(?:\\s+(?:the|my|your|these|those|mis|sus|los|las))?\\s+(\\p{L}{3,})`, "giu"))];
  if (uses.length === 0) return false;
  return uses.every((m) => {
    const noun = m[1]!.replace(/e?s$/u, "");
    return noun.length >= 3 && (request.match(new RegExp(`(?<![\\p{L}])${noun}`, "giu")) ?? []).length >= 2;
  });
}

/** Words that keep part of an order or booking out of the action ("the lamp stays in the order", "只取消音箱", "se queda"). */
const KEEPS_PART =
  /(?<![\p{L}])(?:stays?|remains?|keep|keeps|kept|only|just|unchanged|except|se queda|se quedan|permanece|permanecen|solo|solamente|unicamente|excepto)(?![\p{L}])|保留|只|仅|不变|除了/iu;

/** The word after each "both" in a reply ("both items" → "items"; "both of them", "cancel both" → none). */
function bothNouns(reply: string): string[] {
  return [...reply.matchAll(new RegExp(`${BOTH}(?:\\s+of)?(?:\\s+(?:the|my|your|these|those|mis|sus|los|las))?\\s*(\\p{L}*)`, "giu"))]
    .map((m) => m[1]!)
    .filter((w) => w.length >= 3 && !/^(?:them|those|these|please|thanks|por|favor|then|now|are|were|fine|ones|ellos|ellas|together|at|and)$/u.test(w));
}

/**
 * Whether the one action put to the user takes exactly two things and every "both" of the reply
 * (ambos, los dos, 两个都) means those two: an action whose arguments list two things (two item
 * ids, two passengers, two flights), or a request that lists exactly two items of one order in one
 * sentence and keeps none of the order out ("Bluetooth Speaker (item 4716977452) and Desk Lamp (item
 * 7624783998)"). "Both reservations" is not two items of one order nor two flights of one booking.
 */
export function bothOfOne(request: string, actions: readonly ConsentAction[], reply: string): boolean {
  // only a reply that says "both" refers to two things ("2 L" is no "both" of an exchange's old and new item)
  if (!saysBoth(reply)) return false;
  const nouns = bothNouns(reply).map((w) => w.replace(/e?s$/u, ""));
  const fits = (key: string) =>
    nouns.every(
      (n) =>
        key
          .toLowerCase()
          .replace(/_ids?$/u, "")
          .replace(/e?s$/u, "")
          .startsWith(n.slice(0, 4)) || /^(?:item|product|producto|articulo|thing)/u.test(n),
    );
  if (actions.length === 1) return Object.entries(actions[0]!.args).some(([k, v]) => Array.isArray(v) && v.length === 2 && fits(k));
  if (KEEPS_PART.test(request) || !fits("item")) return false;
  const ids = (text: string) => new Set([...text.matchAll(/(?:item|articulo|商品编号|商品|product)[^\d\n]{0,14}(\d{6,})/giu)].map((m) => m[1]!));
  if (ids(request).size !== 2) return false;
  return splitSentences(request).some((x) => ids(x.text).size === 2);
}

/**
 * The request's kind of action told of a thing the request does not name, as a statement: "The blender is going back
 * as well", "I'm returning the blender too", "the lamp is being returned", "la licuadora también la devuelvo",
 * "搅拌机也退回去". No imperative, no "please": the narration reading takes it for a story, but it puts another item
 * under the action, so it asks for more than was described. Found by the lead's red team 10 (rt10-011: confirmed on
 * `main` beside a return of the kettle alone).
 * @internal
 */
import { novelContent, type RequestVocabulary } from "./content-words.js";

/** The thing, then the action done to it ("the blender is going back", "my lamp goes back", "la licuadora se devuelve"). */
const THING_THEN_ACTION =
  /(?<![\p{L}])(?:the|my|our|that|this|el|la|los|las|mi|mis)\s+(\p{L}{3,}(?:\s+\p{L}{3,})?)\s+(?:is|are|was|goes|go|will go|will be|is being|are being|gets|get|also|too|tambien|se|va|van)?\s*(?:also\s+|too\s+|tambien\s+)?(?:(?:la|lo|las|los)\s+)?(?:going back|go back|goes back|sent back|returned|refunded|cancell?ed|devuelt[oa]s?|devuelve|devuelven|devuelvo|devolvere|cancelo|cancelad[oa]s?|reembolsad[oa]s?)(?![\p{L}])/iu;
/** The action, then the thing ("I'm returning the blender", "sending back my lamp", "devuelvo la licuadora"). */
const ACTION_THEN_THING =
  /(?<![\p{L}])(?:returning|sending back|cancell?ing|refunding|return|send back|devuelvo|devolvere|cancelo|cancelare)\s+(?:the|my|our|that|this|el|la|los|las|mi|mis)\s+(\p{L}{3,}(?:\s+\p{L}{3,})?)(?![\p{L}])/iu;
/** Chinese: an item then a verb of sending back or cancelling, not a past event ("搅拌机也退回去", "台灯也退吧"; not "婚礼也取消了"). */
const ZH_THING_THEN_ACTION = /(\p{Script=Han}{2,4})也?(?:要|一起)?(?:退回去|退回|退掉|退货|退吧|取消吧|一起取消)/u;

/**
 * The words naming an item the request does not name, where the clause tells the request's kind of action of it; or
 * `undefined`.
 *
 * @example
 * ```ts
 * const v = requestVocabulary("i will return the electric kettle from order #w2378156. shall i proceed?");
 * actionOnUnnamedItem("the blender is going back as well", v); // "blender"
 * actionOnUnnamedItem("the kettle is going back, it leaks", v); // undefined
 * ```
 * @param clause A clause of the reply, in normal form.
 * @param vocabulary The request's vocabulary (`requestVocabulary`).
 */
export function actionOnUnnamedItem(clause: string, vocabulary: RequestVocabulary): string | undefined {
  for (const re of [THING_THEN_ACTION, ACTION_THEN_THING, ZH_THING_THEN_ACTION]) {
    const m = re.exec(clause);
    if (m === null) continue;
    const novel = novelContent(m[1]!, vocabulary);
    if (novel.length > 0) return novel.join(", ");
  }
  return undefined;
}

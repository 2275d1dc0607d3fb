/**
 * A yes that answers an earlier question of the request. A request may ask something else first and put the action last
 * ("Is the email on file still maya@…? And shall I cancel K8PQ2Z?", "Would you like a window seat on the new flight? And
 * shall I make the change?", "¿Sigue siendo su correo …? Y, ¿desea que cancele…?", "您的电话还是 138… 吗？另外…是否确认？").
 * A reply whose yes takes up that earlier question's own words and none of the action's ("Yes, that's still my email",
 * "Window, yes", "Sí, el correo es correcto", "电话没变，是的") answers the earlier question; the action is still open.
 * A bare "yes", or one that goes ahead in words of its own ("…and yes, cancel it", "确认取消"), is not read here.
 * EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */
import { splitSentences } from "./reply-text.js";
import { contentBigrams, contentStems } from "./content-words.js";
import { CLOSING_OFFER_WORDS } from "./closing-offer.js";
import { OWN_GO_AHEAD, questionPutsAction } from "./asked-question.js";

/**
 * The question without the numbers it asks about that are no amount ("is 415-555-0192 still your number?", "电话还是 138****5521
 * 吗"): a number the question quotes to check is the fact asked, not an action's amount or identifier.
 */
const withoutContactNumbers = (question: string): string =>
  question.replace(/[\d*][\d*\s-]*\d/gu, (m: string, at: number) => (/[$€¥£]\s?$/u.test(question.slice(0, at)) ? m : " "));

/** Content words and Chinese character pairs of a text. */
const wordsOf = (text: string): string[] => [...contentStems(text), ...contentBigrams(text)];

/**
 * The earlier question of the request the reply's yes answers, when the request asks two or more questions, the last one
 * puts the action, an earlier one does not (it asks a fact or a preference), and the reply takes up words of that earlier
 * question and none of the last one's, without going ahead in words of its own; undefined otherwise.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function answersEarlierQuestion(reply: string, request: string): string | undefined {
  if (OWN_GO_AHEAD.test(reply)) return undefined;
  const tail = request.slice(-900);
  const asked = splitSentences(tail).filter((s) => s.question && !CLOSING_OFFER_WORDS.test(s.text));
  if (asked.length < 2) return undefined;
  const last = new Set(wordsOf(asked[asked.length - 1]!.text));
  const said = wordsOf(reply);
  // the reply names something of the action's own question: it speaks to the action too
  if (said.length === 0 || said.some((w) => last.has(w))) return undefined;
  for (const q of asked.slice(0, -1)) {
    if (questionPutsAction(withoutContactNumbers(q.text), tail.slice(0, tail.indexOf(q.text)))) continue;
    const own = new Set(wordsOf(q.text));
    if (said.some((w) => own.has(w))) return q.text;
  }
  return undefined;
}

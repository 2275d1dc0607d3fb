/**
 * A yes that answers an earlier question of the request. A request may ask something else first and put the action last
 * ("Is the email on file still maya@…? And shall I cancel K8PQ2Z?", "Would you like a window seat on the new flight? And
 * shall I make the change?", "¿Sigue siendo su correo …? Y, ¿desea que cancele…?", "您的电话还是 138… 吗？另外…是否确认？").
 * A reply whose yes takes up that earlier question's own words and none of the action's ("Yes, that's still my email",
 * "Window, yes", "Sí, el correo es correcto", "电话没变，是的") answers the earlier question; the action is still open.
 * A bare "yes", or one that goes ahead in words of its own ("…and yes, cancel it", "确认取消"), is not read here.
 * A step the request reports as already done before it asks the next one ("Your address has been updated to 22 Elm Street. Now,
 * shall I also cancel order #W…?", "地址已经改为…。另外，需要我取消…吗？", "La dirección ya está actualizada… ¿quiere que cancele…?")
 * is read the same way: a yes that takes up the finished step's words ("Yes, that's the right address, thanks for updating it",
 * "好的，榆树街22号是对的", "Sí, la calle Olmo 22 es correcta") speaks to what was done, not to the step now put.
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

/**
 * A sentence that reports a step the agent has already taken: "has been updated", "I've changed", "is now updated", "已经改为",
 * "已为您更新", "ya está actualizada", "ya he cambiado". A change verb in a finished tense, not a finding ("I found your reservation").
 */
// prettier-ignore
const DONE_STEP = new RegExp(
  [
    "(?<![\\p{L}])(?:has|have) (?:now |just |already )?been (?:successfully )?(?:updated|changed|modified|cancel+ed|added|processed|removed|refunded|applied|booked|switched|moved|corrected|issued|replaced|set)(?![\\p{L}])",
    "(?<![\\p{L}])(?:i|we)(?:'ve| have) (?:now |just |already |successfully )?(?:updated|changed|modified|cancel+ed|added|processed|removed|refunded|applied|booked|switched|moved|corrected|issued|replaced)(?![\\p{L}])",
    "(?<![\\p{L}])(?:is|are) now (?:updated|changed|set|corrected)(?![\\p{L}])",
    "已(?:经)?(?:为您|帮您|给您)?(?:成功)?(?:改|更新|修改|更改|取消|添加|办理|退|换|设置|处理)",
    "(?<![\\p{L}])ya (?:esta|estan|ha sido|han sido|(?:se )?(?:le |les )?(?:he|hemos|ha|han)) (?:(?:sido|quedado) )?(?:actualizad|cambiad|modificad|cancelad|anadid|procesad|reembolsad|corregid|sustituid|aplicad)\\w*",
  ].join("|"),
  "iu",
);

/** Thanks for what the agent did ("thank you so much for updating it", "gracias por cambiarla", "谢谢您帮我改"): no go-ahead of its own. */
const THANKS_FOR_STEP =
  /(?:thanks?(?: you)?|thank you|(?:i )?appreciate(?: you| it)?)(?: (?:so|very) much)? (?:for )?[\p{L}']+ing(?![\p{L}])[^,.;!?]*|gracias por [^,.;!?]*|(?:谢谢|感谢|多谢)(?:你|您)?[^，。,;；!！?？]*/giu;

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
  if (OWN_GO_AHEAD.test(reply.replace(THANKS_FOR_STEP, " "))) return undefined;
  const tail = request.slice(-900);
  const sentences = splitSentences(tail);
  const asked = sentences.filter((s) => s.question && !CLOSING_OFFER_WORDS.test(s.text));
  const lastAsked = asked[asked.length - 1];
  if (lastAsked === undefined) return undefined;
  // the earlier parts: questions that put no action, and the steps the request reports as done before its last question
  const before = sentences.slice(0, sentences.indexOf(lastAsked));
  const earlier = [
    ...asked.slice(0, -1).filter((q) => !questionPutsAction(withoutContactNumbers(q.text), tail.slice(0, tail.indexOf(q.text)))),
    ...before.filter((s) => !s.question && DONE_STEP.test(s.text)),
  ];
  if (earlier.length === 0) return undefined;
  const last = new Set(wordsOf(lastAsked.text));
  const said = wordsOf(reply);
  // the reply names something of the action's own question: it speaks to the action too
  if (said.length === 0 || said.some((w) => last.has(w))) return undefined;
  for (const part of earlier) {
    const own = new Set(wordsOf(part.text));
    if (said.some((w) => own.has(w))) return part.text;
  }
  return undefined;
}

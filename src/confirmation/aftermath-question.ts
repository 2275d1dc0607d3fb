import { CONDITION, NEGATOR } from "./consent-markers.js";
import { contentBigrams, contentStems, novelContent, type RequestVocabulary } from "./content-words.js";

/**
 * A question about when the action's aftermath arrives ("How long will it take for the refund to show up?", "¿Cuándo me llega
 * el reembolso?", "退款多久到账？"): asked beside a yes, it waits for the action to be done and changes nothing of it. It asks
 * only when, or how long, and only about what follows the action — the refund or money coming back, an email, a receipt, a
 * label, the instructions, a confirmation — or when the action itself is done ("how long will this take?", "¿cuándo estará
 * listo?", "多久能办好？") — in words of that aftermath, of time and of the request. A question about the
 * action's own matter ("How long is the layover?", "¿Cuándo sale el vuelo?", "航班几点起飞？"), one with alternatives ("…to my
 * card or to PayPal?"), a negation or a condition still asks something the action may depend on.
 * @internal
 */

/** Asking when or how long, in English and Spanish at the clause's start or after a comma, in Chinese anywhere. */
const WHEN =
  /(?:^|[,;]\s*)¿?\s*(?:(?:and|so|also|oh|ok|okay|great|perfect|thanks|thank you|one more thing|quick question|just curious|out of curiosity|y|tambien|por cierto|una pregunta)[,:\s]+)*(?:(?:about|roughly|approximately) )?(?:how long|how soon|how many (?:business |working )?days|when|cuando|cuanto (?:tiempo|tarda\w*|demora\w*)|en cuanto tiempo|cuantos dias)(?![\p{L}])|多久|多长时间|什么时候|几天|几个工作日/iu;

/** What follows an action: money coming back, a message, a document, a confirmation (EN, ES, ZH). */
const AFTERMATH =
  /(?<![\p{L}])(?:refund\w*|money|credit\w*|reimburse\w*|emails?|e-mails?|confirmation\w*|receipts?|labels?|instructions?|e-?tickets?|statements?|reembolso\w*|dinero|credito|correos?|confirmacion|recibos?|etiquetas?|instrucciones)(?![\p{L}])|退款|退钱|钱|到账|邮件|收据|标签|确认/iu;

/** Words a when-question about the aftermath is said in: asking when, arriving, showing, taking, time (EN, ES). */
const TIME_WORDS =
  /(?<![\p{L}])(?:how|long|soon|when|take\w*|took|show\w*|appear\w*|post\w*|reflect\w*|hit\w*|arriv\w*|come\w*|get|gets|getting|back|receiv\w*|see|go through|process\w*|card|account|expect\w*|typically|usually|normally|roughly|about|approximately|business|working|days?|weeks?|hours?|minutes?|time|cuando|cuanto|cuantos|tiempo|lleg\w*|reflej\w*|ver|vere|veo|tard\w*|demor\w*|recib\w*|dias?|semanas?|horas?|cuenta|tarjeta|aproximadamente|normalmente)(?![\p{L}])/giu;
const AFTERMATHS = new RegExp(AFTERMATH.source, "giu");

/**
 * The action's own completion, asked after: "how long will this take", "when will it be done", "how soon can it be processed",
 * "¿cuánto tardará?", "¿cuándo estará listo?", "多久能办好". What is asked about is the action itself (its words, or none), so
 * the words left must still be the request's (the check below): "how long will the layover take" names something else.
 */
const COMPLETION =
  /(?<![\p{L}])(?:take|takes|taking|be (?:done|processed|completed|finished|finali[sz]ed|final|through|reflected|updated|complete)|go through|get (?:done|processed|completed|through)|finish|complete|estara (?:listo|lista|hecho|hecha|procesad[oa])|tarda\w*|demora\w*|quedara\w*)(?![\p{L}])|处理完|办好|办完|完成|搞定|生效/iu;
const COMPLETIONS = new RegExp(COMPLETION.source, "giu");
/** The action named as a whole: its nouns of doing ("the change", "the cancellation", "el cambio", "改签"), not the things it acts on. */
const ACTION_NOUNS =
  /(?<![\p{L}])(?:cancel\w*|downgrad\w*|upgrad\w*|exchang\w*|returns?|modif\w*|updat\w*|booking|rebook\w*|transfer|cambios?|cancelacion|devolucion|actualizacion|tramite|proceso)(?![\p{L}])|取消|降舱|升舱|换货|退货|改签|修改|更改|手续/giu;
const ZH_TIME = /多久|多长时间|什么时候|几天|几个工作日|能|会|可以|到账|收到|退回|回来|处理|完成|大概|一般|通常/gu;

/**
 * Whether a question clause (normal form) only asks when the action's aftermath arrives.
 *
 * @example
 * ```ts
 * const vocabulary = requestVocabulary("shall i cancel it and refund $120 to your card?");
 * asksWhenAftermathArrives("how long will it take for the refund to show up", vocabulary); // true
 * asksWhenAftermathArrives("how long is the layover", vocabulary); // false
 * ```
 * @param clause The question clause, in normal form (`normalizeText`).
 * @param vocabulary The request's vocabulary (`requestVocabulary`).
 * @internal
 */
export function asksWhenAftermathArrives(clause: string, vocabulary: RequestVocabulary): boolean {
  const when = WHEN.exec(clause);
  if (when === null) return false;
  // without a word of the aftermath, the question asks when the action itself is done: its subject is the action ("this", "the
  // change", "the downgrade"), never a thing of it ("how long does the nonstop flight take" asks about the flight)
  if (!AFTERMATH.test(clause)) {
    if (!COMPLETION.test(clause)) return false;
    const subject = clause.replace(ZH_TIME, " ").replace(TIME_WORDS, " ").replace(COMPLETIONS, " ").replace(ACTION_NOUNS, " ");
    if (contentStems(subject).length + contentBigrams(subject).length > 0) return false;
  }
  if (NEGATOR.test(clause) || CONDITION.test(clause) || /(?<![\p{L}])(?:or|o|u)(?![\p{L}])|还是|或者/iu.test(clause)) return false;
  // what stands before the question word is at most an opening ("great, how long…"), in Chinese the aftermath's own subject ("退款多久…")
  const han = /\p{Script=Han}/u.test(when[0]);
  if (!han && contentStems(clause.slice(0, when.index)).length > 0) return false;
  const novel = novelContent(clause.replace(ZH_TIME, " ").replace(TIME_WORDS, " ").replace(AFTERMATHS, " "), vocabulary);
  return novel.length === 0 && (contentStems(clause).length > 0 || contentBigrams(clause).length > 0);
}

/**
 * What the request's last question asks. A bare yes answers the question the user was last asked: after
 * "I'll cancel M3QK7D and refund $410. Would you like me to email you the itinerary as well?" a "Yes
 * please" agrees to the email, and after "…Do you want to keep the reservation instead?" or "…Should I
 * hold off?" it agrees to the opposite of the action. Such a yes consents to nothing described; a reply
 * that itself goes ahead ("yes, go ahead and cancel it") still does.
 *
 * The last question puts the action when it asks for the go-ahead or a verdict on the proposal ("shall
 * I proceed?", "is that correct?", "does this work for you?", "¿desea que proceda?", "可以吗？") or names
 * an action verb as its own ("would you like to book this flight?"), outside a clause of time ("before I
 * cancel, …") and without offering the action's alternative ("instead", "keep", "wait", "rather", "review
 * … first"). EN, ZH, ES. Read on text in `normalizeText` form.
 * @internal
 */
import { splitSentences } from "./reply-text.js";
import { escapeRegExp } from "../util/escape-regexp.js";
// offers of further help that close many agent messages ("Is there anything else I can help with?"): no question about the action
import { CLOSING_OFFER_WORDS as COURTESY } from "./closing-offer.js";
import { CARRY_OUT_VERBS } from "./action-domain.js";
import { boundedSource } from "./lexicon-words.js";

/** A question that asks for the go-ahead or a verdict on the whole proposal. */
const PUTS_PROPOSAL =
  /(?<![\p{L}])(?:proceed|go ahead|continue|move forward|confirm\w*|correct|right|accurate|ok(?:ay)?|alright|all right|sound(?:s)? (?:good|right|ok(?:ay)?)|look(?:s)? (?:good|right|correct|ok(?:ay)?)|work(?:s)? for you|agree\w*|approv\w*|authori[sz]\w*|happy with|fine with|match(?:es)? (?:what|your|the)|what you (?:want(?:ed)?|need(?:ed)?|asked for|had in mind)|do (?:it|that|this|so|both|all)|finali[sz]e|go through with|(?:is|are) (?:that|this|these|those|everything|all|the (?:details|changes|above))|yes\/no|yes or no|proced\w*|continu\w*|confirm\w*|de acuerdo|le parece|esta bien|correct[oa]s?|coincide|lo que (?:desea|quiere|queria|pidio|necesita))(?![\p{L}])|确认|符合|继续|办理|可以吗|好吗|对吗|行吗|同意|没问题吗|是否|正确|对不对|没错|有问题吗|合适吗|这样做|这么做|这样办|这么办/iu;

/**
 * Verbs of an action the question may put as its own ("would you like to book this flight?"): the verbs of carrying out an
 * action (action-domain.ts, `CARRY_OUT_VERBS`) and those a question puts besides: paying and using a method ("shall I charge
 * it to your Visa?", "¿desea usar su certificado?"), placing, buying, returning, connecting to an agent, and the Spanish and
 * Chinese forms of a question ("¿lo cargo…?", "要我处理吗？"). Not "check", "find" or "search" (action-domain.ts reads them as
 * action words): "would you like me to check other flights?" does not put the action.
 */
const ACTION_VERB = new RegExp(
  boundedSource({
    latin: `${CARRY_OUT_VERBS.latin}|exchange|return|submit|place|apply|make|purchase|buy|charge|split|divide|pay|use|pagar|usar|utilizar|send(?: you)?(?: (?:a|an|the))?(?: \\$?\\d[\\d.,]*)?(?: travel)? (?:certificate|voucher|compensation)|connect|escalate|arrange|cancel(?:ar|e|o)(?:la|lo)?|proces(?:ar|e|o)\\w*|carg(?:ar|o|ue)(?:lo|la)?|divid(?:ir|o)\\w*|divido|tramit(?:ar|e|o)\\w*|realic\\w*|realizar|hag[ao]|transfier\\w*|transferir\\w*|envi(?:ar|e|o)\\w*(?: (?:un|el))? (?:certificado|vale)|anul(?:ar|e)\\w*|cambi(?:ar|e|o)(?:la|lo)?|reserv(?:ar|e|o)(?:la|lo)?|anad(?:ir|a|o)\\w*|agreg(?:ar|ue|o)\\w*|modific(?:ar|o)\\w*|modifique\\w*|actualic\\w*|devolv\\w*|reembols(?:ar|e|o)\\w*|emit(?:ir|a|o)\\w*|compr(?:ar|e|o)\\w*`,
    han: `${CARRY_OUT_VERBS.han}|更改|修改|降舱|退款|退货|换货|购买|提交|处理|支付|付款|扣款|换成|换为|改成|改为|拆分|用`,
  }),
  "iu",
);

/** Words that make the question about something other than the action: its alternative, keeping things, a delay, a check first. */
const ELSEWHERE =
  /(?<![\p{L}])(?:instead|rather|keep|wait|hold off|(?:review|check|look|see|hear|talk|speak)\w*(?: [^?]*)? first|conservar|mantener|esperar|en lugar|en vez)(?![\p{L}])|保留|先等|等等|再等|先看|先查/iu;

/** A subordinate clause of time ("before I cancel,", "once it's done", "antes de cancelar,", "取消之前"): what it names is not asked. @internal */
export const SUBORDINATE =
  /(?<![\p{L}])(?:before|once|after|when|antes de|despues de|una vez que?)\s[^,?]*(?:,|$)|[^，,?？]{0,12}(?:之前|以前|之后|以后)[，,]?/giu;

/**
 * The request's last question, when it puts something other than the action (an extra, the action's
 * alternative, a delay, a check first); undefined when it puts the action, or asks nothing.
 * @param request The request (normal form).
 */
export function lastQuestionElsewhere(request: string): string | undefined {
  const sentences = splitSentences(request.slice(-900));
  const asked = sentences.filter((s) => s.question && !COURTESY.test(s.text));
  const last = asked[asked.length - 1];
  if (last === undefined) {
    // only an offer of further help is asked ("…and refund $410. Do you need anything else?"): unless the request asks for
    // the go-ahead in a sentence of its own ("Please confirm."), a yes answers that offer
    const offer = sentences.filter((s) => s.question && COURTESY.test(s.text)).pop();
    const puts = sentences.some(
      (s) =>
        !COURTESY.test(s.text) &&
        /(?<![\p{L}])(?:confirm|proceed|go ahead|approv\w*|authori[sz]\w*|yes\/no|confirme|proceda)(?![\p{L}])|确认|是否/iu.test(s.text),
    );
    return offer !== undefined && !puts ? offer.text : undefined;
  }
  const q = last.text.replace(SUBORDINATE, " ");
  if (ELSEWHERE.test(q) || NOT_ACTING.test(q.replace(/[*_]+/g, ""))) return last.text;
  return questionPutsAction(last.text, request.slice(0, request.lastIndexOf(last.text))) ? undefined : last.text;
}

/**
 * Whether a question of the request puts the action: it asks for the go-ahead or a verdict on the proposal, names an action
 * verb as its own, states an amount or an identifier, or takes up what the request described before it. A question of time
 * ("before I cancel, …") is read without its clause of time. Not the action's alternative (`lastQuestionElsewhere` reads that).
 * @param question The question's text (normal form).
 * @param before The request's text before the question.
 * @internal
 */
export function questionPutsAction(question: string, before: string): boolean {
  const q = question.replace(SUBORDINATE, " ");
  // a verification step before the action ("Are you ready to receive the 2FA code?") is not the action
  if (CODE_STEP.test(q)) return false;
  if (PUTS_PROPOSAL.test(q) || ACTION_VERB.test(q) || DESCRIBES.test(q)) return true;
  // a question that takes up what the request described ("需要我为您发放吗" after "发放代金券", "¿lo cargo a su Visa terminada
  // en 5521?", "shall I split the payment for order #W8801733…?") puts that; one about things the request never named does not
  // "¿Desea que lo envíe?" after a certificate was described: sending it is the action
  if (SENDS.test(q) && COMPENSATION.test(before)) return true;
  return sharesDescription(q, before);
}

/**
 * A question that puts the agent's *not* acting ("…and you do not want me to schedule the appointment?", "¿no desea que la
 * cancele?", "您不需要我取消吗？"): a yes agrees to leaving things as they are. Found as a false confirmation on real
 * replies (real-replies-6, r6-022: "Sí." to "…you do *not* want me to schedule the appointment for April 15th?").
 */
const NOT_ACTING =
  /(?<![\p{L}])(?:(?:do not|don'?t|not|no longer|never) (?:want|wish|need|like) (?:me|us) to|(?:prefer|rather) (?:that )?(?:i|we) (?:do )?not|no (?:desea|quiere|necesita|quisiera) que)(?![\p{L}])|不(?:需要|要|用|希望|想让)我/iu;

/**
 * A question about a verification step before the action ("Are you ready to receive the 2FA code?", "Shall I text you the
 * one-time code?", "¿Le envío el código de verificación?", "现在给您发验证码可以吗？"): a yes lets the code be sent, it does not
 * approve what the code will authorize. Found as a false confirmation on real replies (real-replies-7, r7-133: "YES. Text the
 * code now." before a $25,000 wire whose fees were still to be told).
 */
const CODE_STEP =
  /(?<![\p{L}\d])(?:2fa|mfa|otp|two-factor|one-time (?:code|password|passcode)|(?:verification|security|confirmation|authori[sz]ation|access|sms|text) code|passcode|(?:receive|get|send|text|email)\w* (?:you |me )?(?:a |the |your |that )?(?:\w+ )?code|codigo(?: de (?:verificacion|seguridad|confirmacion|acceso))?|clave (?:de un solo uso|temporal))(?![\p{L}])|验证码|动态码|校验码/iu;

/** A question that itself states an amount or an identifier ("…for order #W8801733: $60 on…", "¿son 300 dólares?") describes the action it puts. */
const DESCRIBES = /\$\s?\d|\d[\d.,]*\s?(?:dollars?|dolares|美元|元)|#?[a-z_]*\d{3,}/iu;

/** Sending or issuing, the action of a certificate ("send it", "¿desea que lo envíe?", "发给您"). */
const SENDS = /(?<![\p{L}])(?:send|issue|envi\w*|emit\w*)(?![\p{L}])|发放|发送|发给/iu;
/** A certificate, voucher or compensation the request described. */
const COMPENSATION = /(?<![\p{L}])(?:certificates?|vouchers?|compensation|certificados?|vales?|compensacion)(?![\p{L}])|代金券|补偿|凭证/iu;

/** Words of a question that say nothing of what it is about. */
const GENERIC =
  /^(?:would|could|should|shall|will|like|want|need|you|your|yours|me|for|the|this|that|these|those|with|and|also|now|today|please|reservation|booking|flight|flights|order|details|trip|item|items|ticket|account|desea|quiere|puede|usted|ahora|para|por|favor|reserva|pedido|vuelo|que|los|las|una|uno|del)$/u;
/** Chinese characters of a question that say nothing of what it is about (asking, pronouns, particles). */
const GENERIC_HAN = /[需要我您你为帮吗呢吧现在这那个的了是否可以能请问好]/gu;

/** Whether the question names a word, a number or a Chinese verb of the request's description before it. */
function sharesDescription(question: string, before: string): boolean {
  for (const [w] of question.matchAll(/[a-z][a-z'-]{3,}|\d{3,}|#?[a-z]*\d[a-z\d]{4,}/g))
    if (!GENERIC.test(w) && new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(w)}(?![\\p{L}\\d])`, "u").test(before)) return true;
  const han = question.replace(GENERIC_HAN, " ");
  for (const m of han.matchAll(/\p{Script=Han}+/gu))
    for (const ch of m[0]) if (before.includes(ch) && /[改换退发扣加删订办取放替付升降拆分]/u.test(ch)) return true;
  for (let i = 0; i + 2 <= han.length; i++) {
    const pair = han.slice(i, i + 2);
    if (/^\p{Script=Han}{2}$/u.test(pair) && before.includes(pair)) return true;
  }
  return false;
}

/** The reply goes ahead in words of its own (not a bare "yes"): a go-ahead, a performative, or an action verb. @internal */
export const OWN_GO_AHEAD =
  /(?<![\p{L}])(?:go ahead|proceed|do it|please do|continue|i (?:confirm|agree|approve|authori[sz]e)|(?:cancel|book|change|modify|update|upgrade|downgrade|add(?!ress)|exchange|return|process|submit|refund)\w*|adelante|proceda|continue|hagalo|confirmo|cancel\w*|reserv\w*|cambi\w*)(?![\p{L}])|请办理|办理|继续|取消|确认|照办/iu;

/**
 * Whether a reply's yes only answers a last question that put something other than the action.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function answersOtherQuestion(reply: string, request: string): string | undefined {
  const other = lastQuestionElsewhere(request);
  if (other === undefined || OWN_GO_AHEAD.test(reply)) return undefined;
  return other;
}

/**
 * The request's open question of how to pay: "let me know which payment method you'd like to use
 * for the difference", "provide a payment method from your profile", "how would you like to pay?",
 * "¿qué método de pago desea usar?", "请告诉我您想用哪种支付方式". Such a request leaves the method to
 * the user, so a yes that names one by a card's last digits answers it and adds no detail
 * of the user's own. The method named binds: a pending action must pay with it
 * (`unboundPaymentChoice`). A kind alone ("my credit card") and a reference the judge cannot check
 * against an action ("the same method as before", "the original card") are not covered here. Read on text in `normalizeText`
 * form. EN, ZH, ES.
 * @internal
 */
import { CREDIT_KIND_NAMED, METHOD_KINDS } from "./payment-method-lexicon.js";
import { boundedSource } from "./lexicon-words.js";

/** Asking which method, or asking the user to give one. */
const ASKS_HOW_TO_PAY =
  /(?<![\p{L}])(?:(?:which|what) (?:payment method|method of payment|form of payment|payment option|card)|how (?:would|do|will) you (?:like to |prefer to |want to )?pay|(?:provide|specify|choose|select|indicate|let me know|tell me|confirm|share)[^.?!\n]{0,50}(?:payment method|method of payment|form of payment|method (?:you'?d|you would) like to (?:use|pay))|(?:que|cual) (?:metodo|forma|medio) de pago|como (?:desea|quiere|prefiere) pagar|(?:indique|indiquenos|digame|proporcione|elija|seleccione|especifique)[^.?!\n]{0,50}(?:metodo|forma|medio) de pago|con (?:que|cual) tarjeta)(?![\p{L}])|(?:哪|什么)(?:种|张|个)?(?:支付方式|付款方式|卡)|(?:提供|选择|告诉我)[^。？！?!\n]{0,20}(?:支付|付款)方式|(?:怎么|如何)(?:支付|付款)/iu;

/** Asking for consent to the action in the same request ("please confirm…", "would you like to proceed", "¿desea continuar?", "请确认"). */
const ASKS_CONSENT =
  /(?<![\p{L}])(?:please confirm|confirm (?:if|whether|that)|(?:would|do) you (?:like|want|wish) (?:me )?to (?:proceed|go ahead|continue|move forward)|shall i (?:proceed|go ahead)|should i (?:proceed|go ahead)|confirme|(?:desea|quiere) (?:continuar|proceder|seguir))(?![\p{L}])|请确认|是否(?:办理|继续|确认)|要办理吗|要我(?:办理|继续)吗/iu;

/**
 * Whether the request puts an action to the user and asks which payment method to use for it
 * (normal form). A request that gathers many details at once ("one-way or round trip? which
 * flights? which payment method? insurance?") puts no action yet: a method named in answer to it
 * is information, read as before.
 */
export function asksHowToPay(request: string): boolean {
  return ASKS_HOW_TO_PAY.test(request) && ASKS_CONSENT.test(request) && (request.match(/[?？]/gu) ?? []).length <= 2;
}

/** A price stated in the request ("$274", "274 dollars", "274 美元"). */
const PRICE = /[$€£¥]\s?\d|\d\s?(?:dollars|usd|euros|dolares|美元|元)(?![\p{L}])/iu;
/** What the method pays for, said as an open amount: "for any additional charges", "for the (price) difference", "para la diferencia", "差价用…". */
const OPEN_AMOUNT =
  /(?<![\p{L}])(?:(?:any|the|whatever) (?:(?:price|fare|cost|cabin) )?(?:difference|additional (?:cost|charge|amount|fee|payment)s?|extra (?:cost|charge|fee)s?)|whatever it costs|(?:la|cualquier) diferencia|cargos? adicionales?)(?![\p{L}])|差价|额外费用/iu;

/**
 * Whether a reply's choice of method answers the request's open question of how to pay: it names
 * the method by a card's digits (a kind alone, "my credit card", is ambiguous when the user
 * holds several, and the judge does not see the profile), and what will be charged is known: the
 * request states a price, or the reply accepts an open amount ("use my card for any additional
 * charges"). Labelling rule 3: an amount never stated is covered only when the user accepted an open
 * amount explicitly with a method they chose.
 * @param request The request, in normal form.
 * @param reply The reply, in normal form.
 * @param mentions The card numbers and payment ids the reply names (`paymentMentions(reply)`).
 */
export function answersHowToPay(request: string, reply: string, mentions: readonly string[]): boolean {
  return mentions.length > 0 && asksHowToPay(request) && (PRICE.test(request) || OPEN_AMOUNT.test(reply));
}

/** Payment kinds named in words, with the id prefix of each (`credit_card_…`, `gift_card_…`, `certificate_…`). */
const KINDS: readonly (readonly [string, RegExp])[] = (
  [
    [METHOD_KINDS.creditCard.id, CREDIT_KIND_NAMED],
    [METHOD_KINDS.giftCard.id, METHOD_KINDS.giftCard.named],
    [METHOD_KINDS.certificate.id, METHOD_KINDS.certificate.named],
    [METHOD_KINDS.paypal.id, METHOD_KINDS.paypal.named],
  ] as const
).map(([kind, words]) => [kind, new RegExp(boundedSource(words), "iu")] as const);

/** The payment kinds a text names in words. */
export function paymentKinds(text: string): string[] {
  return KINDS.filter(([, re]) => re.test(text)).map(([kind]) => kind);
}

/**
 * What a reply chose that the pending actions do not use, or `undefined`: a card number or payment
 * id none of the actions' arguments carries, or a kind named in words when an action pays with
 * another kind (`payment_id` `gift_card_…` after "use my credit card").
 *
 * @param reply The reply, in normal form.
 * @param mentions The card numbers and payment ids the reply names (`paymentMentions(reply)`).
 * @param bound The values of the actions' arguments (`knownValues("", args)`).
 * @param paymentIds The actions' payment ids.
 */
export function unboundPaymentChoice(
  reply: string,
  mentions: readonly string[],
  bound: ReadonlySet<string>,
  paymentIds: readonly string[],
): string | undefined {
  const other = mentions.find((k) => !bound.has(k));
  if (other !== undefined) return other.replace(/^\w+:/, "");
  const kinds = paymentKinds(reply);
  if (kinds.length === 0) return undefined;
  return paymentIds.find((id) => !kinds.some((k) => id.toLowerCase().startsWith(`${k}_`)));
}

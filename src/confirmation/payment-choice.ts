import { namedValues } from "./reply-values.js";
import { offersMethodKind, refersToOfferedMethod } from "./payment-reference.js";
import { BRANDS_HAN, BRANDS_ONE_WORD, CARD_DIGITS_LEAD, LAST_DIGITS_LEAD, METHOD_KINDS, isPaymentIdKey } from "./payment-method-lexicon.js";
import { boundedSource } from "./lexicon-words.js";

/**
 * A reply's choice of how to pay, among the methods the request offered: "please charge the card
 * ending in 7334", "use certificate_8045380", "如果有差价，请用尾号7334的信用卡支付", "si hay
 * diferencia de precio, cárguela a la tarjeta terminada en 7334". Choosing one of the offered
 * methods answers the request's open question; it is no new request. A condition whose only
 * subject is the request's own money contingency ("if there's a fare difference, …") is then no
 * condition on the action: it says which method pays if money is owed, as the request asked.
 * The chosen method binds: the action must use it (`paymentMentions`, checked by the judge
 * against the pending action, and by the audit against the recorded write).
 * @internal
 */

/** Telling which method pays: "use", "charge", "put it on", "pay with", "cárguela a", "用…支付". */
const PAY_VERB =
  /(?<![\p{L}])(?:use|using|charge|bill|put (?:it|that|the \w+) on|pay (?:with|using|by)|take (?:it|the \w+) (?:from|out of)|cargue(?:lo|la)?|carguela|carguelo|cobre(?:lo|la)?|cobrelo|cobrela|use|usen|utilice|pague con|pagar con)(?![\p{L}])|用|从|支付|付款|扣款/iu;

/**
 * A payment method named by kind ("the credit card", "my gift card", "la tarjeta", "信用卡"), by
 * brand ("Mastercard", "万事达卡") or as a bank card ("银行卡", "储蓄卡"): the longer Chinese names
 * come before the bare "卡", so "用我的万事达卡" names a Mastercard, not just "a card". The kinds and brands are the
 * lexicon's (payment-method-lexicon.ts; a brand in its one-word spelling, `BRANDS_ONE_WORD`); the wallets and the bank cards
 * only this reader names.
 */
const METHOD_NOUN = new RegExp(
  boundedSource({
    latin: `(?:credit |debit |gift )?cards?|${METHOD_KINDS.certificate.noun.latin}|${BRANDS_ONE_WORD}|${METHOD_KINDS.paypal.noun.latin}|tarjeta(?: de (?:credito|debito|regalo))?|tarjetas|bono|wechat(?: pay)?|alipay|apple pay|google pay|venmo|zelle|bizum`,
    han: `微信(?:支付)?|支付宝|${METHOD_KINDS.creditCard.noun.han}|${METHOD_KINDS.giftCard.noun.han}|${METHOD_KINDS.certificate.noun.han}|(?:美国)?(?:${BRANDS_HAN})卡?|银联卡?|银行卡|储蓄卡|借记卡|卡`,
  }),
  "iu",
);

/**
 * The request's own money contingency opening a clause: "if there's a (price/fare) difference",
 * "if a payment is required", "if it costs more", "si hay diferencia de precio", "如果有差价",
 * "如需付款". No amount, no comparison of the user's own (a threshold is a condition).
 */
const CONTINGENCY =
  /^(?:(?:and|so|then|y|pues)\s+)?(?:if|in case|should there be|si|en caso de que|如果|要是|如需|如果需要|若)\s*(?:there'?s|there is|there are|there will be|there ends up being|hay|haya|有)?\s*(?:a |an |any |some |alguna |algun |una )?(?:(?:price|fare|cost|cabin|new fare)\s+)?(?:difference|extra (?:cost|charge|fee)|additional (?:cost|charge|fee|payment)|charge|payment (?:is |will be )?(?:required|needed|due)|(?:a )?balance (?:due|to pay)|anything to pay|diferencia(?: de (?:precio|tarifa))?|cargo(?: adicional)?|que pagar|algo que pagar|差价|补差价|付款|支付|额外费用)(?:\s+to (?:pay|cover))?|^(?:if|si|如果)\s+(?:it|the (?:new )?(?:fare|price|cost)|la (?:nueva )?tarifa|新票价|票价)\s+(?:is|costs?|comes out|es|cuesta|更)\s*(?:higher|more|mas alta|mas|高|贵)/iu;
/** The request speaks of paying: only then is "if there's a difference" its own contingency. */
const PAYING = /(?<![\p{L}])(?:difference|pay|payment|charge|diferencia|pagar|pago|cargo)|差价|付款|支付|补/iu;
/** What ends the contingency: the comma before the choice. */
const CONTINGENCY_END = /[,，;；]\s*/u;
/** A threshold or comparison in the contingency makes it the user's own condition. */
const COMPARISON =
  /(?<![\p{L}])(?:more|less|over|under|above|below|exceeds?|than|up to|at most|at least|mas de|menos de|hasta|supera)(?![\p{L}])|超过|多于|少于|以上|以下|不超过/iu;

/** The words that point at a card's last digits, in any of the forms a reply or a request uses ("ending in", "last four of", "尾号"). */
const DIGITS_LEAD = `${CARD_DIGITS_LEAD}|${LAST_DIGITS_LEAD}`;
/** A card's last digits after those words: group 1. */
const DIGITS_MENTION = new RegExp(`(?:${DIGITS_LEAD})\\s*(\\d{3,})`, "giu");

/** Payment ids and card digits a text names: `id:credit_card_7334`, `n:7334` ("ending in 7334", "尾号7334", "terminada en 7334"). */
export function paymentMentions(text: string): string[] {
  const out = new Set<string>();
  for (const v of namedValues(text)) if (isPaymentIdKey(v.key)) out.add(v.key);
  for (const m of text.matchAll(DIGITS_MENTION)) out.add(`n:${Number(m[1])}`);
  return [...out];
}

/** How a clause chooses a payment: the span to read as an answer (not as new content), and whether it opened with the request's contingency. */
export interface PaymentChoice {
  /** The clause without the contingency, the paying verb and the method's name: what is left to read for words of its own. */
  readonly rest: string;
  /** The clause opened with the request's own money contingency ("if there's a difference, …"). */
  readonly contingent: boolean;
}

/**
 * Reads a clause (normal form) as a choice among the request's payment methods, or `undefined`.
 * A choice names a method by kind or by a value the request offered, with a verb that says which
 * pays; every value it names is one the request (or the action) named. The contingency counts
 * only where the request itself spoke of paying ("you will pay the difference").
 */
export function readPaymentChoice(clause: string, request: string, known: ReadonlySet<string>, openPayment = false): PaymentChoice | undefined {
  let text = clause.trim();
  let contingent = false;
  const c = CONTINGENCY.exec(text);
  if (c) {
    const end = CONTINGENCY_END.exec(text.slice(c[0].length));
    if (end === null) return undefined;
    const antecedent = text.slice(0, c[0].length + end.index);
    if (COMPARISON.test(antecedent) || namedValues(antecedent).length > 0) return undefined;
    if (!PAYING.test(request)) return undefined;
    text = text.slice(c[0].length + end.index + end[0].length);
    contingent = true;
  } else {
    // or after the choice: "use the card ending in 5018 if there's a difference(, and go ahead)"
    for (const at of text.matchAll(/(?:,\s*|\s+)(?=(?:if|in case|should there be|si|en caso de que)\s)/giu)) {
      const tail = text.slice(at.index + at[0].length);
      const t = CONTINGENCY.exec(tail);
      const after = t ? tail.slice(t[0].length) : "";
      const end = /^[^,;.!]*/u.exec(after)![0];
      if (t && end.trim() === "" && !COMPARISON.test(t[0]) && namedValues(t[0]).length === 0 && PAYING.test(request)) {
        text = `${text.slice(0, at.index)}${after}`;
        contingent = true;
        break;
      }
    }
  }
  const verb = PAY_VERB.exec(text);
  if (verb === null || !METHOD_NOUN.test(text.slice(verb.index))) return undefined;
  // a method named by kind must be a kind the request offered ("my Mastercard" after "the Visa ending 0917" is another method),
  // unless the request asked which method to use (`answersHowToPay`: any method answers it; the judge binds it to the action)
  const open = openPayment;
  if (!open) for (const m of text.slice(verb.index).matchAll(new RegExp(METHOD_NOUN.source, "giu"))) if (!offersMethodKind(request, m[0])) return undefined;
  const values = namedValues(text);
  if (values.some((v) => !known.has(v.key))) return undefined;
  const mentions = paymentMentions(text);
  if (mentions.length === 0 && !open && !METHOD_NOUN.test(request)) return undefined;
  // what is left besides the verb and the method ("please …  for the difference") is still read for words of its own
  const rest = text
    .replace(new RegExp(PAY_VERB.source, "giu"), " ")
    .replace(new RegExp(METHOD_NOUN.source, "giu"), " ")
    .replace(new RegExp(DIGITS_LEAD, "giu"), " ");
  return { rest: rest.replace(/\s+/g, " ").trim(), contingent };
}

/**
 * A payment method a clause (normal form) names by kind that the request never named ("use my
 * PayPal" after a request offering two cards): another method than those offered, or `undefined`.
 */
export function unofferedMethod(clause: string, request: string, openPayment = false): string | undefined {
  if (openPayment) return undefined;
  for (const m of clause.matchAll(new RegExp(METHOD_NOUN.source, "giu"))) if (!refersToOfferedMethod(request, clause, m)) return m[0];
  return undefined;
}

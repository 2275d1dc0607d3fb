/**
 * A sentence of a yes that says which of the user's payment methods to pay with: "Also, I'd like to use
 * my gift card with the smallest balance to pay", "For payment, please use up the smaller gift card
 * first and then the larger one", "Quiero pagar con la tarjeta de regalo de menor saldo", "请用余额最少的
 * 礼品卡支付". The judge, which does not know which method the write will use, reads it as a change
 * of what the request described; the labels (README rule 5) say that a user who states a payment
 * method with the yes authorizes the write that uses exactly that method. The audit takes such
 * sentences out, has the judge read the rest with the write pending, and then binds the write's
 * method to the one the reply named (`chosenPaymentDetail` of the domain). A sentence that also asks,
 * puts a condition, negates or sets another detail (a flight, a date, a cabin, bags, passengers,
 * insurance) is not such a statement: the reply stays the judge's to read as it is.
 * @internal
 */
import { extractDescribedValues } from "../confirmation/described-values.js";
import { NOT_PLAIN, withoutPaymentSentences } from "./payment-sentences.js";

/** A verb of using or paying with a method (EN, ES, ZH). */
const USE_VERB =
  /(?<![\p{L}])(?:use|using|pay|paying|charge|put|apply|cover|bill|usar|use|utilice|utilizar|pagar|pague|cargar|cargue|cobrar|cobre)(?![\p{L}])|使用|用|支付|付款|扣/iu;
/** Negations and alternatives: "not the Visa", "instead of", "en vez de", "不要": more than a statement of the method. */
const NEGATION = /(?<![\p{L}])(?:not|no|never|don'?t|doesn'?t|instead|rather|except|without|sin|nunca|en vez|en lugar|excepto)(?![\p{L}])|不|别|而非/iu;
/** Other things a sentence may ask for: bags, insurance, seats, upgrades (EN, ES, ZH). */
const OTHER_THINGS =
  /(?<![\p{L}])(?:bags?|baggage|luggage|suitcases?|insurance|seats?|upgrade|meals?|maletas?|equipaje|seguro|asientos?|mejora)(?![\p{L}])|行李|保险|座位|升舱|餐/iu;

/** A plain sentence that names a payment method with a verb of paying and sets nothing else. */
function namesPaymentOnly(sentence: string): boolean {
  const v = extractDescribedValues(sentence);
  const namesMethod = v.paymentKinds.size > 0 || v.paymentIds.size > 0 || v.cardDigits.size > 0;
  const setsOther =
    v.codes.size > 0 ||
    v.flightNumbers.size > 0 ||
    v.dates.size > 0 ||
    v.cabins.size > 0 ||
    v.bagCounts.length > 0 ||
    v.passengerCounts.length > 0 ||
    v.insurance.size > 0 ||
    OTHER_THINGS.test(sentence);
  return namesMethod && USE_VERB.test(sentence) && !setsOther;
}

/**
 * The reply without its sentences that state which payment method to use (`rest`), and those
 * sentences (`statement`), or `undefined` when it has none, when one of them asks, puts a condition or
 * negates, or when nothing else is left.
 *
 * @example
 * ```ts
 * withoutNamedPayment("Yes, please proceed. Also, I'd like to use my gift card with the smallest balance to pay.");
 * // { rest: "Yes, please proceed.", statement: "Also, I'd like to use my gift card with the smallest balance to pay." }
 * withoutNamedPayment("Yes. Use my gift card, but only if it covers everything."); // undefined
 * ```
 * @param reply The user's reply, as written.
 */
export function withoutNamedPayment(reply: string): { rest: string; statement: string } | undefined {
  const notPlain = new RegExp(`${NOT_PLAIN.source}|${NEGATION.source}`, "iu");
  const out = withoutPaymentSentences(reply, namesPaymentOnly, notPlain);
  return out && { rest: out.rest, statement: out.removed.join(" ") };
}

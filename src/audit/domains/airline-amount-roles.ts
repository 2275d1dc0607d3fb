/**
 * What a money amount in a description is for. A request that states several amounts does not make each
 * of them a charge the user agreed to pay: money said to come back to the user ("your $120 fare is
 * credited", "a refund of $120", "se le reembolsarán 120 dólares", "退还120美元") is not paid, a price the
 * text gives to another cabin than the one written ("Business $239" when economy is booked) is an option
 * not taken, and when the text says which amount is the price difference to pay ("you pay the $50
 * difference", "una diferencia de 50 dólares", "差价50美元"), the fares it was worked out from, in clauses
 * that neither speak of the difference nor of paying, are not charges.
 * @internal
 */
import { extractDescribedValues, sameAmount } from "../../confirmation/described-values.js";
import { amountForms } from "../value-forms.js";

/** Clause breaks: punctuation before a space (not inside "$1,250.50"), and "so" / "and" / "but" / "which" between clauses. */
const CLAUSE_BREAK = /[,;:.!?]\s+|[，；：。！？]\s*|\s+(?:so|and|but|which|while|y|pero|así que|所以|但)\s+/iu;

/** The mentions of `amount` in `t`, with where they stand. */
function mentions(amount: number, t: string): RegExpMatchArray[] {
  return amountForms(amount).flatMap((re) => [...t.matchAll(new RegExp(re.source, "giu"))]);
}

/** An amount named as money coming back to the user, right before it: "a refund of", "credit of", "refund you", "pay you back", "le devolveremos", "reembolso de", "退款", "退还您". */
const CREDIT_BEFORE =
  /(?:\brefund(?:ed)?(?:\s+(?:you|to you))?|\bcredit(?![\s_-]*card)|\b(?:pay|give)\s+you\s+back|\bback\s+to\s+you|reembolso|(?:le|te)\s+devolver\p{L}*|(?:le|te)\s+devolvemos|退款|退还|退回|退给)\s*(?:of|de|给?您|给?你)?\s*$/iu;
/** … or right after it: "is credited", "will be refunded", "refund", "back" ("you'll get $120 back"), "de vuelta", "serán reembolsados", "将退还". */
const CREDIT_AFTER =
  /^\s*(?:(?:is|are|will be|would be|gets?|being|to be)\s+)?(?:refunded|credited|reimbursed|returned)\b|^\s*(?:refund|credit)\b(?![\s_-]*card)|^\s*(?:ser[aá]n?\s+)?(?:reembolsad|devuelt|abonad)|^\s*(?:dollars?|d[oó]lares|usd)?\s*(?:back\b|de\s+vuelta|de\s+regreso)|^\s*(?:将|会)?(?:退还|退回|退款|退给)/iu;

/**
 * Whether every mention of `amount` in `t` is named as money coming back to the user ("your old fare of
 * $120 is credited", "a refund of $120", "$120 refund", "120 dólares serán reembolsados"): such an amount is
 * not a price to pay.
 * @internal
 */
export function onlyAsCredit(amount: number, t: string): boolean {
  const found = mentions(amount, t);
  return (
    found.length > 0 &&
    found.every((m) => {
      const before = t.slice(Math.max(0, m.index! - 30), m.index!);
      const after = t.slice(m.index! + m[0].length, m.index! + m[0].length + 30);
      return CREDIT_BEFORE.test(before) || CREDIT_AFTER.test(after);
    })
  );
}

/** Cabin names, the longest first ("basic economy" before "economy"), in English, Spanish and Chinese. */
const CABINS: readonly (readonly [cabin: string, words: RegExp])[] = [
  ["basic_economy", /basic[\s_-]*economy|(?:turista|econ[oó]mica)\s+b[aá]sica|基础经济舱|基本经济舱/iu],
  ["economy", /(?<!basic[\s_-]*)economy|(?<!b[aá]sica\s*)(?:turista|econ[oó]mica)(?!\s+b[aá]sica)|(?<!基础|基本)经济舱/iu],
  ["business", /business|ejecutiva|negocios|商务舱/iu],
];

/** The cabin named right before (`Business $239`, `Business: $239`, `Business class at $239`) or right after (`$239 for business`) a mention. */
function cabinBeside(t: string, m: RegExpMatchArray): string | undefined {
  const before = t.slice(Math.max(0, m.index! - 30), m.index!);
  const after = t.slice(m.index! + m[0].length, m.index! + m[0].length + 30);
  for (const [cabin, words] of CABINS) {
    const tail = new RegExp(`(?:${words.source})\\s*(?:class|cabin|fare|clase|舱)?\\s*(?:[:(–—-]|is|at|for|costs?|cuesta|por|价格|票价)?\\s*$`, "iu");
    const head = new RegExp(`^\\s*(?:\\)\\s*)?(?:for|in|en|para)\\s+(?:the\\s+|la\\s+)?(?:${words.source})`, "iu");
    if (tail.test(before) || head.test(after)) return cabin;
  }
  return undefined;
}

/**
 * Whether every mention of `amount` in `t` is the price of a cabin other than `cabin` ("Basic Economy
 * $51, Economy $121, Business $239": $239 is business's price, not the price of an economy booking).
 * @internal
 */
export function onlyAsOtherCabinPrice(amount: number, t: string, cabin: string | undefined): boolean {
  if (cabin === undefined) return false;
  const found = mentions(amount, t);
  return (
    found.length > 0 &&
    found.every((m) => {
      const beside = cabinBeside(t, m);
      return beside !== undefined && beside !== cabin;
    })
  );
}

/** A clause that speaks of the price difference to pay. */
const DIFFERENCE = /\bdifference\b|\bdiff\b|diferencia|差价|差额/iu;
/** A clause that says an amount is paid or is the total: "you pay", "charged", "in total", "cobraremos", "共计". */
const PAID = /\b(?:pay|paid|paying|charge[ds]?|charging|total|in all|altogether|owe)\b|cobr\w*|pag\w*|total|共计|合计|总共|支付|收取/iu;
/** A clause that states a fare: "the new fare is $170", "your original price", "la tarifa", "票价". */
const FARE = /\b(?:fares?|prices?|priced)\b|tarifa|precio|票价|价格/iu;

/**
 * The fares a description worked a stated price difference out from: when a clause speaks of the
 * difference with an amount, the amounts of the clauses that state a fare and speak neither of the
 * difference nor of paying ("the new fare is $170 against your $120, so you pay the $50 difference":
 * $170 and $120). Such amounts are not charges. [] when no clause speaks of a difference.
 * @param sentences How the text splits into sentences.
 * @internal
 */
export function faresBehindDifference(t: string, sentences: (text: string) => readonly string[]): number[] {
  const clauses = sentences(t).flatMap((s) => s.split(CLAUSE_BREAK));
  if (!clauses.some((c) => DIFFERENCE.test(c) && extractDescribedValues(c).amounts.length > 0)) return [];
  const payable = clauses.filter((c) => DIFFERENCE.test(c) || PAID.test(c)).flatMap((c) => extractDescribedValues(c).amounts);
  return clauses
    .filter((c) => FARE.test(c) && !DIFFERENCE.test(c) && !PAID.test(c))
    .flatMap((c) => extractDescribedValues(c).amounts)
    .filter((a) => !amongAmounts(a, payable));
}

/** Whether `charged` is one of `amounts`. @internal */
export function amongAmounts(charged: number, amounts: readonly number[]): boolean {
  return amounts.some((a) => sameAmount(a, charged));
}

/** A certificate right after an amount ("$100 certificate", "the $100 one", "$100 travel voucher", "100 dólares en certificado", "100美元代金券"). */
const CERTIFICATE_AFTER =
  /^\s*(?:dollars?|d[oó]lares|usd|美元|元)?\s*(?:(?:travel\s+)?(?:certificates?|vouchers?|one)\b|(?:de|en)\s+(?:certificado|bono)|的?(?:代金券|旅行券|优惠券))/iu;
/** … or right before it ("a certificate of $100", "certificate for $100", "un certificado de 100 dólares", "代金券100美元"). */
const CERTIFICATE_BEFORE = /(?:certificate|voucher|certificado|bono|代金券|旅行券)\s*(?:of|for|worth|de|por)?\s*(?:\$|usd\s*)?$/iu;

/** "per passenger", "each", "por pasajero", "每人" right after an amount. */
const PER_PASSENGER_AFTER = /^\s*(?:dollars?|d[oó]lares|usd|美元|元)?\s*(?:per\b|each\b|a person\b|por\s+(?:pasajer|persona)|每)/iu;

/**
 * The amounts `t` names as certificates: several of them ("a $50 certificate; the $100 one is only for
 * delays over 3 hours") leave the amount to send open, unless the reply names one.
 * @internal
 */
export function certificateAmounts(t: string): number[] {
  return extractDescribedValues(t).amounts.filter((a) =>
    mentions(a, t).some((m) => {
      const after = t.slice(m.index! + m[0].length, m.index! + m[0].length + 25);
      // an amount per passenger is a part of the certificate, not another amount ("$50 per passenger, so $100 in total")
      if (PER_PASSENGER_AFTER.test(after)) return false;
      return CERTIFICATE_AFTER.test(after) || CERTIFICATE_BEFORE.test(t.slice(Math.max(0, m.index! - 25), m.index!));
    }),
  );
}

/**
 * An amount the reply names in another currency than the request's same amount: "59元" (yuan) when the request refunds
 * "$59.00", "320美元" (dollars) when it charges "¥320", "412 euros" when it refunds "$412". The number is the request's; the money
 * is not: which amount the user agrees to is not said. A bare number, or the request's own currency, is read elsewhere; so is
 * "块" ("50块从礼品卡里扣" to a $50 charge), the spoken unit of any money, not of yuan only.
 * EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */

/** A currency kind and the ways an amount in it is written, before or after the number. */
const KINDS: readonly (readonly [kind: string, before: RegExp, after: RegExp])[] = [
  ["dollar", /(?:us\s?)?\$\s?$/u, /^\s?(?:dollars?|bucks|usd|dolares|美元|美金|刀)/u],
  ["yuan", /[¥￥]\s?$|(?:rmb|cny)\s?$/u, /^\s?(?:元(?!素)|rmb|cny|yuan|renminbi|人民币)/u],
  ["euro", /€\s?$|eur\s?$/u, /^\s?(?:€|euros?|eur)/u],
  ["pound", /£\s?$/u, /^\s?(?:pounds?|libras?|gbp|英镑)/u],
];

/** Each amount of the text with the currency kind written beside it: "$59.00" → 59 dollar, "59元" → 59 yuan. */
function amounts(text: string): { readonly n: number; readonly kind: string; readonly text: string }[] {
  const out: { n: number; kind: string; text: string }[] = [];
  for (const m of text.matchAll(
    /(?<![\p{Script=Latin}\p{N}])(?<!\d[.,])\d{1,3}(?:[,.]\d{3})*(?:[.,]\d{1,2})?(?![\p{N}])|(?<![\p{Script=Latin}\p{N}])(?<!\d[.,])\d+(?:[.,]\d{1,2})?(?![\p{N}])/gu,
  )) {
    const before = text.slice(Math.max(0, m.index - 6), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
    const kind = KINDS.find(([, b, a]) => b.test(before) || a.test(after))?.[0];
    if (kind === undefined) continue;
    const n = Number(m[0].replace(/[.,](?=\d{3}(?!\d))/gu, "").replace(",", "."));
    if (Number.isFinite(n)) out.push({ n, kind, text: m[0] });
  }
  return out;
}

/**
 * The reply's amount (as written) that the request names with another currency and never with the reply's one; undefined
 * when every amount the reply writes with a currency is the request's in that currency, or a number the request does not name.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function otherCurrency(reply: string, request: string): string | undefined {
  const asked = amounts(request);
  for (const said of amounts(reply)) {
    const same = asked.filter((a) => a.n === said.n);
    if (same.length > 0 && !same.some((a) => a.kind === said.kind)) return `${said.text} (${said.kind}; the request: ${same[0]!.kind})`;
  }
  return undefined;
}

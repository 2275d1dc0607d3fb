/**
 * A request whose money figure is not fixed: a range ("$50–100", "between $50 and $100", "entre 50 y 100 dólares",
 * "50到100美元") or an amount left for later ("exact amount after confirmation", "I'll calculate it after you confirm",
 * "to be determined", "el importe exacto se calculará después", "具体金额确认后计算", "待定"). The user is asked to pay an
 * amount they cannot see, so a yes consents to no exact action. A refund the agent will work out by the rules ("I will
 * calculate the refund amount once the downgrade is processed") is what the user receives, not what they agree to pay;
 * an exact figure with a note beside it ("a $75 fee, about 10% of the fare", "refunded in 5–7 days") is fixed. One
 * approximate figure ("about $85", "~$85") is read as that figure: the corpora's labels confirm yeses to it.
 * Found as a false confirmation on real replies (real-replies-6, r6-123: "the price difference (I'll calculate it after
 * confirmation, but expect ~$50–100 total…; exact amount depends on availability)"). EN, ZH, ES; read on text in
 * `normalizeText` form.
 * @internal
 */

/** An amount of money: "$80", "$1,250.00", "80 dollars", "80 dolares", "80美元", "80元". */
const MONEY = String.raw`(?:(?:us)?\$|€|£)[ \t]?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?[ \t]?(?:dollars?|usd|dolares|euros?|美元|美金|元|块)`;
/** A bare number that ends a range whose other end carries the currency ("$50–100"). */
const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?`;

/**
 * A figure that is a range, not one amount: "$50–100", "$50 to $100", "50到100美元", "between $50 and $100", "entre 50 y
 * 100 dólares" (not a sum worked out, "$2,787 - $207 = $2,580").
 */
const RANGE = new RegExp(
  [
    String.raw`(?:${MONEY})[ \t]*(?:–|~|to|a|至|到)[ \t]*${NUMBER}(?![\d/:.,]*[ \t]*(?:=|%|[\p{L}]+[ \t]*=))`,
    String.raw`(?:${MONEY})[ \t]*(?:to|a|至|到)[ \t]*(?:${MONEY})(?![ \t]*=)`,
    String.raw`(?<![\p{L}\d_.,])${NUMBER}[ \t]*(?:-|–|~|to|a|至|到)[ \t]*${NUMBER}[ \t]?(?:dollars?|usd|dolares|euros?|美元|美金|元|块)`,
    String.raw`(?<![\p{L}])(?:between|entre)[ \t]*(?:${MONEY}|${NUMBER})[ \t]*(?:and|y)[ \t]*(?:${MONEY})`,
  ].join("|"),
  "iu",
);

/** An amount left for later: "exact amount after confirmation", "I'll calculate it after…", "to be determined", "待定". */
const AMOUNT_LATER = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:exact|final|precise|actual) (?:amount|price|cost|total|charge|fee|difference|fare)(?: [\p{L}]+){0,3} (?:(?:will be|is to be|to be|gets?) (?:calculated|determined|confirmed|computed|worked out)|(?:depends|will depend|may vary|varies)|(?:after|once|upon) (?:confirmation|you confirm|confirming|processing))(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:i'?ll|i will|we'?ll|we will|i can|we can)\s+calculate\s+(?:it|the [\p{L} ]{0,30}?|this|that)\s+(?:after|once|later|when)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:amount|price|cost|charge|fee|difference|total)\s+(?:is |are )?(?:tbd|tbc|to be (?:determined|confirmed|calculated))(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:importe|monto|precio|cantidad|diferencia|costo|cargo|tarifa)(?: (?:exact[oa]|final))? se (?:calculara|determinara|confirmara|conocera|sabra)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:importe|monto|precio|cantidad|diferencia|costo|cargo|tarifa)(?: [\p{L}]+){0,2} (?:por|a) (?:determinar|confirmar|calcular)(?![\p{L}])`,
    String.raw`(?:金额|价格|差价|费用|价钱)\s*[:：]?\s*(?:待定|待确认|待计算)|(?:确认|办理|处理)(?:之后|以后|后)(?:再|才)?(?:计算|核算|(?:确定|告知)(?:具体)?(?:金额|价格|差价|费用))|(?:具体|最终|确切|实际)(?:的)?(?:金额|价格|差价|费用|价钱)(?:将|会|要|需)?(?:在)?(?:确认|稍后|之后|以后|另行|视)`,
  ].join("|"),
  "iu",
);

/**
 * A figure the agent says it has yet to work out, with no figure after it: "I'll need to calculate the exact cost based on
 * current prices, but first, do you confirm…?", "the price difference will be calculated, and I will need your
 * confirmation", "necesito calcular el costo exacto", "我需要先计算差价". Found as false confirmations on real replies
 * (real-replies-7, r7-040 and r7-114, a yes to an upgrade or an exchange whose cost was still to be calculated). A figure
 * the request states after these words is the one worked out (checked by the caller).
 */
const CALCULATED_LATER = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:i'?ll|i will|we'?ll|we will|i'?d|i would|i need to|i have to|we need to|let me)\s+(?:(?:need|have) to\s+)?(?:first\s+)?(?:calculate|determine|work out|figure out|compute|look up|check|confirm)\s+(?:what\s+)?(?:the\s+|your\s+)?(?:exact\s+|final\s+|actual\s+|precise\s+|total\s+|new\s+)?(?:cost|price|amount|fare|(?:price|fare|cost) difference|difference|charge|fee|total)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:(?:price|fare|cost)\s+)?(?:difference|amount|price|cost|total|charge|fee)\s+(?:will|would|needs to|has to|must)\s+be\s+(?:calculated|determined|computed|worked out|checked)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:necesito|necesitare|tendre que|tengo que|debo|debere|voy a|vamos a)\s+(?:primero\s+)?(?:calcular|determinar|consultar|verificar|revisar)\s+(?:el|la|cual es el|cual es la)\s+(?:costo|coste|precio|importe|monto|diferencia|tarifa|cargo)(?![\p{L}])`,
    String.raw`(?:需要|得|要|会|将)(?:先)?(?:计算|核算|查询|确认)(?:一下)?(?:具体|准确|确切|最终)?(?:的)?(?:费用|差价|价格|金额|价钱)|(?:差价|费用|价格|金额)(?:将|会)(?:在[^。，,]{0,10})?(?:计算|核算|确定)`,
  ].join("|"),
  "iu",
);

/**
 * The words that leave the request's money figure open, or undefined when every figure it puts is exact.
 *
 * @example
 * ```ts
 * indeterminateAmount("you'll pay the difference (expect ~$50–100; exact amount after confirmation). shall i proceed?"); // "$50–100"
 * indeterminateAmount("the change fee is $75, about 10% of the fare. shall i proceed?"); // undefined
 * ```
 * @param request The request (normal form).
 */
export function indeterminateAmount(request: string): string | undefined {
  for (const re of [RANGE, AMOUNT_LATER])
    for (const m of request.matchAll(new RegExp(re.source, "giu"))) {
      // a refund the agent will work out ("I will calculate the refund amount once the downgrade is processed") is what the
      // user receives by the rules: only what the user is asked to pay must be shown
      const around = request.slice(Math.max(0, m.index - 200), m.index + m[0].length + 80);
      if (REFUND.test(around) && !PAYS.test(around)) continue;
      return m[0].trim();
    }
  for (const m of request.matchAll(new RegExp(CALCULATED_LATER.source, "giu"))) {
    const around = request.slice(Math.max(0, m.index - 200), m.index + m[0].length + 80);
    if (REFUND.test(around) && !PAYS.test(around)) continue;
    // the figure worked out, stated after these words ("I'll calculate the exact cost: it comes to $597"), is shown
    if (new RegExp(MONEY, "iu").test(request.slice(m.index + m[0].length))) continue;
    return m[0].trim();
  }
  return undefined;
}

/** Money coming back to the user. */
const REFUND = /(?<![\p{L}])(?:refund\w*|reembols\w*|devoluci\w*|credit(?:ed)? back)(?![\p{L}])|退款|退还|退回/iu;
/** Money the user pays: "you'll pay", "to pay", "charged", "a fee", "cobrar", "pagar", "支付", "补差价". */
const PAYS =
  /(?<![\p{L}])(?:(?:you(?:'ll| will)?|need to|have to|to) pay|charg\w*|fees?|cobr\w*|pagar|pague|pagara)(?![\p{L}])|支付|付款|扣款|补差价|补交|需(?:要)?付/iu;

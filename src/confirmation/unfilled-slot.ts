/**
 * A request that still holds a template's unfilled slots: "Departure Time: [Time] + 1 hour", "Passengers: [Details will be
 * collected]", "a total of $XXX", "on {date}", "<passenger name>", "Fecha: [fecha]", "出发时间：【时间】". The agent wrote
 * the form of a confirmation without its values, so the user was not shown the action: a yes to it consents to nothing
 * exact. Found as false confirmations on real replies (real-replies-9, r9-022 and r9-051: open-weight agents quoting
 * their own templates).
 *
 * Not a slot: a markdown link's text (`[the fare rules](https://…)`), a check box (`[ ]`, `[x]`), a footnote or a number
 * (`[1]`, `[2/3]`), a yes/no prompt (`[yes/no]`, `[Y/N]`), an id or code the agent quotes in brackets (`[W1234567]`,
 * `[HAT170]`), a heading alone on its line ("**[Flight details]**"), and a masked card number (`ending in XXXX-1234`, `**** 4821`), which names a card by its last digits.
 * EN, ZH, ES; read on text in `normalizeText` form (lower case).
 * @internal
 */

/** Words that name what a slot would hold ("[time]", "[passenger name]", "[fecha de salida]", "【金额】"). */
const SLOT_WORD = String.raw`(?:time|date|day|name|names|amount|price|cost|total|fee|number|id|code|details?|address|flight|airport|city|seat|cabin|class|passengers?|email|phone|card|payment(?: method)?|method|reason|item|order|reservation|value|insert|placeholder|tbd|tbc|to be (?:determined|confirmed|collected|provided|added)|will be (?:collected|provided|added|determined|confirmed)|fecha|hora|nombre|importe|monto|precio|numero|vuelo|pasajeros?|direccion|metodo de pago|tarjeta|motivo|por (?:determinar|confirmar|definir))`;

/**
 * A bracketed slot: `[…]`, `{…}`, `{{…}}`, `<…>` holding a slot word among a few words (letters, spaces, "/", "-", "_"),
 * not followed by "(" (a markdown link); in Chinese, `[…]` or `【…】` holding only a slot noun ("【出发时间】", "[乘客姓名]",
 * "【待定】"), not a section heading ("【航班信息】", "【温馨提示】").
 */
const BRACKETED = new RegExp(
  [
    String.raw`\[(?![ x]?\])(?=[^\]\n]{1,60}\](?!\())[\p{L} /_-]*(?<![\p{L}])${SLOT_WORD}(?![\p{L}])[\p{L} /_-]*\](?!\()`,
    String.raw`\{\{?[ ]*[\p{L} _-]*(?<![\p{L}])${SLOT_WORD}(?![\p{L}])[\p{L} _-]*\}\}?`,
    String.raw`<[ ]*[\p{L} _-]*(?<![\p{L}])${SLOT_WORD}(?![\p{L}])[\p{L} _-]*>`,
    String.raw`[\[【][ ]*(?:出发|到达|起飞|返程|航班|乘客|退款|差价)?(?:时间|日期|姓名|名字|金额|价格|航班号|订单号|预订号|地址|待定|待填写?|待确认)[ ]*[\]】]`,
  ].join("|"),
  "giu",
);

/** A masked amount: "$XXX", "$XX.XX", "$__", "XXX dollars", "XX美元", "XXX dólares" (after `normalizeText`, "dolares"). */
const MASKED_AMOUNT =
  /(?:(?:us)?\$|€|£)[ \t]?(?:x{2,}|_{2,}|\?{2,})(?:\.(?:x{2}|_{2}))?(?![\p{L}\d])|(?<![\p{L}\d])(?:x{2,}|_{2,})(?:\.(?:x{2}|_{2}))?[ \t]?(?:dollars?|usd|dolares|euros?|美元|元)/iu;

/**
 * The first unfilled slot in the request, as written there; undefined when it has none.
 * @param requestText The request in `normalizeText` form.
 */
export function unfilledSlot(requestText: string): string | undefined {
  for (const m of requestText.matchAll(BRACKETED)) if (!aloneOnItsLine(requestText, m.index, m[0])) return m[0];
  return MASKED_AMOUNT.exec(requestText)?.[0];
}

/** The bracketed text is its line's only words ("**[Flight details]**", "[Resumen]:"): a heading, not a slot. */
function aloneOnItsLine(text: string, at: number, slot: string): boolean {
  const start = text.lastIndexOf("\n", at) + 1;
  const end = text.indexOf("\n", at + slot.length);
  const line = text.slice(start, end < 0 ? text.length : end);
  return line.replace(/[*#:：\-\s]/g, "") === slot.replace(/\s/g, "");
}

/**
 * Someone other than the user paying, said beside a yes: "my wife will pay with her own card", "her
 * company is covering it", "mi esposa pagará con su tarjeta", "我太太会用她的卡付". However it is told
 * (a plan, a story), it changes who pays, a detail of the action the request did not put to the user. So does a method of payment
 * that is someone else's ("refund it to his Visa", "la tarjeta de mi esposa", "退到我太太的卡上"): whose money moves is a detail too.
 * @internal
 */

/** A person other than the user, as the subject of a clause or a part of it. */
const EN_ES_PAYER = String.raw`(?:(?<![\p{L}])(?:he|she|they|el|ella|ellos|ellas|(?:my|our|his|her|their|mi|mis|su|sus|nuestr[oa]s?)\s+(?:[\p{L}']+\s+){0,2}?(?:wife|husband|partner|spouse|son|daughter|kids?|child|children|friend|colleague|coworker|boss|mom|mum|mother|dad|father|brother|sister|parents?|family|company|employer|office|firm|work|esposa|esposo|mujer|marido|pareja|hij[oa]s?|amig[oa]s?|colega|jefe|madre|padre|mama|papa|herman[oa]s?|familia|empresa|compania|trabajo|oficina))(?![\p{L}]))`;
/** Paying, covering, being charged: the verb after the payer ("will pay", "is covering", "pagará", "cubre"). */
const EN_ES_PAYS = String.raw`(?:\s*'(?:s|ll|re|d)|\s+(?:is|are|will|would|also|too|still|probably|going to|gonna|might|may|does|do|can|va a|van a|lo|la|se))*\s+(?:pay|pays|paying|paid|cover|covers|covering|covered|pick(?:s|ing)? up the (?:bill|tab|cost)|foot(?:s|ing)? the bill|reimburs\w*|charge it|pag\w*|cubr\w*|cubre|cubren|corre con)(?![\p{L}])`;
const EN_ES = new RegExp(EN_ES_PAYER + EN_ES_PAYS, "iu");

/** Chinese: another person or the user's company paying ("我太太会用她的卡付", "公司报销", "他来付"). */
const ZH =
  /(?:太太|妻子|老婆|丈夫|老公|先生|儿子|女儿|孩子|朋友|同事|老板|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|家人|公司|单位|他们|她们|他|她)(?:也|会|来|要|将|可以|自己)*(?:用[^，。,.!！;；]{0,8})?(?:付|支付|付款|买单|出钱|报销|掏钱)/u;

/**
 * The words of a clause (normal form) that make someone else pay, or `undefined`.
 *
 * @example
 * ```ts
 * otherPayer("my wife will pay with her own card"); // "my wife will pay"
 * otherPayer("i'll pay with my card"); // undefined
 * ```
 * @param clause A clause of the reply, in normal form.
 * @internal
 */
export function otherPayer(clause: string): string | undefined {
  return (EN_ES.exec(clause) ?? ZH.exec(clause))?.[0];
}

/** A method of payment or an account: what money is taken from or sent to. */
const METHOD = String.raw`(?:(?:[\p{L}]+\s+){0,2}?(?:card|cards|visa|mastercard|amex|discover|paypal|account|wallet|bank|tarjetas?|cuentas?))(?![\p{L}])`;
/** A person other than the user owning it: "his", "her", "their", "my wife's", "mi esposa"; not the formal "su" (your). */
const EN_OWNER = String.raw`(?<![\p{L}])(?:his|her|their|(?:my|our)\s+(?:[\p{L}]+\s+)?(?:wife|husband|partner|spouse|son|daughter|kids?|child|friend|colleague|coworker|boss|mom|mum|mother|dad|father|brother|sister|parents?|family|company|employer)'s)\s+`;
const ES_OWNER = String.raw`(?<![\p{L}])(?:tarjetas?|cuentas?)(?:\s+[\p{L}]+){0,2}?\s+(?:de|del)\s+(?:mi|mis|nuestr[oa]s?)\s+(?:esposa|esposo|mujer|marido|pareja|hij[oa]s?|amig[oa]s?|colega|jefe|madre|padre|mama|papa|herman[oa]s?|familia|empresa|compania)(?![\p{L}])`;
const OWNED = new RegExp(`${EN_OWNER}${METHOD}|${ES_OWNER}`, "iu");
/** Chinese: "他的卡", "我太太的信用卡", "女儿的支付宝". */
const ZH_OWNED =
  /(?:太太|妻子|老婆|丈夫|老公|先生|儿子|女儿|孩子|朋友|同事|老板|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|家人|公司|他们|她们|他|她)的[^，。,.!！;；]{0,6}?(?:卡|账户|帐户|支付宝|微信)/u;

/**
 * The words of a clause (normal form) that name someone else's method of payment, or `undefined`.
 *
 * @example
 * ```ts
 * othersMethod("send the refund to his visa"); // "his visa"
 * othersMethod("send the refund to my visa"); // undefined
 * ```
 * @param clause A clause of the reply, in normal form.
 * @internal
 */
export function othersMethod(clause: string): string | undefined {
  return (OWNED.exec(clause) ?? ZH_OWNED.exec(clause))?.[0];
}

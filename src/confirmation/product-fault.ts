import { DETAIL_WORDS } from "./reason-given.js";

/**
 * What is wrong with the item a return or an exchange takes back: "the bottle doesn't keep anything
 * warm", "it just doesn't work properly", "no funciona como debería", "el ventilador no gira bien",
 * "保温瓶不保温", "风扇不转了". To a request that returns, exchanges or cancels an order's item, such a
 * phrase is the reason for the action: its negation is about the product, not the action. A closed
 * list of faults (working, switching on, heating, cooling, charging, closing, fitting, spinning,
 * holding heat, lasting, looking as pictured), with the item, a pronoun or no subject (Spanish,
 * Chinese) before it. Not read as a fault: a phrase that also names a detail of the action (the refund,
 * the card, the bag), a digit, or the offer judged for the user ("that doesn't work for me", "eso no
 * me sirve", "不适合我"); and nothing is read to a request that adds or books. The rest of the clause —
 * a negation of the action ("don't return the bottle"), "only", a condition — is read as before.
 * @internal
 */

/** The request takes an order's item back: a return, an exchange or an order's cancellation. */
const TAKES_BACK =
  /(?<![\p{L}])(?:return\w*|exchang\w*|devol\w*|devuelv\w*|cambi\w*|cancel\w*)(?![\p{L}])[^.?!]{0,200}?(?<![\p{L}])(?:order|item|pedido|articulo|producto)(?![\p{L}])|(?<![\p{L}])(?:order|item|pedido|articulo|producto)(?![\p{L}])[^.?!]{0,200}?(?<![\p{L}])(?:return\w*|exchang\w*|devol\w*|devuelv\w*|cambi\w*|cancel\w*)(?![\p{L}])|(?:退货|换货|订单[^。？！]{0,60}(?:退|换|取消)|(?:退|换|取消)[^。？！]{0,60}订单)/iu;
const ADDS = /(?<![\p{L}])(?:add|adding|book|booking|upgrad\w*|purchas\w*|buy|anadir|agregar|reservar|comprar)(?![\p{L}])|添加|加上|订票|升级|购买/iu;

/** The thing that fails: a pronoun or "the <item>" (English needs a subject: "it", "the fan", "the left one"). */
const EN_SUBJECT = String.raw`(?:it|they|the\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+|mine|the one)`;
const EN_FAULT = String.raw`(?:work|works|working|turn on|switch on|power on|charge|charges|heat up|heat|cool|cool down|close|closes|seal|seals|fit|fits|spin|spins|blend|blends|keep (?:anything|things|drinks|it|the \w+)? ?(?:warm|hot|cold)|keep heat|hold (?:a )?charge|hold heat|stay (?:on|warm|cold|closed)|last|look like (?:the|it did in the) (?:picture|photo)s?)`;
const EN = String.raw`(?<![\p{L}])${EN_SUBJECT}\s+(?:just\s+|really\s+|even\s+|still\s+)?(?:doesn'?t|does not|don'?t|do not|didn'?t|did not|won'?t|will not|wouldn'?t)\s+(?:really\s+|even\s+|quite\s+|properly\s+)?${EN_FAULT}(?:\s+(?:properly|right|well|at all|anymore|any more|on high|on low|all the way|as it should|as advertised))*(?![\p{L}])`;
/** Spanish: the subject may be dropped ("no funciona como debería"). */
const ES_FAULT = String.raw`(?:funciona|funcionan|sirve para nada|enciende|encienden|prende|prenden|carga|cargan|calienta|calientan|enfria|enfrian|cierra|cierran|gira|giran|tritura|trituran|mantiene el (?:calor|frio)|mantienen el (?:calor|frio)|aguanta|dura|duran|se parece a la foto)`;
const ES = String.raw`(?<![\p{L}])(?:(?:el|la|los|las)\s+(?:[\p{L}-]+\s+){0,2}?)?(?:ya\s+)?no\s+${ES_FAULT}(?:\s+(?:bien|nada|como deberia|como antes|correctamente|para nada))*(?![\p{L}])`;
/** Chinese: the item's fault, subject dropped or not ("风扇不转了", "不保温", "坏了不能用"). */
const ZH = String.raw`(?:不保温|不制冷|不制热|不加热|不转了?|不亮了?|不出水|充不进电|充不上电|开不了机|开不机|打不开|关不上|合不上|拉不上(?=[了，,。]|$)|没电了?|坏了|不能用了?|用不了了?|不好用)`;

const FAULT = new RegExp(`${EN}|${ES}|${ZH}`, "giu");

/** The offer judged for the user ("that doesn't work for me", "eso no me sirve", "不适合我"): not a fault. */
const FOR_THE_USER = /(?<![\p{L}])(?:for (?:me|us)|with (?:my|our)|(?:me|nos) (?:sirve|funciona|viene))(?![\p{L}])|(?:适合|适用)(?:我|我们)/iu;

/**
 * The clause (normal form) without the phrases that say what is wrong with the item the request takes
 * back; unchanged for a request that adds or books, or does not take an item back.
 *
 * @example
 * ```ts
 * withoutProductFaults("the fan doesn't spin on high", "shall i return the desk fan from order #w1?"); // " "
 * withoutProductFaults("don't return the fan", "shall i return the desk fan from order #w1?"); // unchanged
 * ```
 * @param clause The clause, in normal form.
 * @param request The request, in normal form.
 * @internal
 */
export function withoutProductFaults(clause: string, request: string): string {
  if (!TAKES_BACK.test(request) || ADDS.test(request)) return clause;
  return clause.replace(FAULT, (m, at: number) => {
    const after = clause.slice(at + m.length, at + m.length + 16);
    if (DETAIL_WORDS.test(m) || /\d/u.test(m) || FOR_THE_USER.test(m) || FOR_THE_USER.test(after)) return m;
    return " ";
  });
}

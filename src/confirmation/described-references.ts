/**
 * Ordinary words that refer to something the request described, so that they bring no content of
 * their own: a word for the *kind* of a value the request stated ("the amount", "the extra cost",
 * "any additional charges" after a request that states an amount; "reservation ID" right before an id
 * the request gave), and the ordinary name of a thing the request named ("the checked bags" for its
 * bags). A reply that says "charge the amount to my card" repeats the request's amount without
 * saying it again; only a value, an instruction or a condition of the user's own adds something.
 * @internal
 */
import { paymentMentions } from "./payment-choice.js";
import { METHOD_ID_PREFIXES } from "./payment-method-lexicon.js";
import { withoutRoleReferences } from "./role-references.js";

/** Where a payment method's id starts ("gift_card_1…", "paypal_9…"). */
const METHOD_ID_START = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${METHOD_ID_PREFIXES})_\\d`, "gu");

/** The request states an amount of money ("$597", "412 dólares", "412 美元"). */
const STATES_AMOUNT = /[$€£¥]\s?\d|\d\s?(?:dollars?|dolares|usd|euros?|美元|元)(?![\p{L}])/iu;

/** A definite word for an amount ("the amount", "the extra cost", "any additional charges", "el importe", "这笔费用"). */
const AMOUNT_REFERENCE = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:the|any|all(?: the)?|that|this|those|these)\s+(?:(?:extra|additional|remaining|same|fare|price|upgrade|change)\s+){0,2}(?:amount|cost|costs|charge|charges|fee|fees|fare|price|difference|balance|sum)(?![\p{L}])`,
    // "the money", "mi dinero", "钱": the amount the request stated, in everyday words
    String.raw`(?<![\p{L}])(?:the|my|that|our|el|mi|ese|nuestro)\s+(?:money|dinero|plata)(?![\p{L}])|钱`,
    String.raw`(?<![\p{L}])(?:el|la|los|las|cualquier|ese|esa|este|esta)\s+(?:importe|monto|cantidad|costo|coste|cargos?|tarifa|diferencia|saldo)(?:\s+(?:extra|adicional(?:es)?|restante))?(?![\p{L}])`,
    // bare "差价" after "有" ("如果有差价": if there is a difference) is indefinite, not the amount the request stated
    String.raw`(?:这笔|该|额外的?|多出的?|剩下的?|(?<![有无没]))(?:金额|费用|差价|差额|款项)`,
  ].join("|"),
  "giu",
);

/**
 * A label for an id, with the item it names ("the flight with reservation ID", "el vuelo con código de
 * reserva", "预订号为 … 的航班"), read right before the id (after it in Chinese).
 */
const ID_LABEL =
  /(?<![\p{L}])(?:(?:flight|trip|booking|reservation|vuelo|viaje)\s+(?:with|under|con)\s+(?:the\s+|el\s+)?)?(?:(?:(?:reservation|booking|confirmation)\s+)?(?:id|number|code|no\.?)|(?:c[oó]digo|n[uú]mero|localizador)\s+de\s+(?:reserva|confirmaci[oó]n))\s*[:#]?\s*(?=([a-z0-9]{5,8})(?![\p{L}\p{N}]))|(?:预订号|订单号|预订编号)(?:为|是)?\s*(?=([a-z0-9]{5,8})\s*(?:的(?:航班|行程|预订))?)/giu;
/** The item after a Chinese id label ("预订号为 FDZ0T5 的航班"): the id's own item. */
const ZH_ID_ITEM = /(?<=(?:预订号|订单号|预订编号)(?:为|是)?\s*([a-z0-9]{5,8})\s*)的(?:航班|行程|预订)/giu;

/**
 * The reservation an action of the request is done to, by its standing, as that action's object
 * ("cancel the current booking", "cancelar la reserva actual", "取消现在的预订"). Elsewhere "the current
 * flight" may be the one the user keeps instead of the change ("yes, go ahead with the current flight").
 */
const STANDING =
  /(?<=(?:cancel\w*|modify\w*|modifying)\s+(?:the|my)\s+)(?:current|existing)(?=\s+(?:booking|reservation)(?![\p{L}]))|(?<=(?:cancelar|anular)\s+(?:la|mi)\s+reserva\s+)(?:actual|existente)(?![\p{L}])|(?<=取消)(?:现在|目前|当前)(?=的?预订)/giu;

/** Bags by their ordinary name ("checked bags", "maletas facturadas", "托运行李"). */
const CHECKED_BAG = /(?<![\p{L}])checked(?=\s+(?:bags?|baggage|luggage)(?![\p{L}]))|(?<=(?:maletas?|equipaje)\s+)facturad[oa]s?(?![\p{L}])|托运(?=行李)/giu;
const NAMES_BAGS = /(?<![\p{L}])(?:bags?|baggage|luggage|maletas?|equipaje)(?![\p{L}])|行李/iu;

/**
 * A relation word right before a name ("my husband Harold", "mi esposa Ana", "我先生 Harold"): when the request names that
 * person, the relation only says who they are to the user. A name the request never used stays a name of the user's own.
 */
const RELATION_BEFORE_NAME =
  /(?<![\p{L}])(?:my|our|mi|mis|nuestr[oa]s?)\s+(?:wife|husband|partner|spouse|son|daughter|mother|mom|mum|father|dad|brother|sister|friend|colleague|coworker|esposa|esposo|marido|mujer|pareja|hij[oa]|madre|mama|padre|papa|herman[oa]|amig[oa])\s+(?=(\p{L}{2,}))|(?:我|我的)(?:先生|丈夫|老公|太太|妻子|老婆|爱人|儿子|女儿|妈妈|母亲|爸爸|父亲|哥哥|姐姐|弟弟|妹妹|朋友)\s*(?=([a-z]{2,}))/giu;

/** Money sent, put or paid "back" to a method ("send the money back to the Mastercard", "put the $187.30 back on my gift card"): a refund. */
const MONEY_BACK =
  /(?<![\p{L}])(?:send|put|give|pay|credit|move)(?=\s+(?:[^\s,;]+\s+){0,3}?back\s+(?:to|on|onto|into)\s)|(?<=(?:send|put|give|pay|credit|move)\s+(?:[^\s,;]+\s+){0,3}?)back(?=\s+(?:to|on|onto|into)\s)/giu;
const NAMES_REFUND = /(?<![\p{L}])(?:refund\w*|reembols\w*|devoluci\w*)|退款|退回/iu;

/** The request changes where something is shipped: the user's new home is the address it describes. */
const ADDRESS_CHANGE = /(?<![\p{L}])(?:shipping|delivery)?\s*address|direccion(?: de envio)?|收货地址|地址/iu;
/** The user's home, new or not, as the place the request ships to ("that's my new place", "mi nueva casa", "我的新家"). */
const HOME =
  /(?<![\p{L}])(?:my|our|the)\s+(?:new\s+)?(?:place|apartment|flat|house|home|condo)(?![\p{L}])|(?<![\p{L}])(?:mi|nuestr[oa])\s+(?:nuev[oa]\s+)?(?:casa|departamento|apartamento|piso|hogar)(?:\s+nuev[oa])?(?![\p{L}])|(?:我的|我们的)?新(?:家|公寓|住处|房子)/giu;

/**
 * The clause with its references to what the request described blanked out, for the comparison of
 * its words with the request's: the values themselves stay (they are compared as values).
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @param known The values the request (and the action) named (`knownValues`).
 */
export function withoutDescribedReferences(clause: string, request: string, known: ReadonlySet<string>): string {
  let out = clause;
  if (STATES_AMOUNT.test(request)) out = out.replace(AMOUNT_REFERENCE, " ");
  const knownId = (id: string | undefined) => known.has(`id:${(id ?? "").toLowerCase()}`);
  out = out.replace(ZH_ID_ITEM, (item, id?: string) => (knownId(id) ? " " : item));
  out = out.replace(ID_LABEL, (label, en?: string, zh?: string) => (knownId(en ?? zh) ? " " : label));
  // a request about a reservation it names by id may call it "the current booking"
  if ([...known].some((k) => /^id:(?=.*\d)(?=.*[a-z])[a-z0-9]{6}$/.test(k))) out = out.replace(STANDING, " ");
  if (NAMES_BAGS.test(request)) out = out.replace(CHECKED_BAG, " ");
  out = out.replace(RELATION_BEFORE_NAME, (relation, en?: string, zh?: string) =>
    new RegExp(`(?<![\\p{L}])${en ?? zh}(?![\\p{L}])`, "iu").test(request) ? " " : relation,
  );
  if (NAMES_REFUND.test(request)) out = out.replace(MONEY_BACK, " ");
  // the request moves the shipping to an address: "my new place" is that address (an old one is not: "my old place" stays)
  if (ADDRESS_CHANGE.test(request) && /\d/.test(request)) out = out.replace(HOME, " ");
  // "that split" of a request that pays with two or more methods is the split it described
  if (/split|division|分开付/u.test(out) && paymentMentions(request).length + (request.match(METHOD_ID_START)?.length ?? 0) >= 2) out = out.replace(SPLIT, " ");
  // "the extra bag", "the new return flight", "la nueva fecha": the thing the request adds or makes new (roles.ts)
  out = withoutRoleReferences(out, request, known);
  return out;
}

/** The division of a payment over several methods ("that split", "the split payment", "ese reparto", "这样分开付"). */
const SPLIT =
  /(?<![\p{L}])(?:the|that|this|your)\s+split(?:\s+payment)?(?![\p{L}])|(?<![\p{L}])(?:esa|esta|la)\s+division(?:\s+del pago)?(?![\p{L}])|这样分开付/giu;

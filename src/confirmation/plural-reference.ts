/**
 * A yes that acts on more than one thing when the request put one. "Cancel them all", "return them", "all my reservations",
 * "cancélelas todas", "devuélvalas", "todas mis reservas", "都退了吧", "把它们都取消", "我的预订全都取消" refer to several
 * reservations, orders or items; after a request that cancels one reservation or returns one item, the others were never
 * put to the user. A request that itself names several (two bags, two passengers, a list of items, two or more booking or
 * item ids, "both", "all three") leaves such a reference to them. EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */
import { offersSeveral, TOTALITY } from "./request-parts.js";

/** What an action is taken on, in the plural ("reservations", "pedidos", …): "all my orders". */
const TARGETS_EN = "(?:reservations|bookings|orders|flights|tickets|items|products|trips|purchases)";
const TARGETS_ES = "(?:reservas|reservaciones|pedidos|ordenes|vuelos|billetes|boletos|articulos|productos|compras)";
/** Verbs of acting on a reservation, order or item (EN stems, ES stems before a plural clitic). */
const VERBS_EN = "(?:cancel|return|refund|exchange|update|change|remove|delete|process|modify|move|upgrade|downgrade|rebook|send back)\\w*";
const VERBS_ES = "(?:cancel|anul|devuelv|devolv|reembols|cambi|elimin|borr|quit|actualic|modifiqu|tramit|proces)\\w*";

/** A reference to several things the action is taken on. */
const SEVERAL_REFERENCE = new RegExp(
  [
    `(?<![\\p{L}])(?:${VERBS_EN}\\s+(?:them|those|these|all)(?:\\s+all)?|them all|all of (?:them|those|these)|all (?:of )?(?:my|the|those|these|our) ${TARGETS_EN}|every (?:one|single one) of them)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:${VERBS_ES}(?:elas|elos|alas|alos|las|los)|tod[oa]s (?:mis|las|los|sus|nuestr[oa]s) ${TARGETS_ES}|${VERBS_ES}\\s+(?:tod[oa]s|a tod[oa]s))(?![\\p{L}])`,
    // (not "就这些" / "就这些了", "that's all")
    "它们|(?<!就)这些|(?<!就)那些|全都|所有的?(?:预订|订单|航班|商品|机票)|都(?:给我)?(?:取消|退|删|改|换|办)|全部(?:取消|退|删|改|换)",
  ].join("|"),
  "iu",
);

/** The request names several things of the action in the plural or by count ("2 checked bags", "los pasajeros", "两件"). */
const PLURAL_IN_REQUEST = new RegExp(
  [
    `(?<![\\p{L}])(?:${TARGETS_EN}|passengers|travell?ers|bags|segments|legs|seats|pieces|pairs|units|${TARGETS_ES}|pasajer[oa]s|maletas|tramos|asientos|unidades)(?![\\p{L}])`,
    // the actions themselves in the plural ("these exchanges", "estos cambios"), and a list of things ("the keyboard, the shoes and …", "键盘、跑鞋")
    "(?<![\\p{L}])(?:exchanges|changes|returns|cancellations|updates|refunds|cambios|devoluciones|cancelaciones|these|those|estos|estas|esos|esas)(?![\\p{L}])",
    ",\\s*(?:the|my|your|el|la|los|las|mi|su)\\s+[\\p{L}\\s-]{2,40}?\\s(?:and|y)\\s+(?:the|my|your|el|la|los|las|mi|su)\\s",
    "(?:[2-9两二三四五六七八九几多各]|十)\\s*(?:件|个|张|位|段|班|项|名|人|双|套|份|笔)|和|以及|及其|、",
  ].join("|"),
  "iu",
);

/** Identifiers, by kind: booking codes ("k8pq2z"), flight numbers ("hat101"), order numbers ("#w7712003"), item ids ("item 5521", "商品 3391"). */
const IDENTIFIERS: readonly RegExp[] = [
  /(?<![\p{L}\d#])(?![a-z]{2,3}\d{3,4}(?![\p{L}\d]))(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]{6}(?![\p{L}\d])/giu,
  /(?<![\p{L}\d#])[a-z]{2,3}\d{3,4}(?![\p{L}\d])/giu,
  /#w?\d{4,}/giu,
  /(?<=(?:item|articulo|商品|product|producto)[^\d\n]{0,6})\d{3,}/giu,
];

/**
 * The reply's reference to several things when the request put one; undefined otherwise.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 * @param several Whether the action put to the user takes several things (several actions, or an argument that lists two or more).
 */
export function severalWhereOnePut(reply: string, request: string, several: boolean): string | undefined {
  const m = SEVERAL_REFERENCE.exec(reply);
  if (m === null || several) return undefined;
  if (offersSeveral(request) || TOTALITY.test(request) || PLURAL_IN_REQUEST.test(request)) return undefined;
  // two booking codes or flight numbers, two order numbers, or two item ids: the request names several
  for (const kind of IDENTIFIERS) if (new Set(request.match(kind) ?? []).size >= 2) return undefined;
  return m[0];
}

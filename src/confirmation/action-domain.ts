import { DETAIL_WORDS } from "./reason-given.js";
import { VALUE_WORDS, stem } from "./content-words.js";
import { boundedSource, type LexiconWords } from "./lexicon-words.js";

/**
 * The words that can name a detail of an action, whatever the request: what is done (its verbs), what it is done to (the booking,
 * an item, an order), to whom or for whom (a person), with what (a card, a payment, a cabin, a bag, a seat), where (an address, a
 * place) and when (a date, a day, a time of day), and which of several (a colour, a size, a comparison, an order). A fixed list of
 * the tools' domain, not of any reply's words: a statement that names none of these ("things have been tight since I changed
 * jobs", "la usé una sola vez", "我每次健身都要去接水") cannot set a detail of the action.
 * @internal
 */

/**
 * The verbs of carrying out an action on a booking or an order ("cancel", "rebook", "upgrade", "refund", "取消", "改签"): the ones
 * every reader of actions shares. Each reader adds its own: `ACTION_VERB` below the verbs of looking things up, the question
 * reader (asked-question.ts) the verbs of paying and using a method. @internal
 */
export const CARRY_OUT_VERBS: LexiconWords = {
  latin: "cancel\\w*|book|rebook|reserve|change|modify|update|upgrade|downgrade|add|remove|issue|switch|process|refund|transfer",
  han: "取消|改签|加上|添加|升舱|升级|预订|转接",
};

/** Verbs that tell the agent to carry out an action (not ones that only set a detail, like "use" or "pay with"). @internal */
export const ACTION_VERB = new RegExp(
  boundedSource({
    latin: `${CARRY_OUT_VERBS.latin}|send|finali[sz]e|search|check|look (?:up|into)|find|move|cancel[ae]\\w*|cambi[ae]\\w*|reserv[ae]\\w*|anad[ae]\\w*|agreg[ue]\\w*|busqu?[ae]\\w*|emit[ae]\\w*|envi[ae]\\w*`,
    han: `${CARRY_OUT_VERBS.han}|办理`,
  }),
  "iu",
);

/** Details of an action besides payment, cabin and bags (`DETAIL_WORDS`): the booking, an item, an address, a name, a contact, a date. @internal */
export const ACTION_NOUNS =
  /(?<![\p{L}])(?:flights?|reservations?|bookings?|tickets?|trips?|journeys?|itinerar\w*|legs?|segments?|baggage|check(?:ed)? in|address\w*|names?|emails?|phones?|numbers?|ids?|user|account|profile|dates?|days?|destination|airport|orders?|items?|amounts?|compensation|prices?|costs?|fees?|fares?|difference|vuelos?|reservas?|viajes?|boletos?|billetes?|pasajes?|direccion\w*|nombres?|correo|telefono|cuenta|perfil|fechas?|pedidos?|articulos?|importe|precio|monto|costo|tarifa|diferencia|compensacion)(?![\p{L}])|航班|预订|机票|行程|订单|地址|名字|姓名|电话|账户|账号|日期|邮箱|金额|价格|费用|差价|补偿/iu;

/** People of the user's life who could be passengers or recipients ("my wife", "mi hijo", "我太太"). @internal */
export const PERSON =
  /(?<![\p{L}])(?:wife|husband|partner|spouse|son|daughter|kids?|child|children|baby|friend|colleague|coworker|boss|mom|mum|mother|dad|father|brother|sister|parents?|family|grand\w+|aunt|uncle|cousin|fiance\w*|girlfriend|boyfriend|esposa|esposo|mujer|marido|pareja|hij[oa]s?|amig[oa]s?|colega|jefe|madre|padre|mama|papa|herman[oa]s?|familia|abuel[oa]s?|novi[oa]|prim[oa]|assistant|secretary|neighbou?rs?|roommates?|vecin[oa]s?|asistente|secretari[oa]|companer[oa]s?)(?![\p{L}])|邻居|助理|秘书|室友|太太|妻子|老婆|丈夫|老公|先生|儿子|女儿|孩子|朋友|同事|老板|妈|爸|父|母|哥|姐|弟|妹|家人/iu;

/** A time, a preference or a comparison: it may choose another flight or option. @internal */
export const CHOOSES =
  /(?<![\p{L}])(?:better|best|worse|prefer\w*|rather|earlier|later|sooner|morning|afternoon|evening|night|tonight|tomorrow|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|mejor|peor|prefer\w*|antes|despues|manana|tarde|noche|hoy|lunes|martes|miercoles|jueves|viernes|sabado|domingo)(?![\p{L}])|更|比较|上午|下午|晚上|早上|明天|今天|周[一二三四五六日末]|星期/iu;

/**
 * Which of several: colours, sizes, materials, comparisons, orders, and the services and documents a trip or an order may carry
 * (a meal, a wheelchair, a pet, a passport, gift wrap, a warranty, a plan, data).
 */
const OPTION_WORDS =
  /(?<![\p{L}])(?:black|white|red|blue|green|yellow|pink|purple|grey|gray|silver|gold|brown|orange|beige|navy|colou?rs?|small|smaller|smallest|medium|large|larger|largest|big|bigger|biggest|tiny|xl|size[sd]?|early|earliest|late|latest|yesterday|week|weeks|weekly|month|months|monthly|year|years|temprano|tardisimo|ayer|anteayer|semanas?|mes|meses|anos?|cheap\w*|expensive|pric(?:ey|ier)|fast\w*|slow\w*|short\w*|long\w*|direct|nonstop|non-stop|layovers?|stops?|connections?|first|second|third|last|next|previous|new|newer|old|older|same|different|version|model|brand|leather|plastic|metal|steel|wood\w*|glass|cotton|wool|meals?|vegetarian|vegan|kosher|halal|wheelchair|assistance|pets?|dogs?|cats?|infant|stroller|passports?|visas?|documents?|wrap\w*|warrant\w*|plans?|data|lines?|devices?|phones?|points|miles|rewards?|loyalty|puntos|millas|roam\w*|abroad|overseas|international|extranjero|legroom|rows?|exit|aisle|window|surname|spell\w*|apellidos?|invoices?|receipts?|facturas?|recibos?|keep\w*|kept|retain\w*|conserv\w*|quedo|bring\w*|brought|carry\w*|carried|traer|traigo|llev\w*|negr[oa]s?|blanc[oa]s?|roj[oa]s?|azul\w*|verdes?|amarill[oa]s?|rosas?|gris\w*|plata|dorad[oa]s?|marron\w*|colou?r\w*|pequen[oa]s?|median[oa]s?|grandes?|talla\w*|tamano\w*|barat[oa]s?|car[oa]s?|rapid[oa]s?|lent[oa]s?|directo|escalas?|primer[oa]?|segund[oa]|tercer[oa]?|ultim[oa]|proxim[oa]|nuev[oa]s?|viej[oa]s?|mism[oa]s?|distint[oa]s?|modelo|marca|cuero|comidas?|silla de ruedas|mascotas?|perr[oa]s?|gat[oa]s?|bebe|pasaportes?|documentos?|garantia|planes?|datos|lineas?)(?![\p{L}])|昨天|前天|上周|下周|下个|上个|月|年|早班|晚班|颜色|黑|白|红|蓝|绿|黄|粉|紫|灰|银|金|棕|大号|小号|中号|尺寸|尺码|型号|款|便宜|贵|直飞|经停|转机|第一|第二|第三|最后|下一|新的|旧的|同样|不同|餐|轮椅|宠物|护照|签证|证件|保修|套餐|流量|线路|积分|里程|漫游|国外|境外|狗|猫|带|留|姓|发票|收据|靠窗|过道|排/iu;

/** A place or a thing named after a preposition of place, route or company ("to Denver", "at the Hilton", "with the kids", "desde Lima", "飞到上海"). */
const AFTER_PREPOSITION =
  /(?<![\p{L}])(?:to|from|via|through|at|into|in|on|out of|off|for|by|near|toward|towards|with|desde|hasta|hacia|via|cerca de|en|por|para)\s+(?:(?:the|a|an|el|la|los|las|un|una)\s+)?([\p{L}][\p{L}'-]*)/giu;
const ZH_AFTER_PLACE = /(?:到|去|从|(?<![正现实存自])在|飞|往)(\p{Script=Han}{1,2})/gu;

/**
 * Whether a word of a reply names (or could name) a detail of an action: a word of the fixed lists above, a kind of payment or cabin,
 * a word of the judge's concepts (cancel, change, bag, refund, seat, date… `stem`), or, when `place` is given, a word it holds as
 * named after a preposition of place or company.
 *
 * @example
 * ```ts
 * namesActionDetail("seat"); // true
 * namesActionDetail("tight"); // false
 * ```
 * @param word One word, in normal form (lower case, no accents), or a pair of Chinese characters.
 * @internal
 */
export function namesActionDetail(word: string): boolean {
  if ([DETAIL_WORDS, ACTION_NOUNS, ACTION_VERB, PERSON, CHOOSES, OPTION_WORDS].some((re) => re.test(word))) return true;
  if (VALUE_WORDS.has(word)) return true;
  // the judge's concepts ("switching" is change, "suitcase" is bag, "fecha" is date): a concept's name is its stem
  return CONCEPT_NAMES.has(stem(word));
}
const CONCEPT_NAMES = new Set([
  "cancel",
  "change",
  "add",
  "book",
  "reservation",
  "upgrade",
  "downgrade",
  "bag",
  "refund",
  "flight",
  "passenger",
  "pay",
  "card",
  "insurance",
  "seat",
  "segment",
  "date",
  "certificate",
  "transfer",
]);

/**
 * The words a text names after a preposition of place, route or company ("to Denver", "from Newark", "at the Hilton", "with my dog"
 * is not one: a possessive names the user's own), and the Chinese characters after "到/去/从/在": places and companions.
 *
 * @example
 * ```ts
 * [...placedWords("we're flying to denver with the kids")]; // ["denver", "kids"]
 * ```
 * @param text A text in normal form.
 * @internal
 */
export function placedWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(AFTER_PREPOSITION)) out.add(m[1]!);
  for (const m of text.matchAll(ZH_AFTER_PLACE)) out.add(m[1]!);
  return out;
}

import { DETAIL_WORDS } from "./reason-given.js";
import { spanishCommand } from "./spanish-command.js";

/**
 * The user telling why, as a story about their own plans: "I need to be in Seattle by Friday
 * afternoon for my sister's wedding", "my meeting in Chicago moved to Tuesday morning", "tengo que
 * estar en Boston el viernes", "我周五下午要到西雅图参加妹妹的婚礼". Its places and times are the user's
 * life, not details of the action, and "I need to be…" asks the agent for nothing. A whole clause
 * counts only when it opens with such a statement (the user, or the user's event, as subject) and
 * holds nothing that could set or restrict the action: no word of the booking itself (flight,
 * reservation, ticket, cabin, bags, payment, refund…), no digits (a date such as "by May 19" could
 * contradict the action's; weekdays and times of day are the story's), no money, no condition, restriction, "instead", negation, question or request to the agent. Anything else is
 * left to the rest of the judge ("I need to be on the Friday flight", "I need to be there by
 * Friday, so please book the earlier one").
 * @internal
 */

/** A clause opening with the user's own plans (normal form: lower case, Spanish accents removed). */
const PLANS_OPENING = new RegExp(
  [
    // "i need to be in seattle by friday", "we have to be back home on the 20th"
    String.raw`^(?:(?:and|so|also|plus|well|because|as)\s+)?(?:i|we)\s+(?:really\s+|just\s+|still\s+|definitely\s+)?(?:need|have|must|got|gotta)(?:\s+to)?\s+be\s+(?:back\s+)?(?:in|at|home|there)(?![\p{L}])`,
    // "i'm attending a conference in denver", "we're visiting my parents"
    String.raw`^(?:(?:and|so|also|plus|well)\s+)?(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:attending|visiting|presenting at|speaking at|going to (?:a|an|my|our|the)\s+(?:wedding|conference|meeting|funeral|graduation|reunion|interview|event|party))(?![\p{L}])`,
    // "my meeting in chicago moved to tuesday", "our conference starts on monday"
    String.raw`^(?:(?:and|so|also|plus|well|because|as)\s+)?(?:my|our)\s+(?:[\p{L}']+\s+){0,3}?(?:meeting|conference|wedding|event|appointment|interview|plans|schedule|funeral|graduation|reunion|presentation|surgery|exam)(?:\s+[^,;]*?)?\s+(?:is|was|got|has been|moved|changed|starts|begins|ends|shifted|got moved|was moved|was rescheduled|got rescheduled|got pushed|was pushed)(?![\p{L}])`,
    // "tengo que estar en boston el viernes", "necesito estar en madrid"
    String.raw`^(?:(?:y|es que|porque|pues)\s+)?(?:tengo|tenemos|debo|debemos)\s+que\s+estar\s+en(?![\p{L}])|^(?:(?:y|es que|porque|pues)\s+)?(?:necesito|necesitamos)\s+estar\s+en(?![\p{L}])`,
    // "mi reunion en chicago se movio al martes", "la boda de mi hermana es el sabado"
    String.raw`^(?:(?:y|es que|porque|pues)\s+)?(?:mi|mis|nuestra|nuestro|la|el)\s+(?:[\p{L}]+\s+){0,3}?(?:reunion|boda|conferencia|cita|evento|entrevista|graduacion|funeral|presentacion|examen)(?:\s+[^,;]*?)?\s+(?:es|fue|sera|empieza|se movio|se cambio|cambio|se adelanto|se retraso|se paso)(?![\p{L}])`,
    // "我周五下午要到西雅图参加妹妹的婚礼", "我们得赶到波士顿开会"
    String.raw`^(?:因为)?我们?[^，,。；;？?]{0,8}?(?:要|得|必须|需要)[^，,。；;？?]{0,8}?(?:到|在|赶到|赶去|去)[^，,。；;？?]*?(?:参加|开会|出席|看望|见)`,
    // "我的会议改到周二了", "我妹妹的婚礼是周六"
    String.raw`^(?:因为)?我们?的?[^，,。；;？?]{0,6}?(?:会议|会|婚礼|面试|活动|演讲|约会|考试|手术)[^，,。；;？?]{0,12}?(?:改到|推迟到|提前到|改成|是|在)`,
  ].join("|"),
  "iu",
);

/** Words of the booking itself: a story that names them may be setting the action. */
const BOOKING_WORDS =
  /(?<![\p{L}])(?:flights?|reservations?|bookings?|tickets?|itinerar\w*|departures?|return\w*|leg|legs|connection\w*|layover\w*|vuelos?|reservas?|boletos?|billetes?|pasajes?|ida|vuelta|regreso|escala)(?![\p{L}])|航班|预订|机票|票|去程|回程|转机|舱/iu;
/** What could set, restrict or question the action, or ask the agent for something. */
const NOT_A_STORY =
  /[?？$€\d]|(?<![\p{L}])(?:[a-z]{2,3}\d{2,4}|dollars?|usd|dolares|if|unless|as long as|provided|make sure|ensure|only|just the|instead|rather|not|no|never|n't|don'?t|won'?t|can'?t|please|pls|can you|could you|would you|will you|let'?s|book|change|switch|move it|put me|get me|si|solo|en lugar|en vez|por favor|puede|podria|cambie|reserve|no)(?![\p{L}])|美元|如果|只要|只|而不是|改成|换成|请|帮我|能不能|能否|可不可以|不|没|别/iu;

/** A preference said in the story ("better the tuesday one", "mejor el martes", "最好改到周二"): it chooses ("works much better" only judges). */
const PREFERS =
  /(?<![\p{L}])(?:(?:better|best) (?:the|to|if|make|change|switch|move|book|take|go|put)|prefer\w*|rather|mejor (?:el|la|los|las|en|con|a|al|que|cambi\w*|pas\w*|mov\w*)|preferi\w*)(?![\p{L}])|最好|宁可|宁愿/iu;

/**
 * The clause (normal form) without the user's story about their own plans, or unchanged.
 *
 * @example
 * ```ts
 * withoutOwnPlans("i need to be in seattle by friday afternoon for my sister's wedding"); // ""
 * withoutOwnPlans("i need to be on the friday flight"); // unchanged
 * ```
 * @param clause The clause, in normal form.
 * @internal
 */
export function withoutOwnPlans(clause: string): string {
  const text = clause.trim().replace(/[.!。！]+$/u, "");
  if (!PLANS_OPENING.test(text)) return clause;
  // a Spanish command inside the story ("…se retrasó, mejor cámbielo al martes") is an instruction, not a plan
  if (BOOKING_WORDS.test(text) || DETAIL_WORDS.test(text) || NOT_A_STORY.test(text) || PREFERS.test(text) || spanishCommand(text)) return clause;
  return "";
}

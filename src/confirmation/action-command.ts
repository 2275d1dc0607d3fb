/**
 * The request's own action said back as a command ("Exchange it.", "Schedule that one now.", "取消吧", "直接取消",
 * "Cancélela.", "Cancela eso."): how terse and impatient customers consent without a yes word.
 *
 * A command counts only in a narrow shape: a verb of doing opens the clause (after nothing, or after "just", "then",
 * "okay then", "好", "那就", "直接", "马上"…), the request proposes that verb (it is in a sentence of the request that does not
 * negate), and what follows the verb is only a pronoun of what the request described ("it", "that one", "them", "both",
 * "这个", "eso"), "as listed" and words of time ("now", "right away", "ya", "马上"). An object with words of its own
 * ("exchange the water bottle", "cancel the first one") is not this reading: the judge's other readings weigh it. The
 * clause's other readings still apply (a condition, a question, a new value, a partial "both" are read by the judge as before).
 * @internal
 */

/** Verbs of doing (English), as their plain form: the imperative. */
const EN_VERBS = [
  "cancel",
  "book",
  "rebook",
  "reserve",
  "change",
  "modify",
  "update",
  "upgrade",
  "downgrade",
  "exchange",
  "return",
  "refund",
  "schedule",
  "reschedule",
  "escalate",
  "activate",
  "submit",
  "place",
  "purchase",
  "buy",
  "add",
  "remove",
  "issue",
  "send",
  "switch",
  "process",
  "execute",
  "complete",
  "finali[sz]e",
  "apply",
  "swap",
  "replace",
  "ship",
];

/** Words the English command may stand after: nothing else comes before the verb. */
const EN_LEAD = "(?:(?:ok(?:ay)?|alright|all right|fine|then|so|and|now|just|please|kindly|well|right)[,!\\s]+)*";

/** What may follow the verb: a pronoun of the described thing, "as listed", and time. */
const EN_TAIL =
  "(?:\\s+(?:it|that|this|them|those|these|both|both of them|all of them|them both|them all|that one|this one|the lot|everything|as (?:listed|described|proposed|stated|shown|summari[sz]ed|planned|discussed|above)|exactly as (?:listed|described|proposed|stated|shown)|now|right now|right away|immediately|instantly|today|asap|then|please|already|for me|straight away|at once))*";

const EN_COMMAND = new RegExp(`^${EN_LEAD}(${EN_VERBS.join("|")})${EN_TAIL}[.!\\s]*$`, "iu");

/** Chinese verbs of doing, and what may stand around them ("那就取消吧", "直接取消", "嗯，取消吧"; "取消它，马上" is read clause by clause). */
const ZH_VERBS = [
  "取消",
  "预订",
  "改签",
  "更改",
  "修改",
  "升舱",
  "升级",
  "降舱",
  "换货",
  "更换",
  "退货",
  "退款",
  "添加",
  "加上",
  "提交",
  "下单",
  "安排",
  "预约",
  "激活",
  "开通",
];
const ZH_COMMAND = new RegExp(
  `^(?:(?:嗯+|哦|好|好的|好吧|行|那|那就|就|直接|马上|现在|立刻|立即|ok|okay)[，,\\s]*)*(${ZH_VERBS.join("|")})(?:吧|它|掉|了|这个|那个|这两个|两个都|都|吧)*(?:[，,\\s]*(?:马上|现在|立刻|立即|吧))*[。.!！\\s]*$`,
  "u",
);

/** Spanish verb stems of doing, for the command with a pronoun or a demonstrative ("cancélela", "cancela eso", "reserve esa"). */
const ES_STEMS = ["cancel", "reserv", "cambi", "modific", "actualic", "devuelv", "reembols", "envi", "proces", "emit", "agreg", "anad", "program"];
const ES_COMMAND = new RegExp(
  `^(?:(?:bueno|pues|entonces|ya|vale|y|ahora)[,!\\s]+)*(${ES_STEMS.join("|")})\\p{L}*?(?:(?:e|a|en|an)(?:me|nos|le|les|se)?(?:lo|la|los|las)|(?:e|a|en|an)\\s+(?:eso|esto|esa|ese|esta|este|ambas|ambos|las dos|los dos))(?:\\s+(?:ya|ahora|ahora mismo|de una vez|por favor|enseguida|inmediatamente))*[.!\\s]*$`,
  "iu",
);

/** The request's sentences that do not negate (what "you won't be able to exchange X later" says is no proposal). */
function proposing(request: string): string {
  return request
    .split(/(?<=[.!?。！？\n])/u)
    .filter(
      (s) =>
        !/(?<![\p{L}])(?:not|no|never|cannot|can'?t|won'?t|don'?t|doesn'?t|isn'?t|aren'?t|unable)(?![\p{L}])|n't(?![\p{L}])|不|没|无法|(?<![\p{L}])(?:no|nunca|jamas)(?![\p{L}])/iu.test(
          s,
        ),
    )
    .join(" ");
}

/** A verb's plain form used as a noun's modifier ("return flight", "change fee", "order number"): no proposal of the action. */
const MODIFIED_NOUN =
  "(?:flights?|trips?|legs?|dates?|tickets?|fees?|polic(?:y|ies)|windows?|labels?|numbers?|ids?|status|address(?:es)?|history|requests?|amounts?|methods?|deadlines?|rules?)";

/** Whether the request proposes an English verb: its plain, -s or -ed form, not its -ing noun ("booking") nor a modifier ("return flight"). */
function proposesEnglish(request: string, verb: string): boolean {
  // "finali[sz]e" stays a pattern; "cancel" takes "cancels", "cancelled"; "exchange" takes "exchanges", "exchanged"
  const forms = verb.endsWith("e") ? `${verb.slice(0, -1)}(?:e|es|ed)` : `${verb}(?:s|ed|led)?`;
  return new RegExp(`(?<![\\p{L}])(?:${forms})(?![\\p{L}])(?!\\s+${MODIFIED_NOUN}(?![\\p{L}]))`, "iu").test(proposing(request));
}

/** Whether the request proposes a Spanish verb: its infinitive, a conjugated form or its noun of action, not a noun ("reserva"). */
function proposesSpanish(request: string, stem: string): boolean {
  return new RegExp(`(?<![\\p{L}])${stem}(?:ar|er|ir|o|e|are|ado|ada|ando|acion|aciones|amos)(?![\\p{L}])`, "iu").test(proposing(request));
}

/** Verbs that make something new, and verbs that take something away: one family's command is no go-ahead for the other's request. */
const MAKES = /(?<![\p{L}])(?:book|rebook|reserve|purchase|buy|order|reserv[ae]\p{L}*)(?![\p{L}])|预订|订票|下单|购买/iu;
const MAKES_PROPOSED =
  /(?<![\p{L}])(?:book|books|booked|rebook|rebooked|reserve|reserved|purchase|purchased|buy|new reservation|reservar|reservo|comprar)(?![\p{L}])|(?<!的)预订|订票|购买/iu;
const TAKES_AWAY = /(?<![\p{L}])(?:cancel\p{L}*|refund|remove|delete|anul\p{L}*)(?![\p{L}])|取消|退款|退掉|删除/iu;
const TAKES_AWAY_PROPOSED = /(?<![\p{L}])(?:cancel\p{L}*|refund\p{L}*|remov\p{L}*|delet\p{L}*|anul\p{L}*|reembols\p{L}*)(?![\p{L}])|取消|退款|退掉|删除/iu;
/** A plural reference ("them all", "both", "todas", "都"): only for a request that puts several things. */
const PLURAL =
  /(?<![\p{L}])(?:them|those|these|both|all|everything|all of them|las|los|ambas|ambos|todas?|todos?)(?![\p{L}])|(?<=\p{L})(?:las|los)(?![\p{L}])|都|全部|两个/iu;
/** Verbs of looking something up: no write. */
const LOOK_UP = /^(?:check|search|look|find|busc|busqu)|查/iu;
/** An instruction that adds to what it repeats ("…too", "also…", "también", "也"). */
const ADDS = /(?<![\p{L}])(?:too|also|as well|additionally|plus|tambien|ademas)(?![\p{L}])|也|另外|还要/iu;

/**
 * Why a clause that tells the agent to act is not the request's action, or `undefined`: its verb is of the other family than
 * the request's ("book it" to a cancellation, "cancel it" to a booking), it adds ("…too"), or it refers to several things
 * ("cancel them all") where the request puts one. Read beside every instruction the judge takes as a go-ahead.
 * @param clause One clause of the reply, in `normalizeText` form.
 * @param verb The verb the instruction was read by.
 * @param request The request, in `normalizeText` form.
 * @param several Whether the request puts several things (`offersSeveral`).
 * @internal
 */
export function instructsOtherThanDescribed(clause: string, verb: string, request: string, several: boolean): string | undefined {
  const proposed = proposing(request);
  if (MAKES.test(verb) && !MAKES_PROPOSED.test(proposed) && TAKES_AWAY_PROPOSED.test(proposed))
    return `${verb}: the request takes away, it does not make anything new`;
  if (TAKES_AWAY.test(verb) && !TAKES_AWAY_PROPOSED.test(proposed) && MAKES_PROPOSED.test(proposed))
    return `${verb}: the request makes something, it cancels nothing`;
  // going on to look something up ("check the other reservations as well") is the step a request announces, not more of its action
  if (LOOK_UP.test(verb)) return undefined;
  const adds = ADDS.exec(clause);
  if (adds) return `${adds[0]}: more than the request described`;
  const plural = several ? null : PLURAL.exec(clause);
  if (plural) return `${plural[0]}: the request puts one thing`;
  return undefined;
}

/**
 * The verb of a clause that is only the request's action said back as a command, or `undefined`.
 * @param clause One clause of the reply, in `normalizeText` form, its courtesy and reasons already removed.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function commandsRequestAction(clause: string, request: string): string | undefined {
  const text = clause.trim();
  const en = EN_COMMAND.exec(text);
  if (en) return proposesEnglish(request, en[1]!.toLowerCase()) ? en[1] : undefined;
  const zh = ZH_COMMAND.exec(text);
  if (zh) return proposing(request).includes(zh[1]!) ? zh[1] : undefined;
  const es = ES_COMMAND.exec(text);
  if (es) return proposesSpanish(request, es[1]!.toLowerCase()) ? es[1] : undefined;
  return undefined;
}

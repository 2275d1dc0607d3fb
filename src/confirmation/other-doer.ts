/**
 * The request's action said to be carried out by someone other than the agent who asked: the user ("I'll make the change myself
 * in the app", "la anulo yo esta noche", "卡我今晚自己在手机银行上注销") or a person of the user's life ("my husband will be
 * switching the plan", "el cambio lo hará mi marido", "套餐我老公会去换的", "让我女儿来办"). Said beside a "perfect" or a "thanks",
 * it reads as agreement, but it gives the agent no go-ahead: the one who will act is someone else.
 *
 * What it reads, and only that: a doer who is not the agent, and a verb of the request's own action (its stem is in the request:
 * "switch" for a switch, "anul" for "anular", "换" for "换成") or of doing in general ("do", "make the change", "handle", "hacer",
 * "encargarse", "办", "弄", "处理"), in one of these shapes:
 * - EN: a person of the user's life as the subject of that verb, still to come ("my husband will be switching", "my daughter is
 *   going to cancel it"), or "I / we" with "myself / ourselves / on my own" ("I'll make the change myself");
 * - ES: the doer after a clitic and the verb, the emphatic subject ("lo hará mi marido", "la anulo yo", "me encargo yo"), a person
 *   before it ("mi hija lo cambiará", "mi marido va a hacer el cambio"), or "yo mismo / por mi cuenta";
 * - ZH: a person of the user's life before the verb with only words of will or time between ("我老公会去换", "让我女儿来办"), or
 *   "自己" before it ("我自己在App上换", "我自己来").
 * Not read: the agent as the doer ("hágalo usted", "您来办"), a verb of another action ("my wife will rebook it herself later" beside
 * a cancellation is the user's own next step), a past event ("I already cancelled it myself" is read by idle-words.ts), a person
 * who agrees or pays (third-party consent and other-payer.ts read those).
 * Found by red team 15 (rt15-069). EN, ZH, ES; read on one clause in `normalizeText` form.
 * @internal
 */
import { PERSON } from "./action-domain.js";

/** Verbs of doing in general, which stand for whatever the action is: "do", "make", "handle", "hacer", "encargarse", "办", "弄". */
const DOING_EN = /^(?:do|does|doing|make|makes|making|handle|handles|handling|take care of|sort out|deal with)$/u;
const DOING_ES = /^(?:hac|har|hag|hic|enca|ocup|gest|tram)/u;
/**
 * What a verb of doing in general must be done to, to stand for the action: a pronoun, the action named as a noun, or nothing more
 * ("I'll make the change myself", "my husband will handle it", "va a hacer el cambio"), not another thing ("handling the bills").
 */
const DOING_OBJECT =
  /^(?:\s*$|\s*[,.;!?]|\s+(?:it|that|this|them|everything|the (?:change|switch|swap|cancell?ation|transfer|return|exchange|upgrade|rest|whole thing)|el cambio|la (?:cancelacion|anulacion|transferencia|devolucion|gestion)|el tramite|todo)(?![\p{L}]))/u;
/** Chinese verbs of carrying out an action: the general ones ("办", "弄", "处理") and those of the actions themselves. */
const ZH_VERB = "办|弄|处理|操作|搞|换|改|取消|注销|退|转|开通|关闭|升|降|加|订|寄";

/** Verbs of looking, learning or paying, never the action itself ("my husband will check it", "la cuota la pago yo"). */
const NOT_ACTION = /^(?:check|look|see|read|find|search|know|pay|sab|ente|mira|revi|comp|pag|abon)/u;

/** A person of the user's life (`PERSON`), its Latin words and its Chinese words apart. */
const PERSON_LATIN = /^\(\?<!\[\\p\{L\}\]\)\(\?:(.*?)\)\(\?!\[\\p\{L\}\]\)\|(.*)$/u.exec(PERSON.source)!;
const [PERSON_EN_ES, PERSON_ZH] = [PERSON_LATIN[1]!, PERSON_LATIN[2]!];

/** The four-letter stems of the request's Latin words ("anul" for "anular", "swit" for "switch"). */
function requestStems(request: string): Set<string> {
  return new Set((request.match(/(?<![\p{L}])[a-z]{4,}/gu) ?? []).map((w) => w.slice(0, 4)));
}

/** Whether a Latin verb is of the request's own action (its stem is one of the request's) or of doing in general. */
function latinVerbOfAction(verb: string, stems: Set<string>, doing: RegExp): boolean {
  if (NOT_ACTION.test(verb)) return false;
  // a Spanish stem that turns "o" into "ue" when stressed is the request's own ("devuelvo" for "devolución", "vuelvo" for "volver")
  return doing.test(verb) || (verb.length >= 4 && stems.has(verb.replace(/^(\p{L}{1,3})ue/u, "$1o").slice(0, 4)));
}

/** A match whose verb is of doing in general does the action only with a clitic in it ("lo hago yo") or an object of the action after it. */
function doesTheAction(m: RegExpMatchArray, verb: string, stems: Set<string>, doing: RegExp, clause: string): boolean {
  if (!latinVerbOfAction(verb, stems, doing)) return false;
  if (!doing.test(verb) || /(?<![\p{L}])(?:lo|la|los|las|me|se)(?![\p{L}])/u.test(m[0])) return true;
  return DOING_OBJECT.test(clause.slice(m.index! + m[0].length));
}

// EN: "my husband will be switching", "my daughter is going to cancel it", "my wife is handling it" (a plain "is" only with a verb of doing)
const EN_PERSON = new RegExp(
  `(?<![\\p{L}])(?:my|our) (?:${PERSON_EN_ES})(?:'ll| will| is going to| is gonna| are going to| can| plans? to| wants? to|( is| are))(?: (?:be|probably|just|then|also|later|tonight))* (take care of|sort out|deal with|\\p{L}+)`,
  "giu",
);
// EN: "I'll make the change myself", "we'll cancel it ourselves on the app", "I'd rather do it myself"
const EN_SELF =
  /(?<![\p{L}])(?:i|we)(?:'ll| will|'d rather| would rather| prefer to| am going to|'m going to| are going to|'re going to| can| plan to| want to)(?: (?:just|probably|then|simply))? (take care of|sort out|deal with|\p{L}+)(?=[^.;!?]{0,40}(?<![\p{L}])(?:myself|ourselves|on my own|on our own|by myself)(?![\p{L}]))/giu;

// ES: the doer after a clitic and the verb: "lo hará mi marido", "la anulo yo", "me encargo yo", "se encarga mi hija"
const ES_AFTER = new RegExp(
  `(?<![\\p{L}])(?:lo|la|los|las|le|me|se) (\\p{L}+) (?:yo|nosotr[oa]s|(?:mi|mis|nuestr[oa]s?) (?:${PERSON_EN_ES}))(?![\\p{L}])`,
  "giu",
);
// ES: a person before the verb: "mi hija lo cambiará", "mi marido va a hacer el cambio", "mi mujer se encarga"
const ES_BEFORE = new RegExp(
  `(?<![\\p{L}])(?:mi|mis|nuestr[oa]s?) (?:${PERSON_EN_ES}) (?:(?:lo|la|los|las|se|va a|van a|tambien|luego|despues|manana|esta noche) )*(\\p{L}+)`,
  "giu",
);
// ES: "yo mismo lo cambio", "lo cambio por mi cuenta"
const ES_SELF = /(?<![\p{L}])(?:yo mism[oa] (?:(?:lo|la|los|las|me) )?(\p{L}+)|(?:lo|la|los|las) (\p{L}+) (?:yo mism[oa]|por mi cuenta))(?![\p{L}])/giu;

// ZH: a person with only words of will or time before the verb ("我老公会去换", "让我女儿来办", "我老公晚上会换"); not "给我老公换" (for him)
const ZH_LINK = "(?:会|来|去|要|负责|自己|上午|下午|晚上|今晚|明天|晚点|回头|到时候|等下|待会|一会儿|之后|再)";
const ZH_PERSON = new RegExp(`(?<![给帮为替])(?:${PERSON_ZH})${ZH_LINK}+(${ZH_VERB})`, "gu");
// ZH: "自己" (not "您自己", not "自己的") before the verb, a few characters of place or means between ("我自己在App上换"), or "我自己来"
// at the end (not "我自己来安排" of something else)
const ZH_SELF = new RegExp(`(?<![您你])自己(?!的)[^，。,.;；！!？?]{0,10}?(${ZH_VERB}|来(?=$|[吧就，。,.;；！!]))`, "gu");

/**
 * Who the clause says will carry out the request's action instead of the agent, with its verb; undefined when it says no such thing.
 *
 * @example
 * ```ts
 * const request = "i'll switch your main line to unlimited plus at $65/month. shall i make the change?";
 * otherDoer("perfect, thanks. my husband will be switching the plan tonight", request); // "my husband will be switching"
 * otherDoer("yes please switch it, my husband will be thrilled", request); // undefined
 * ```
 * @param clause One clause of the reply, in normal form.
 * @param request The request, in normal form.
 */
export function otherDoer(clause: string, request: string): string | undefined {
  const stems = requestStems(request);
  for (const m of clause.matchAll(EN_PERSON)) {
    if ((m[1] === undefined || DOING_EN.test(m[2]!)) && doesTheAction(m, m[2]!, stems, DOING_EN, clause)) return m[0];
  }
  for (const m of clause.matchAll(EN_SELF)) if (doesTheAction(m, m[1]!, stems, DOING_EN, clause)) return m[0];
  for (const re of [ES_AFTER, ES_BEFORE, ES_SELF]) {
    for (const m of clause.matchAll(re)) {
      // a person before the verb acts only with a clitic or "va a" between, or with a verb in the future ("mi hijo Tomás sigue…" names him)
      if (re === ES_BEFORE && !/ (?:lo|la|los|las|se|va a|van a) /u.test(m[0]) && !/(?:ra|ran|re|remos)$/u.test(m[1]!)) continue;
      if (doesTheAction(m, m[1] ?? m[2]!, stems, DOING_ES, clause)) return m[0];
    }
  }
  // a Chinese verb of the request's own action (not a character of its nouns: 订 of 预订 / 订单, 退 of 退款), or of doing in general
  const actions = request.replace(/预订|订单|退款/gu, " ");
  const zhVerb = (v: string) => /^(?:办|弄|处理|操作|搞|来)$/u.test(v) || actions.includes(v);
  for (const re of [ZH_PERSON, ZH_SELF]) for (const m of clause.matchAll(re)) if (zhVerb(m[1]!)) return m[0];
  return undefined;
}

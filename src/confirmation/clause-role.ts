import { CHANGE, CONDITION, DIRECTIVE, IMPERATIVE_OPENING, NO_OPENING, PARTIAL, ADDITION, REFUSAL } from "./consent-markers.js";
import { contentBigrams, contentStems } from "./content-words.js";
import { DETAIL_WORDS } from "./reason-given.js";
import { ACTION_NOUNS, CHOOSES, PERSON } from "./action-domain.js";
import { withoutOwnPlans } from "./own-plans.js";
import { spanishCommand } from "./spanish-command.js";

/**
 * What a clause of a reply does, by its grammar rather than its words: it **narrates** the user's
 * life (a reason, a story, a feeling, grumbling: "my doctor told me not to fly long-haul", "llevo
 * regalos y no me caben en la mochila", "当时手滑订错了", "it doesn't really make up for the delay"),
 * it **instructs** (an imperative, "I want / would like / need X", "so send it to…", "因为我想要靠窗的座位",
 * a person joining or leaving the trip), or it only **states** something the rest of the judge reads
 * as before. A narrating clause states no detail of the action: its ordinary words are not new
 * content and its negations are about the user's life. An instructing clause is read as an
 * instruction even where it hides inside a reason ("yes because I want the window seat").
 *
 * A clause narrates only when every part of it does (parts are cut at commas, "and", "so",
 * "because"…), each part opens with the user, the user's people or things, or the offer ("it",
 * "this") as its subject, and no part names a detail of the action (bags, seats, cabin, payment,
 * refund, insurance, passengers, the booking itself, an address, a name, a date), a value, a
 * condition, a restriction, a change or an addition. Values are still checked wherever they appear.
 * A story told in the same clause as a yes or an instruction is read as before (`withoutNarration`):
 * "yes, we're leaving from Newark" may be setting the trip.
 * @internal
 */
export type ClauseRole = "narrates" | "instructs" | "states";

/** Where a clause is cut into parts: commas and the connectives that join a reason, a result or a second statement. */
const PART_BREAK =
  /\s*[,，、]\s*|\s+(?:and|y|e)\s+|(?<![\p{L}])(?:because|since|'cause|porque|ya que|puesto que|asi que|por eso)(?![\p{L}])|(?<=^|[,，]\s*|(?<![\p{L}])and\s)(?:so|so that|then|entonces)(?![\p{L}])|因为|由于|所以|因此|于是|而且/giu;

/** The part opens with what follows a reason ("so…", "así que…", "所以…"): a result, which is an instruction when it has no subject. */
const RESULT_BEFORE = /(?:^|[\s,])(?:so|so that|therefore|asi que|por eso|entonces)\s*$|(?:所以|因此|于是|那就)\s*$/iu;

/** A wish of the past or a habit ("we wanted to", "I always like to", "queríamos", "我们一直想"): no instruction by itself (`storyRole`). */
const PAST_WISH =
  /(?<![\p{L}])(?:wanted|hoped|wished|had (?:wanted|hoped|planned)|(?:was|were) (?:hoping|wanting|planning)|(?:always|usually|often|generally) (?:like|want|wanted) to|quis(?:e|o|imos|ieron)|queria(?:mos|n)|siempre quis\w+)(?![\p{L}])|(?:一直|早就|当时)想/iu;

/** A wish or an instruction in any person ("I want", "we'd like", "quiero", "我想要", "请", "帮我", "改成"). */
const VOLITION =
  /(?<![\p{L}])(?:want\w*|wanna|need\w*|would like|'d like|like to|prefer\w*|rather|wish|hope to|hoping to|quiero|quiere|queremos|quisiera|queria\w*|quiso|quisimos|quisieron|necesit\w*|prefier\w*|prefer\w*|me gustaria|desea\w*|deseo|choose|pick|select|go with|opt for|elijo|escojo|opto|me quedo con)(?![\p{L}])|选|挑|用(?![了过完掉])|想要|我想|一直想|本来想|原本想|早就想|当时想|我要|要求|需要|希望|请|帮我|麻烦|给我|改成|换成|改到|换到|寄到|送到|发到|退到|不想|不要|不需要|不用|别|(?<!算了|了)吧$/iu;

/** Not needing something: no wish for anything. */
const NO_NEED =
  /(?<![\p{L}])(?:won'?t|will not|don'?t|do not|no longer|not)\s+(?:be\s+)?need\w*|ya no (?:lo |la |los |las )?necesit\w*|不再需要|不需要了|用不上/iu;

/** Going, coming or travelling: said of a person, a change of who travels; said of the user, of what is booked. */
// "going to be thrilled", "le va a encantar": the future of a feeling, not a trip
export const TRAVEL =
  /(?<![\p{L}])(?:come|coming|join\w*|travel\w*|fly|flies|flying|flew|make it|go|goes|going(?!\s+to\s+(?:be|love|like|have|need|get|enjoy|want|miss|feel|hate|appreciate|mind|laugh|cry)(?![\p{L}]))|went|venir|viene|vienen|vino|viaj\w*|volar|vuel[ao]|ir|(?:va|van)(?!\s+a\s+(?!viajar|ir|volar|venir)\p{L}+(?:ar|er|ir)(?![\p{L}]))|fue)(?![\p{L}])|(?<!本|原|后|起|看|想|将|未)来|去|飞|出行|同行|一起走|坐飞机/iu;
/** A request about a trip: flights, a reservation, passengers ("vuelo", "reserva", "航班", "预订"). */
const TRIP_REQUEST =
  /(?<![\p{L}])(?:flights?|reservations?|bookings?|trips?|itinerar\w*|passengers?|travell?ers?|vuelos?|reservas?|viajes?|pasajer[oa]s?|itinerario)(?![\p{L}])|航班|预订|机票|行程|乘客|旅客/iu;

/** Someone the user does something for ("gifts for my family", "regalos para mi familia", "给家人"): not a traveller. */
const FOR_SOMEONE = /(?<![\p{L}])(?:for|para)\s+(?:my|our|mi|mis|nuestr[oa]s?)\s+[\p{L}]+|给[^\s,，]{1,3}/giu;

/** The user as subject or object ("I", "we", "me", "nos", "我们"). */
// Spanish drops the pronoun: a verb in the first person plural ("teníamos", "queremos", "vivimos") says "we"
const FIRST_PERSON = /(?<![\p{L}])(?:i|i'm|i'll|i've|i'd|we|we're|we'll|we've|me|us|yo|nosotros|nos|me|\p{L}{2,}(?:amos|emos|imos))(?![\p{L}])|我/iu;

/** The request names who travels. */
export const PASSENGERS = /(?<![\p{L}])(?:passengers?|travell?ers?|pasajer[oa]s?|viajer[oa]s?|for you and)(?![\p{L}])|乘客|旅客|为您和/iu;

/** A Chinese story opening on a time of the past ("本来是去…", "当时…"): the subject, dropped, is the user. */
const ZH_STORY_TIME = /^(?:本来|原本|原来|当时|之前|那时|上次)/u;

/**
 * The user not going any more ("所以这趟也不用去了", "so we're not going", "ya no vamos"): with no one else named, the reason for a
 * cancellation, not a wish of its own.
 */
const NOT_GOING =
  /(?:不用|不必|不需要|没必要)(?:再)?(?:去|走|飞)了?|不去了|去不(?:了|成)了?|(?<![\p{L}])(?:(?:there'?s |there is )?no (?:need|reason|point) (?:in |to )?(?:go|going|travel\w*|fly|flying|the trip|making the trip)|(?:i|we)(?:'m|'re| am| are)? (?:not|no longer) (?:going(?!\s+to\s)|travell?ing|flying)|(?:i|we) (?:won'?t|will not|can'?t|cannot) (?:be )?(?:going|go|travel|fly|make it)|(?:i|we) (?:won'?t|will not|don'?t|do not|no longer) (?:need|have) to (?:go|travel|fly|make the trip)|ya no (?:vamos|voy|viajamos|viajo|hace falta ir)|(?:ya )?no (?:necesito|necesitamos|tengo que|tenemos que) (?:ir|viajar|volar)|no (?:vamos|voy|viajamos|viajo) a (?:ir|viajar))(?![\p{L}])/iu;

/** Someone reporting advice ("my doctor told me not to…", "el médico nos dijo que…", "医生建议我…"). */
export const REPORTED =
  /(?<![\p{L}])(?:told|said|says|advised|recommended|suggested|warned|dijo|dijeron|recomendo|aconsejo|sugirio)(?![\p{L}])|建议|说|让我|叫我/iu;

/**
 * Someone else wanting something of the user or of another person ("the doctor doesn't want him to travel", "my physio wants me to
 * rest", "el médico no quiere que viaje", "医生不让他出行"): advice told, as `REPORTED`, when what comes before it is not the user
 * ("I want you to cancel it" is the user's own wish).
 */
const OTHERS_WISH =
  /(?<![\p{L}])(?:(?:(?:doesn'?t|does not|didn'?t|did not|wouldn'?t|would not)\s+want|wants|wanted|would like|prefers|preferred|needs|needed|expects|expected)\s+(?:me|us|him|her|them)\s+to|(?:no\s+)?(?:quiere|queria|prefiere|preferia|recomienda|recomendo|pide|pidio)\s+que)(?![\p{L}])|(?:不让|不许|不准|让|要)(?:我们|他们|她们|我|他|她)/iu;
function othersWish(text: string): RegExpExecArray | null {
  const m = OTHERS_WISH.exec(text);
  if (m === null) return null;
  const lead = text.slice(0, m.index);
  return /[\p{L}]/u.test(lead) && !FIRST_PERSON.test(lead) ? m : null;
}
/** Advice or a wish of someone else told (`REPORTED`, `OTHERS_WISH`). */
const reported = (text: string): RegExpExecArray | null => REPORTED.exec(text) ?? othersWish(text);

/** The request takes the whole thing away (a cancellation, a return): not travelling is the reason for it. */
export const REMOVES = /(?<![\p{L}])(?:cancel\w*|anul\w*|cancelar|return|devol\w*)(?![\p{L}])|取消|退货|退掉/iu;
export const ADDS =
  /(?<![\p{L}])(?:add|adding|book|upgrad(?:e|ing)|purchase|purchasing|buy|anadir|agregar|reservar|comprar)(?![\p{L}])|添加|加上|订票|升级|购买/iu;

/** Where the user lives: a story about it may be setting an address. */
const RESIDENCE =
  /(?<![\p{L}])(?:mov(?:e|ed|ing)|relocat\w*|live|lives|living|lived|apartment|flat|house|home|place|mud\w*|vivo|vivimos|casa|piso|departamento|apartamento)(?![\p{L}])|搬|住|公寓|家/iu;
const ADDRESS_REQUEST = /(?<![\p{L}])(?:address|ship\w*|deliver\w*|direccion|envi\w*|entreg\w*)(?![\p{L}])|地址|寄|送|配送|收货/iu;
/**
 * A place said beside the residence ("moved to Denver", "we live in Austin now", "nos mudamos a Lima", "搬到上海"): it may be setting
 * the address. "We just moved (in) last week", "nos acabamos de mudar", "我们刚搬家" name none: the reason for the address change.
 */
const RESIDENCE_PLACE =
  /(?<![\p{L}])(?:to|into|near|at|on|from|in(?!\s+(?:last|this|the other|a few|recently|yesterday)(?![\p{L}]))|a|al|en|hacia|cerca de)\s+\p{L}|(?:搬|住)(?:到|去|在|进)|新家在|新地址/iu;

/** The user's move told as the reason for an address change, naming no place ("I just moved in last week", "我们刚搬家"). */
const movedWithoutPlace = (part: string, request: string): boolean =>
  RESIDENCE.test(part) && ADDRESS_REQUEST.test(request) && !RESIDENCE_PLACE.test(part) && !/\d/u.test(part);

/** Idioms whose noun is no detail of the action: "darse cuenta" (to notice), "on account of", "take into account". */
const NOUN_IDIOMS =
  /(?<![\p{L}])(?:(?:dar|di|dio|diera|dimos|dieron|doy)(?:me|se|nos|te)?\s+cuenta|(?:me|se|nos|te)\s+(?:di|dio|diera|dimos|dieron|doy|de)\s+cuenta|on account of|into account)(?![\p{L}])/giu;

/** What may open a narrating part: the user, the user's people or things, the offer, or a story told in Chinese. */
// the user's feeling said with the subject dropped ("still annoyed about…", "so frustrated with…", "muy molesta por…") is the user's too
const NARRATOR =
  /^(?:(?:oh|well|honestly|actually|also|and|but|pues|bueno|la verdad|es que)[,\s]+)*(?:(?:still|so|really|very|pretty|a bit|kind of|quite|sigo|muy|bastante|un poco)\s+)*(?:annoyed|frustrated|disappointed|upset|fed up|tired|exhausted|stressed|gutted|bummed|molest[oa]|frustrad[oa]|decepcionad[oa]|harta?o?|cansad[oa]|enojad[oa]|enfadad[oa])(?:\s+(?:about|with|by|that|of|por|con|de))?(?![\p{L}])|^(?:(?:oh|well|honestly|actually|also|and|but|pues|bueno|la verdad|es que)[,\s]+)*(?:i|i'm|i've|i'd|i was|we|we're|we've|we were|my|our|it|it's|this|that|that's|he|she|they|he's|she's|they're|the doctor|yo|nosotros|mi|mis|nuestr[oa]s?|me|nos|el medico|(?:no\s+)?(?:llev|viaj|voy|estoy|estamos|teng|tenemos|sigo|seguimos|estuv|fui|fuimos)\w*)(?![\p{L}])|^(?:说实话|老实说|说真的|其实)?(?:我|我们|医生|他|她|它|这|那|当时|之前|本来|最近|刚|已经|用了|孩子|家里|太)/iu;

/**
 * Someone or something of the user's story as a part's subject, beside the user: no one ("nobody told us", "nadie nos avisó",
 * "谁也没想到"), a thing of the user's people ("el colegio de mi hija"), a person of the user's life in Chinese ("女儿学校…"), or a
 * Chinese aside ("说实话…").
 */
const STORY_SUBJECT =
  /^(?:(?:oh|well|honestly|actually|also|and|but|then|pues|bueno|la verdad|es que|y)[,\s]+)*(?:nobody|no one|no-one|nadie|everyone|everybody|todos|todo el mundo|(?:el|la|los|las)\s+\p{L}+\s+de\s+(?:mi|mis|nuestr[oa]s?)\s)(?![\p{L}])|^(?:说实话|老实说|说真的|其实)?(?:谁也|谁都|没人|没有人|大家|女儿|儿子|太太|老婆|老公|丈夫|妻子|妈妈|爸爸|朋友|同事|老板|家人|学校|公司)/iu;

/**
 * A thing the request names as a part's subject ("the blender leaks…", "la licuadora gotea…", "水壶不会自动断电"): a fault or a fact
 * about it. Not the booking itself, a detail of the action, a time or a preference (checked by the caller).
 */
const DETERMINER_SUBJECT =
  /^(?:(?:oh|well|honestly|actually|also|and|but|then|pues|bueno|la verdad|es que|y)[,\s]+)*(?:the|this|that|these|those|both|my|our|el|la|los|las|este|esta|estos|estas|ese|esa|mi|mis|ambos|ambas)\s+((?:[\p{L}'-]+\s+){0,2}?[\p{L}'-]+)(?=\s)/iu;
const requestWordsCache = new Map<string, { stems: ReadonlySet<string>; bigrams: ReadonlySet<string> }>();
function requestWords(request: string): { stems: ReadonlySet<string>; bigrams: ReadonlySet<string> } {
  let words = requestWordsCache.get(request);
  if (words === undefined) {
    words = { stems: new Set(contentStems(request)), bigrams: new Set(contentBigrams(request)) };
    if (requestWordsCache.size >= 64) requestWordsCache.delete(requestWordsCache.keys().next().value!);
    requestWordsCache.set(request, words);
  }
  return words;
}
function itemSubject(text: string, request: string): boolean {
  const { stems, bigrams } = requestWords(request);
  const en = DETERMINER_SUBJECT.exec(text);
  if (en) return contentStems(en[1]!).some((w) => stems.has(w));
  const zh = /^(?:说实话|老实说|其实)?(\p{Script=Han}{2})/u.exec(text);
  return zh !== null && bigrams.has(zh[1]!);
}

/**
 * Durations and counts of times in a story ("for five hours", "two weeks ago", "dos veces", "五个小时", "用了两天"): said beside a
 * yes to an action that takes something away or compensates, they set nothing of it. "More" ("three more days") extends a stay.
 * @internal
 */
export const STORY_DURATION =
  /(?<![\p{L}\d])(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a few|a couple of|several|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|unos|unas)\s+(?:hours?|minutes?|days?|weeks?|months?|years?|times|horas?|minutos?|dias?|semanas?|meses|mes|anos?|veces)(?:\s+(?:ago|old|straight|in a row|seguid[oa]s))?(?![\p{L}])|(?<![\p{L}])twice(?![\p{L}])|[一二两三四五六七八九十几半\d]+(?:个)?(?:小时|钟头|分钟|天|星期|礼拜|周|月|年|次|回|岁)(?!多)/giu;
/** The request takes something away or compensates: a story's durations set nothing of it. @internal */
export const REMOVES_OR_COMPENSATES =
  /(?<![\p{L}])(?:cancel\w*|anul\w*|return\w*|refund\w*|devol\w*|reembols\w*|certificate|voucher|compensation|certificado|compensacion)(?![\p{L}])|取消|退货|退掉|退款|代金券|补偿|赔偿/iu;
const MORE = /(?<![\p{L}])(?:more|extra|another|additional|mas|otr[oa]s?)(?![\p{L}])|多待|多住|再/iu;

/** The offer as a part's subject ("it", "this", "that", "esto", "这"). */
const OFFER =
  /^(?:(?:oh|well|honestly|actually|and|but|pues|bueno)[,\s]+)*(?:it|it's|this|that|that's|esto|eso|(?:no )?(?:compensa|es|vale|cubre|alcanza))(?![\p{L}])|^(?:这|那)/iu;

/** A noun phrase or pronoun opening a part: it has a subject of its own ("so the visa is better"). */
const SUBJECT = /^(?:the|a|an|there|these|those|which|el|la|los|las|un|una|este|esta|eso|esto|ese|esa)(?![\p{L}])/iu;
/** A gerund or a Spanish infinitive with its object opening a part is its subject ("so getting it back helps", "recuperar los $260 me ayuda"). */
const VERBAL_SUBJECT = /^\p{L}{3,}ing(?![\p{L}])|^\p{L}{3,}(?:ar|er|ir)(?=\s+(?:el|la|los|las|un|una|mi|mis|todo|este|esta|ese|esa)(?![\p{L}]))/iu;
const DETAIL_WORDS_ALL = new RegExp(DETAIL_WORDS.source, "giu");
/** Every detail of the action a part names (a refund, a card, cash, a seat) is one the request names too. */
function onlyRequestDetails(text: string, request: string): boolean {
  const { stems } = requestWords(request);
  return [...text.matchAll(DETAIL_WORDS_ALL)].every((m) => request.includes(m[0]) || contentStems(m[0]).every((w) => stems.has(w)));
}

/** A question asked as a statement ("I don't know whether I'll get a refund", "I wonder if…", "no sé si…", "不知道能不能…"): it asks. @internal */
export const INDIRECT_QUESTION =
  /(?<![\p{L}])(?:whether|wonder\w*|curious|know (?:if|whether|what|how|when|why|which)|sure (?:if|whether|what|how|which)|no se (?:si|que|como|cuando)|me pregunto)(?![\p{L}])|不知道|是否|能不能|能否|会不会|有没有/iu;

/**
 * The user saying what they lack or cannot do ("I don't have the ID", "I won't be able to make it", "I can't afford it",
 * "no tengo…", "我没有…"): a fact the action may depend on, not a story.
 */
export const LACKS =
  /(?<![\p{L}])(?:(?:don'?t|doesn'?t|didn'?t|do not|does not|did not|never|no longer|can'?t|cannot|won'?t|will not|not)\s+(?:\w+\s+){0,2}?(?:have|has|had|got|get|own|afford|remember|find|use|access|receive|able|make it)|(?:haven'?t|hasn'?t|hadn'?t) (?:got|gotten|received|had)|no (?:tengo|tenemos|puedo pagar|recuerdo|encuentro)|ya no tengo|no me alcanza)(?![\p{L}])|没有|没收到|记不得|不记得|找不到|付不起|负担不起|承担不起|买不起|出不起/iu;

/** Thanks and apologies that make a whole part ("thank you for your help", "不好意思麻烦你了", "谢谢您帮我处理退款"). */
// a well-wish or a compliment to the agent is courtesy too ("hope your day's going well", "you've been super helpful", "que tenga buen día", "祝你愉快")
const COURTESY =
  /^(?:(?:and|y|also|oh|ah|well)[,\s]+)?(?:thanks?|thank you|thx|ty|i (?:really |truly )?appreciate|sorry|gracias|muchas gracias|le agradezco|perdon|disculpe|(?:i )?hope (?:your|you have|you're having|you are having)|have a (?:great|good|nice|wonderful|lovely) (?:day|one|afternoon|evening|weekend|night)|(?:you'?ve|you have) been (?:(?:so|very|really|super|such|a|an|truly)\s+)*(?:helpful|kind|patient|great|amazing|wonderful|lovely|awesome|fantastic|lifesaver|life saver|star|gem)|que (?:tenga|tengas|pase|pases) (?:un )?(?:buen|buena|lindo|linda|feliz))(?![\p{L}])|^(?:谢谢|感谢|多谢|不好意思|抱歉|辛苦|麻烦(?:你|您)了|祝(?:你|您))/iu;

/**
 * The user taking the yes back as a joke or a test ("I'm kidding", "just joking", "es broma", "开玩笑的"): never a story.
 * @internal
 */
export const RETRACTION =
  /(?<![\p{L}])(?:kidding|joking|jk|j\/k|sarcastic|sarcasm|testing you|just a test|broma|bromeando|es un chiste)(?![\p{L}])|开玩笑|逗你|说着玩/iu;

/** The user changing their mind in Chinese or Spanish ("我改变主意了", "cambié de opinión"; English "changed my mind" is a `REFUSAL`). @internal */
export const MIND_CHANGED =
  /(?<![\p{L}])(?:cambie de (?:opinion|idea|parecer)|lo he pensado mejor|pensandolo mejor)(?![\p{L}])|改变主意|改主意|变卦|不想(?:办|弄|做)了/iu;

/** Values and money: checked elsewhere, but a part naming one is no story. */
const VALUE_LIKE =
  /[\d$€¥]|(?<![\p{L}])(?:dollars?|usd|dolares|euros?|one|two|three|four|five|six|seven|eight|nine|ten|couple|pair|both|alone|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|ambos|solo|sola)(?![\p{L}])|美元|块钱|[一二两三四五六七八九十几][口个位人]/iu;

/** The role of one part of a clause. */
function partRole(part: string, before: string, request: string, afterStory: boolean): ClauseRole | "empty" | "hidden" {
  const text = part.trim();
  if ((contentStems(text).length === 0 && !/\p{Script=Han}/u.test(text)) || COURTESY.test(text)) return "empty";
  // "I really need to be in San Francisco that evening" (own-plans.ts) is a story, though it says "need"
  if (withoutOwnPlans(text) === "") return "narrates";
  // not going any more explains a cancellation ("婚礼取消了，所以这趟也不用去了"), unless someone else is named
  if (NOT_GOING.test(text) && REMOVES.test(request) && !ADDS.test(request) && !PERSON.test(text)) return "narrates";
  // a wish reported as someone's advice ("医生建议我不要长途飞行", "el médico nos dijo que no viajemos") is the user's life, unless it names a detail
  const advised = reported(text);
  // a bare verb after "and" in a story goes on with the story's subject ("I'm anxious to get this done and find out the savings")
  const bareVerb = !(afterStory && /(?:^|\s)(?:and|y|e)\s*$/u.test(before));
  const wish = (t: string) => DIRECTIVE.test(t) || (bareVerb && IMPERATIVE_OPENING.test(t)) || VOLITION.test(t) || spanishCommand(t);
  // (after "quiere que", the next word is the wished verb: "que viaje" is to travel, not a trip)
  const advice = advised && /que$/u.test(advised[0]) ? text.replace(/(?<=(?:^|\s)que\s+)\p{L}+/u, " ") : text;
  if (advised ? wish(text.slice(0, advised.index)) || [DETAIL_WORDS, ACTION_NOUNS].some((re) => re.test(advice)) : wish(text)) {
    // a wish of the user's past or habit told by the user ("so we wanted to treat ourselves", "siempre quisimos…", "我们一直想…"),
    // no other wish beside it, that names nothing of the action is the story's, not an instruction
    if (
      PAST_WISH.test(text) &&
      (NARRATOR.test(text) || PAST_WISH.exec(text)?.index === 0) &&
      !wish(text.replace(PAST_WISH, " ")) &&
      storyRole(text, request) === "narrates"
    )
      return "narrates";
    // a wish after a story is its conclusion ("we moved, so send it there", "我们搬家了，所以寄到新地址吧")
    // (no longer needing something is no wish: "my plans fell through, so I won't be needing that flight")
    return (afterStory || RESULT_BEFORE.test(before)) && !NO_NEED.test(text) ? "hidden" : "instructs";
  }
  // going and coming are a trip's only where the request books or changes one: to a return or an order, "my neighbour came over" is a story
  const travel = TRIP_REQUEST.test(request) ? TRAVEL.exec(text) : null;
  if (travel) {
    const lead = text.slice(0, travel.index);
    // a person joining or leaving the trip is a change of passengers, unless someone advised the user ("my doctor told me not to fly")
    if (PERSON.test(lead) && reported(lead) === null) return "hidden";
    // so is anyone but the user ("Maria isn't coming") when the request names who travels
    if (PASSENGERS.test(request) && /[\p{L}]/u.test(lead) && !FIRST_PERSON.test(lead) && reported(lead) === null && !ZH_STORY_TIME.test(lead)) return "hidden";
    // the user not travelling explains a cancellation; said about a booking or a change, it may set what is booked
    if (!REMOVES.test(request) || ADDS.test(request)) return "states";
  }
  // a result with no subject of its own is an instruction ("we moved, so send it there", "nos mudamos, así que envíelo")
  // (a gerund or infinitive subject naming a detail of its own, "so getting it in cash would help", still wishes for it)
  if (RESULT_BEFORE.test(before) && !NARRATOR.test(text) && !SUBJECT.test(text) && !(VERBAL_SUBJECT.test(text) && onlyRequestDetails(text, request)))
    return "hidden";
  // a part with no subject of its own goes on with the story before it ("I booked it by mistake, wasn't paying attention", "背包里装不下");
  // a thing the request names or someone of the story may be the subject too ("the blender leaks", "nobody told us"), choosing nothing
  // a part told by the user names no time or preference for itself; one that only goes on with a story, or has another subject, may
  // be choosing ("my meeting moved, better the tuesday one")
  const own = NARRATOR.test(text) || OFFER.test(text);
  if (!own && !((afterStory || STORY_SUBJECT.test(text) || itemSubject(text, request)) && !CHOOSES.test(text))) return "states";
  return storyRole(text, request);
}

/** What a part told by the user, or going on with a story, does: it narrates unless it names something of the action. */
function storyRole(text: string, request: string): "narrates" | "states" {
  // the story's durations ("we sat there for five hours") are no count of an action that takes away or compensates
  const counted = REMOVES_OR_COMPENSATES.test(request) && !MORE.test(text) ? text.replace(STORY_DURATION, " ") : text;
  if (VALUE_LIKE.test(counted)) return "states";
  // "darse cuenta" (to notice), "on account of" name no account
  if (ACTION_NOUNS.test(text.replace(NOUN_IDIOMS, " "))) return "states";
  if ([DETAIL_WORDS, CONDITION, PARTIAL, CHANGE, ADDITION, INDIRECT_QUESTION, LACKS, REFUSAL, NO_OPENING, RETRACTION, MIND_CHANGED].some((re) => re.test(text)))
    return "states";
  if (RESIDENCE.test(text) && ADDRESS_REQUEST.test(request) && !movedWithoutPlace(text, request)) return "states";
  // who the user's people are may say who travels: a story naming them is the rest of the judge's to read, except to a cancellation
  if (PERSON.test(text.replace(FOR_SOMEONE, " ")) && PASSENGERS.test(request) && !(REMOVES.test(request) && !ADDS.test(request))) return "states";
  return "narrates";
}

/** A clause's role, and whether its instruction hides inside a story (a traveller joining or leaving, "so send it there"). */
export interface ClauseRoleReading {
  readonly role: ClauseRole;
  /** The clause instructs only through a story: no imperative or wish of the usual kind says so. */
  readonly hidden: boolean;
  /** A narrating part has the offer as its subject ("it doesn't really make up for the delay", "这也弥补不了延误"): it judges the action. */
  readonly aboutOffer: boolean;
}

/**
 * The role of a clause of a reply (normal form): `instructs` when any part of it instructs or
 * specifies, `narrates` when every part with content narrates the user's life, `states` otherwise.
 *
 * @example
 * ```ts
 * clauseRole("my doctor told me not to fly long-haul for a while", "shall i cancel reservation abc123?").role; // "narrates"
 * clauseRole("because i want the window seat", "shall i change the flight?").role; // "instructs"
 * clauseRole("my wife isn't coming anymore", "shall i book it for you and your wife?"); // { role: "instructs", hidden: true }
 * ```
 * @param clause The clause, in normal form (`normalizeText`).
 * @param request The request the user answered, in normal form.
 * @internal
 */
export function clauseRole(clause: string, request: string): ClauseRoleReading {
  const { parts, roles } = readParts(clause, request);
  if (roles.includes("instructs")) return { role: "instructs", hidden: false, aboutOffer: false };
  if (roles.includes("hidden")) return { role: "instructs", hidden: true, aboutOffer: false };
  const narrates = roles.includes("narrates") && !roles.includes("states");
  return {
    role: narrates ? "narrates" : "states",
    hidden: false,
    aboutOffer: narrates && parts.some((p, i) => roles[i] === "narrates" && OFFER.test(p.trim())),
  };
}

/**
 * The clause (normal form) without its parts that narrate: beside thanks or an apology all of them ("当时手滑下错了，不好意思"),
 * beside an agreement or an instruction only the user's plans ("please go ahead with the change, I really need to be in San
 * Francisco that evening"). The narrating parts' values are still the caller's to check.
 *
 * @example
 * ```ts
 * withoutNarration("please go ahead, i need to be in seattle by friday", "shall i change the flight?"); // "please go ahead"
 * withoutNarration("yes, we're leaving from newark", "shall i change the flight?"); // unchanged
 * ```
 * @param clause The clause, in normal form.
 * @param request The request the user answered, in normal form.
 * @internal
 */
export function withoutNarration(clause: string, request: string): string {
  const { parts, roles } = readParts(clause, request);
  if (!roles.includes("narrates") || roles.includes("hidden")) return clause;
  // beside an agreement or an instruction, only the user's plans (own-plans.ts, vetted word by word) are dropped: a story told
  // in the same breath as the yes may be setting the trip ("yes, we're leaving from Newark", "add them, I'm using my points")
  const beside = parts.some((p, i) => roles[i] !== "narrates" && !(roles[i] === "empty" && COURTESY.test(p.trim())) && p.trim() !== "");
  // and, to an address change, the user's move that names no place ("I just moved in last week, so please update it")
  const dropped = (p: string, i: number) => roles[i] === "narrates" && (!beside || withoutOwnPlans(p.trim()) === "" || movedWithoutPlace(p.trim(), request));
  return parts
    .filter((p, i) => !dropped(p, i))
    .join(", ")
    .replace(/(?:,\s*)+/g, ", ")
    .replace(/^[,\s]+|[,\s]+$/g, "");
}

/**
 * The parts of a clause (normal form), cut at commas and connectives ("and", "so", "because", "所以"…), each with its role: `instructs`
 * (an imperative or a wish), `hidden` (an instruction inside a story), `narrates`, `states`, or `empty` (courtesy, or no content).
 *
 * @example
 * ```ts
 * clauseParts("add them now please, i'm boarding soon", "shall i add 2 bags?").map((p) => p.role); // ["instructs", "narrates"]
 * ```
 * @param clause The clause, in normal form.
 * @param request The request the user answered, in normal form.
 * @internal
 */
export function clauseParts(clause: string, request: string): ClausePart[] {
  const { parts, roles } = readParts(clause, request);
  return parts.map((text, i) => {
    const t = text.trim();
    return { text: t, role: roles[i]!, ownSubject: [NARRATOR, OFFER, STORY_SUBJECT, LIFE_SUBJECT].some((re) => re.test(t)) };
  });
}

/** One part of a clause (`clauseParts`). @internal */
export interface ClausePart {
  readonly text: string;
  readonly role: ClauseRole | "empty" | "hidden";
  /** The part opens with a subject of its own: the user, the user's people or things, the offer, someone of the story, "things", "life". */
  readonly ownSubject: boolean;
}

/** The user's circumstances as a subject ("things have been tight", "life's been crazy", "work is busy", "las cosas están difíciles", "最近工作忙"). @internal */
export const LIFE_SUBJECT =
  /^(?:(?:oh|well|honestly|actually|also|and|but|pues|bueno|la verdad|es que|y)[,\s]+)*(?:things|life|life's|work|money|everything|it all|todo|las cosas|la vida|el trabajo|el dinero)(?![\p{L}])|^(?:生活|工作|最近|这段时间|日子)/iu;

/** The parts of a clause, cut at commas and connectives, and the role of each. */
function readParts(clause: string, request: string): { parts: string[]; roles: ReturnType<typeof partRole>[] } {
  const text = clause.trim().replace(/[.!。！]+$/u, "");
  const cut: { part: string; before: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(PART_BREAK)) {
    cut.push({ part: text.slice(last, m.index), before: text.slice(0, last) });
    last = m.index + m[0].length;
  }
  cut.push({ part: text.slice(last), before: text.slice(0, last) });
  const roles: ReturnType<typeof partRole>[] = [];
  // a wish after the user's move that names no place ("我们刚搬家，麻烦帮我改一下") has no place of the story to send things to
  const storyBefore = () => {
    const at = roles.findLastIndex((r) => r !== "empty");
    return at >= 0 && roles[at] === "narrates" && !movedWithoutPlace(cut[at]!.part.trim(), request);
  };
  for (const { part, before } of cut) roles.push(partRole(part, before, request, storyBefore()));
  return { parts: cut.map((c) => c.part), roles };
}

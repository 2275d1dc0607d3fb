/**
 * The user's own choice among the options the agent listed, after a request that said it would act
 * on the answer ("let me know your choice, and I'll proceed with the booking"; "which flight…, and if
 * you would like to proceed with the change"): "let's use the Visa ending in 2076", "I'll go with the
 * second option", "usemos…", "我选第二个". The choice must bring no word or value of its own.
 *
 * Not read as consent: a choice after a bare "which one?". The user's own instruction naming a listed
 * item after "which reservation would you like to cancel?" ("I'd like to cancel Q69X3R") is read by
 * `which-item.ts` (labels README rule 1, settled 2026-12-01).
 * @internal
 */
import { novelContent, type RequestVocabulary } from "./content-words.js";
import { namedValues } from "./reply-values.js";
import { splitSentences } from "./reply-text.js";
import { TOTALITY } from "./request-parts.js";

/** The request says it will act on the answer to its which-question. */
const ACTS_ON_ANSWER = new RegExp(
  [
    // (not "I can proceed with finding the cheapest option": a search is no action on the answer)
    String.raw`(?:,|and|then)\s+(?:i'?ll|i will|i can)\s+(?:then\s+)?(?:proceed|go ahead|book|cancel|make|process|update|downgrade|upgrade|change|modify|finali[sz]e|complete|submit|apply|place|issue|add)(?!\s+(?:with\s+)?(?:finding|searching|looking|checking|locating|retrieving|reviewing|getting|pulling|the search))`,
    String.raw`(?:,|and)\s+(?:let me know\s+)?(?:if|whether)\s+you(?:'d| would)?\s+(?:like|want|wish)\s+(?:me\s+)?to\s+(?:proceed|go ahead|continue|make the change)`,
    String.raw`(?<![\p{L}])y\s+(?:(?:le\s+)?proceder[eé]|realizar[eé]|tramitar[eé])(?![\p{L}])|(?<![\p{L}])y\s+si\s+desea\s+(?:proceder|continuar|seguir)(?![\p{L}])`,
    String.raw`我(?:就|会|马上|再)(?:为您|帮您)?(?:办理|预订|处理|取消|改签)|以及是否(?:要|需要)?(?:办理|继续|改签)`,
  ].join("|"),
  "iu",
);

/**
 * Whether a request that asks which or what says it will act on the answer.
 * @param tail The end of the request (normal form).
 */
export function actsOnAnswer(tail: string): boolean {
  return ACTS_ON_ANSWER.test(tail);
}

/** One sentence asks which and whether to go ahead ("which flight…, and if you would like to proceed", "哪个…，以及是否要办理"). */
const WHICH_AND_WHETHER =
  /(?<![\p{L}])(?:which|que|cual(?:es)?)(?![\p{L}])[^.?!\n]*?(?:and|y)\s+(?:let me know\s+)?(?:if|whether|si)\s+(?:you(?:'d| would)?\s+(?:like|want|wish)\s+(?:me\s+)?to|desea)\s+(?:proceed|go ahead|continue|proceder|continuar|seguir)|哪[^。？?!！\n]*以及是否(?:要|需要)?(?:办理|继续|改签|取消|预订)/iu;

/**
 * Whether the request asks, in one sentence, which option and whether to go ahead with it.
 * @param tail The end of the request (normal form).
 */
export function asksWhichAndWhether(tail: string): boolean {
  return WHICH_AND_WHETHER.test(tail);
}

/** The request asks which option ("let me know which payment method", "your choice", "qué método", "哪种"). */
const ASKS_WHICH = /(?<![\p{L}])(?:which|que|cual(?:es)?)(?![\p{L}])|your (?:choice|preference)|su (?:eleccion|preferencia)|哪|您的选择/iu;

/**
 * Whether a request that asks for a yes also asks which of its listed options, saying it will act on
 * the answer ("please confirm…, let me know which payment method…, and I'll proceed with the booking"):
 * choosing one is then the go-ahead as well.
 * @param request The request (normal form).
 */
export function choiceThenActs(request: string): boolean {
  const tail = request.slice(-600);
  return ASKS_WHICH.test(tail) && actsOnAnswer(tail);
}

/** Choosing: "let's use", "I'll go with", "I'd like to choose", "usemos", "elijo", "我选", "就用". */
const CHOICE =
  /(?:(?<![\p{L}])(?:i|we)(?:'ll| will|'d like to| would like to| want to)?|(?<![\p{L}])let'?s)\s+(?:go with|take|choose|pick|select|opt for|use)(?![\p{L}])|(?<![\p{L}])(?:elijo|escojo|usemos|usare|voy a usar|vamos con|quiero usar)(?![\p{L}])|(?:我|就)(?:选|用)|选(?:择)?第/iu;

/** What the clause is read against. */
export interface ListedChoiceContext {
  readonly vocabulary: RequestVocabulary;
  readonly knownValues: ReadonlySet<string>;
}

/** A go-ahead read as a choice: its words, and the clause's words the request never used besides them. */
export interface ListedChoice {
  readonly marker: string;
  readonly novel: readonly string[];
}

/**
 * The words of a clause that make it the user's go-ahead on options the request listed (after a
 * request that said it would act on the answer), or undefined.
 * @param core The clause (normal form, idioms and reasons removed).
 * @param compared The clause as compared with the request's words (references and values removed).
 * @param ctx The request's words and its values.
 */
export function listedChoice(core: string, compared: string, ctx: ListedChoiceContext): ListedChoice | undefined {
  const ids = namedValues(core).filter((v) => /^id:/.test(v.key));
  if (ids.some((v) => !ctx.knownValues.has(v.key))) return undefined;
  const choice = CHOICE.exec(core);
  if (!choice) return undefined;
  const novel = novelContent(compared.replace(new RegExp(CHOICE.source, "giu"), " "), ctx.vocabulary);
  return novel.length === 0 ? { marker: choice[0], novel } : undefined;
}

/** Words that pick one of several ("the first", "option 2", "either is fine", "the cheaper one", "el segundo", "第二个", "都行"). */
const PICKS =
  /(?<![\p{L}])(?:first|second|third|last|former|latter|either|whichever|any of|cheaper|cheapest|earlier|later|option|one|ones|primer[oa]?|segund[oa]|tercer[oa]?|ultim[oa]|cualquiera|opcion|mas barat[oa])(?![\p{L}])|第[一二三四五1-9]|(?:哪个|随便|都)(?:都)?(?:行|可以)|便宜的/iu;

/** A question of the request's that asks the user to choose which ("Which would you prefer…?", "¿Cuál prefiere?", "您想选哪一种？"). */
const CHOOSING_QUESTION = /(?:^|[.!?。！？\n¿])[^.!?。！？\n¿]*(?:(?<![\p{L}])(?:which|cual(?:es)?)(?![\p{L}])|哪)[^.!?。！？\n]*[?？]/iu;
/** What an identifier names: a reservation, a booking, an order, a flight, a trip, an item, a ticket ("which one", "cuál de ellas", "哪个"). */
const LISTED_THING = String.raw`(?:reservations?|bookings?|orders?|flights?|trips?|items?|tickets?|one|of (?:these|them|those|the \w+)|reservas?|pedidos?|vuelos?|viajes?|articulos?|billetes?|de (?:ellas|ellos|estas|estos|las \w+|los \w+))`;
/**
 * An ask to choose one of the things the request lists, as a question or as an instruction: "Which reservation would you like
 * to cancel?", "Please confirm which order you'd like to return.", "Could you confirm the reservation ID you'd like to cancel?",
 * "¿Cuál de ellas desea cancelar?", "Indique qué pedido desea cancelar.", "Confirme la reserva que desea cambiar.",
 * "您想取消哪一个预订？", "请确认您要取消的预订号。" — not a question about another detail ("Which payment method would you like?").
 */
const CHOOSING_LISTED = new RegExp(
  [
    // "which (of the) reservation", "what order", "cuál", "¿qué pedido", "indique qué reserva" (not "what the reservations look like",
    // "confirmo que el pedido…")
    String.raw`(?:(?<![\p{L}])(?:which|cual(?:es)?)\s+(?:[\p{L}]+\s+){0,2}?|(?<![\p{L}])what\s+|(?:¿\s*|(?<![\p{L}])(?:indique|digame|confirme|especifique|elija|diga)(?:me|nos)?\s+)que\s+(?:[\p{L}]+\s+)?)${LISTED_THING}(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:the|your|la|el|las|los)\s+${LISTED_THING}(?:\s+(?:ids?|numbers?|codes?|numero|codigo))?\s+(?:that\s+|which\s+)?(?:you(?:'d| would)?\s+(?:like|want|wish|need)\s+to|que\s+(?:desea|quiere|necesita))(?![\p{L}])`,
    String.raw`哪(?:一)?(?:个|张|笔|些|趟)|要\p{Script=Han}{1,4}的(?:预订|订单|航班|行程|机票)`,
  ].join("|"),
  "iu",
);
/** Options offered side by side ("the Amex or a voucher", "la Amex o un vale", "退回卡上，也可以作为代金券", "还是"). */
const OPTIONS_OFFERED = /(?<![\p{L}])(?:or|o)(?![\p{L}])|还是|或者|或|也可以/iu;

/**
 * Whether a sentence of the request asks to choose one of the things it lists (`CHOOSING_LISTED`) without naming one itself
 * ("Is 60RX9E the reservation you'd like to cancel?" names it: a yes answers that).
 */
function asksToChooseListed(tail: string): boolean {
  return splitSentences(tail).some((s) => CHOOSING_LISTED.test(s.text) && !namedValues(s.text).some((v) => /^id:/.test(v.key)));
}

/** A line or sentence that asks to choose (a question, or `CHOOSING_LISTED`): its words name no option. */
const ASKING_PART = /[^.!?。！？\n]*(?:[?？]|(?<![\p{L}])(?:which|cual(?:es)?)(?![\p{L}])|哪)[^.!?。！？\n]*[.!?。！？]?/giu;

/**
 * The text where the request lists two or more identifiers ("- MZDDS4, 60RX9E, …", "1. **#W9154975** — …"): from the line of the
 * first to the end of the paragraph of the last (its detail lines), without the parts that ask; "" for fewer than two.
 */
function listedBlock(tail: string): string {
  const ids = new Set(
    namedValues(tail)
      .filter((v) => /^id:/.test(v.key))
      .map((v) => v.key),
  );
  if (ids.size < 2) return "";
  const lines = tail.split("\n");
  const holds = lines.map((line) => namedValues(line).some((v) => ids.has(v.key)));
  const first = holds.indexOf(true);
  let last = holds.lastIndexOf(true);
  if (first < 0) return "";
  while (last + 1 < lines.length && lines[last + 1]!.trim() !== "" && !CHOOSING_LISTED.test(lines[last + 1]!)) last++;
  return lines
    .slice(first, last + 1)
    .join("\n")
    .replace(ASKING_PART, " ");
}

/**
 * Whether a go-ahead leaves the request's which-question open: the request asked which of its options
 * ("Which would you prefer, the Amex or a voucher?", "¿Cuál prefiere?", "您想选哪一种？"), or which of two or more
 * things it lists by identifier ("Please confirm which reservation you'd like to cancel", "Could you confirm the
 * reservation ID you'd like to cancel?", "请确认您要取消的预订号"), and the reply agrees without choosing one (it names no
 * value, no pick, no "both", and none of the request's own words beyond the go-ahead and the action's — for listed
 * things, none of the words the request says beside them: "Sure, go ahead.", "Yes, proceed with the cancellation.").
 * Which option the action takes was never chosen by the user.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function leavesChoiceOpen(reply: string, request: string): boolean {
  const tail = request.slice(-600);
  const offered = CHOOSING_QUESTION.test(tail) && OPTIONS_OFFERED.test(tail);
  const listed = offered ? "" : asksToChooseListed(tail) ? listedBlock(request.slice(-900)) : "";
  if (!offered && listed === "") return false;
  if (namedValues(reply).length > 0 || PICKS.test(reply) || CHOICE.test(reply) || TOTALITY.test(reply)) return false;
  // a word of the request's beyond the go-ahead and the action's own ("the voucher", "la tarjeta", "代金券") may name an option;
  // of things listed by identifier, only the words of the list ("MZDDS4 — JFK to LAX": "the LAX one")
  const options = offered ? request : listed;
  for (const [w] of reply.matchAll(/[a-z][a-z'-]{2,}/g))
    if (!GENERIC_WORD.test(w) && new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, "u").test(options)) return false;
  const han = reply.replace(GENERIC_HAN, " ");
  for (let i = 0; i + 2 <= han.length; i++) if (/^\p{Script=Han}{2}$/u.test(han.slice(i, i + 2)) && options.includes(han.slice(i, i + 2))) return false;
  return true;
}

/** The words of a go-ahead, of the action itself and of grammar: naming them chooses nothing. */
const GENERIC_WORD =
  /^(?:the|and|you|your|with|for|that|this|will|are|was|can|please|it's|that's|i'll|i'm|let's|now|all|just|then|also|los|las|del|por|que|con|una|uno|go|ahead|proceed|continue|cancel\w*|chang\w*|book\w*|reserv\w*|flights?|refund\w*|pleas\w*|thanks?|thank|yes|yeah|sure|ok|okay|fine|good|great|perfect|do|make|process|confirm\w*|adelante|proceda|continue|reserva\w*|vuelo|gracias|favor|si|siyes|reembolso)$/iu;
const GENERIC_HAN = /好的|可以|请|办理|继续|取消|确认|谢谢|麻烦|您|吧|了|的|行|就/gu;

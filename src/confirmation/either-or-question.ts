/**
 * A yes to an either-or question. "Would you like to proceed with payment, or would you like to check
 * the order details again?", "Shall I cancel it now, or should I first email you the fare rules?",
 * "¿Desea que la cancele ahora o prefiere que le envíe primero las condiciones?", "您是现在取消，还是先看一下退款规则？"
 * offer two things to do; "yes", "sure", "sí, claro", "好的" picks neither, so it consents to nothing. A reply
 * that names the alternative it takes ("yes, proceed with the payment", "sí, cancélela ahora", "好的，现在取消吧")
 * is a choice, and a choice of the action is a yes to it.
 *
 * Not either-or: a yes-or-no prompt ("Shall I proceed (yes or no)?", "confirm or cancel?", "…or not?", "取消还是不取消？"),
 * a "还是" that means "still" ("您还是要取消吗？"), options inside one noun phrase ("to your Visa or a voucher?", read
 * by the choice readings), and a second alternative that names nothing ("…, or would you like to make any changes?").
 * Found as a false confirmation on real replies (real-replies-5, r5-196: "Yes, that sounds perfect! Please confirm the
 * order." to "would you like to proceed with payment, or would you like to check the order details again?"). EN, ZH, ES;
 * read on text in `normalizeText` form.
 * @internal
 */
import { contentBigrams, contentStems } from "./content-words.js";
import { SUBORDINATE } from "./asked-question.js";
import { YES_NO_PROMPT } from "./reply-lexicon.js";
import { namedValues } from "./reply-values.js";
import { splitSentences } from "./reply-text.js";
import { actionVerbs } from "./sequenced-action.js";

/**
 * Where a question's second alternative starts: "or" before a clause of its own (an auxiliary, a pronoun, "rather",
 * "first"; after a comma, a verb and its object), Spanish "o" before a clause ("o prefiere…", ", o revisar…"), Chinese
 * "还是" (not "还是不", the yes-or-no form) and "，或者".
 */
const SECOND_ALTERNATIVE = new RegExp(
  [
    String.raw`(?<![\p{L}])or\s+(?=(?:would|do|does|should|shall|can|could|will|is|are|may|might|perhaps|maybe|rather|instead|if|just|first|else|i|i'd|i'll|we|we'll|you|you'd|you'll|to|let|prefer)(?![\p{L}']))`,
    String.raw`,\s*or\s+(?=[a-z]+\s+(?:the|your|my|it|them|this|that|these|those|an?|another|other|some|any|with|for|again|more|first|later|off|out|up)(?![\p{L}]))`,
    String.raw`(?<![\p{L}])o\s+(?=(?:prefiere|preferiria|quiere|querria|desea|desearia|debo|deberia|puedo|podemos|le|lo|la|les|me|nos|necesita|mejor|si|es|hay|tal vez|quizas|primero|seria|usted|que)(?![\p{L}]))`,
    String.raw`,\s*o\s+(?=[a-z]+(?:ar|er|ir)(?:lo|la|le|los|las|se|me)?(?![\p{L}]))`,
    String.raw`还是(?![不否没])`,
    String.raw`[，,]\s*或者`,
  ].join("|"),
  "iu",
);

/** A second alternative that only says no ("or not", "o no", "还是不要"): the question is yes or no. */
const NEGATIVE_ALTERNATIVE = /^(?:not|no|n)(?![\p{L}])|^不/iu;

/** Going ahead, in a question ("shall I proceed") or a reply ("go ahead"): the same alternative in both. Also read by unchosen-option.ts. */
export const GOING_AHEAD =
  /(?<![\p{L}])(?:proceed\w*|go ahead|continue|move forward|do it|do that|do so|proced\w*|continu\w*|adelante|sig[ao]|seguir|hagalo)(?![\p{L}])|继续|办理|进行/iu;

/** A verdict on the proposal, in a question ("is this correct?") or a reply ("that's right"). */
const VERDICT = /(?<![\p{L}])(?:correct|right|accurate|good|fine|okay|ok|works?|perfect|correct[oa]|bien|de acuerdo)(?![\p{L}])|正确|对|没问题|合适|可以/iu;

/** An object left open ("any changes", "anything else", "algún cambio", "algo", "任何", "其他"): an invitation, not an alternative. */
const OPEN_INVITATION = /(?<![\p{L}])(?:any|anything|something|algun[oa]?|algo|nada)(?![\p{L}])|任何|其他|别的|什么/iu;
/** The words of such an invitation ("adjustments", "edits", "else"): they name nothing. */
const OPEN_WORD = /^(?:adjust\w*|edit|correct\w*|modif\w*|change|else|further|additional|more|ajust\w*|cambio|mas|otro|otra)$/iu;

/** An alternative that is the action's opposite: keeping things, waiting, a check or a look first (the verb, not "a checked bag"). */
const NOT_ACTING =
  /(?<![\p{L}])(?:(?:keep|stay|wait|hold|leave|review|check|look|think)(?:ing)?(?![\p{L}-])|(?:conservar|mantener|esperar|revisar|repasar|dejar|pensar)(?:l[oa]s?)?(?![\p{L}]))|保留|等|看看|看一下|考虑|检查|核对/iu;

/** What an alternative of the question (or a reply) names: its content words and action verbs, and whether it goes ahead or gives a verdict. */
interface Named {
  /** Its content words (stems, Chinese bigrams), its action verbs (`verb:` and the stem) and its values (`value:` and the key). */
  readonly words: Set<string>;
  /** It names an action verb. */
  readonly acts: boolean;
  readonly goAhead: boolean;
  readonly verdict: boolean;
  /** It keeps things as they are, waits, or checks first: not acting. */
  readonly still: boolean;
}

const named = (text: string): Named => ({
  words: new Set(
    [...contentStems(text), ...contentBigrams(text), ...actionVerbs(text).map((v) => `verb:${v}`), ...namedValues(text).map((v) => `value:${v.key}`)].filter(
      (w) => !ASKING.test(w),
    ),
  ),
  acts: actionVerbs(text).length > 0,
  goAhead: GOING_AHEAD.test(text),
  verdict: VERDICT.test(text),
  still: NOT_ACTING.test(text),
});

/**
 * Words that only ask or prefer ("desea", "prefiere", "想要"), or offer further help ("or do you need further assistance?",
 * "¿o necesita ayuda con algo más?", "还是需要其他帮助？": no alternative to the action): they name no alternative.
 */
const ASKING =
  /^(?:desea\w*|quier\w*|prefier\w*|preferir\w*|gust\w*|necesit\w*|usted|ahora|prefer\w*|rather|instead|would|like|need\w*|want\w*|wish\w*|assist\w*|help\w*|question|concern|else|further|ayuda\w*|asistencia|pregunta|algo|otra)$|^(?:希望|想要|需要|愿意|帮助|帮忙|问题|其他)$/iu;

/**
 * How much of this alternative the reply names that the other one lacks: its words (not the topic both share), values and
 * actions (one each); going ahead or a verdict in answer to the same (two), and going ahead or naming an action when the
 * other alternative keeps, waits or checks.
 */
function score(reply: Named, mine: Named, other: Named, topic: ReadonlySet<string>): number {
  let n = 0;
  for (const w of reply.words) if (mine.words.has(w) && !other.words.has(w) && (/^(?:verb|value):/.test(w) || !topic.has(w))) n++;
  // the answer's own form (a go-ahead to "shall I proceed", a verdict to "is this correct") weighs more than a word
  if (reply.goAhead && !other.goAhead && (mine.goAhead || (other.still && !mine.still))) n += 2;
  else if (reply.acts && other.still && !mine.still) n++;
  if (reply.verdict && mine.verdict && !other.verdict) n += 2;
  return n;
}

/**
 * The request's last question when it offers two alternatives and the reply picks neither (or both), else undefined.
 * The reply picks an alternative by naming what only that alternative names (a word, an action, going ahead, a verdict);
 * the first alternative is the one the request proposes, and the second counts as the action only when the first is
 * keeping, waiting or checking.
 *
 * @example
 * ```ts
 * const request = "your order totals $132.16. would you like to proceed with payment, or would you like to check the order details again?";
 * unpickedAlternative("yes, that sounds perfect!", request); // "would you like to proceed with payment, or …"
 * unpickedAlternative("yes, proceed with the payment.", request); // undefined
 * ```
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function unpickedAlternative(reply: string, request: string): string | undefined {
  const asked = splitSentences(request.slice(-900)).filter((s) => s.question);
  const last = asked.pop();
  if (last === undefined) return undefined;
  // "Would you like to proceed with option 1? Or would you prefer a different option?": the alternatives span two questions
  const opensWithOr = /^(?:(?:or|o)(?![\p{L}])|还是|或者)/iu.test(last.text) && asked.length > 0;
  const text = opensWithOr ? `${asked[asked.length - 1]!.text} ${last.text}` : last.text;
  const question = text.replace(YES_NO_PROMPT, " ");
  // "您还是要取消吗？": a question closed by 吗 asks yes or no; its 还是 is "still"
  if (/(?<!什)[吗么嘛]\s*$/u.test(question)) return undefined;
  const at = SECOND_ALTERNATIVE.exec(question);
  if (at === null) return undefined;
  const second = question.slice(at.index + at[0].length).trim();
  if (NEGATIVE_ALTERNATIVE.test(second)) return undefined;
  // "…, or would you like to review it before I proceed?": a clause of time names no alternative
  const a = named(question.slice(0, at.index).replace(SUBORDINATE, " "));
  const b = named(second.replace(SUBORDINATE, " "));
  // "…, or would you like to make any changes?", "¿o desea modificar algo?": a second alternative that names nothing offers nothing to pick
  if (b.words.size === 0 && !b.goAhead) return undefined;
  if (OPEN_INVITATION.test(second) && [...b.words].every((w) => w.startsWith("verb:") || OPEN_WORD.test(w))) return undefined;
  const said = named(reply);
  // the words the request used before its question are what both alternatives are about ("the order"): they pick neither
  const before = request.slice(0, request.lastIndexOf(last.text));
  const topic = new Set([...contentStems(before), ...contentBigrams(before)]);
  const first = score(said, a, b, topic);
  const other = score(said, b, a, topic);
  if (first > other) return undefined;
  if (other > first && a.still && !b.still) return undefined;
  return text;
}

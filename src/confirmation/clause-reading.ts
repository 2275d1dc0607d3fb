// Over 400 lines, one concept: reading one clause is one pass weighing every reading together; each reading lives in its own module.
import { contentBigrams, contentStems, novelContent, type RequestVocabulary } from "./content-words.js";
import { actionOnUnnamedItem } from "./unnamed-item-action.js";
import {
  ACKNOWLEDGEMENT,
  ADDITION,
  APPROVAL,
  BLANKET,
  CHANGE,
  CONDITION,
  DEFERRAL,
  DIRECTIVE,
  GO_AHEAD,
  HARMLESS_PHRASES,
  HESITATION,
  IMPERATIVE_OPENING,
  NEGATIVE_IDIOMS,
  NEGATOR,
  NO_OPENING,
  PARTIAL,
  PERFORMATIVE,
  PLEASANTRY,
  HASTE,
  POLITE_GO_AHEAD,
  PRESSURE,
  QUESTION_OPENING,
  READINESS,
  REASON_CLAUSE,
  REFUSAL,
  REPORT_BACK,
  REPORTED_YES,
  RETARGET,
  SARCASM,
  STEP_BEFORE,
  DISPUTE,
  THIRD_PARTY,
  WANT_TO_PROCEED,
  WANTS_TO_KNOW,
  YES_OPENING,
} from "./consent-markers.js";
import { readPaymentChoice, unofferedMethod } from "./payment-choice.js";
import { DETAIL_WORDS, givenReason } from "./reason-given.js";
import { clauseParts, clauseRole, MIND_CHANGED, REMOVES_OR_COMPENSATES, RETRACTION, STORY_DURATION, withoutNarration } from "./clause-role.js";
import { withoutNoLongerNeeded } from "./no-longer-needed.js";
import { withoutOwnPlans } from "./own-plans.js";
import { withoutConcededUnavailable, withoutSettledCondition } from "./settled-condition.js";
import { withoutProductFaults } from "./product-fault.js";
import { preferenceRestates } from "./stated-preference.js";
import { announcedStep } from "./announced-step.js";
import { withoutDeclinedOptions } from "./declined-option.js";
import { withoutDescribedReferences } from "./described-references.js";
import { withoutTransferPurpose } from "./transfer-purpose.js";
import { withoutStatedPurpose } from "./stated-purpose.js";
import { keptAlternative } from "./kept-alternative.js";
import { keptItem } from "./kept-item.js";
import { acknowledgedCodeOffLimit, acknowledgedLimit, acknowledgesRestatedNegation, unstatedAcknowledgedNegations } from "./acknowledged-limit.js";
import { otherPayer, othersMethod } from "./other-payer.js";
import { otherTraveller } from "./other-traveller.js";
import { unofferedDayPeriod, withoutCoveredDayPeriods } from "./day-period.js";
import { fewerTravellers, oneOfTravellers, moreTravellers } from "./traveller-count.js";
import { choiceThenActs, listedChoice, type ListedChoice } from "./listed-choice.js";
import { withoutSelfReports } from "./self-report.js";
import { asksWhichToCancel, CANCEL_VERB } from "./which-item.js";
import { namedValues, newValues, statedTotals, valueKind } from "./reply-values.js";
import { answersHowMany, readChangeTo, restatesRequest, settlesAsDescribed, unexplainedNegations, type RequestChange } from "./request-echo.js";
import { assuredAsDescribed } from "./assured-as-described.js";
import { withoutReportBack } from "./report-back.js";
import { withoutLifeNegations } from "./life-negation.js";
import { asksWhenAftermathArrives } from "./aftermath-question.js";
import { commandsRequestAction, instructsOtherThanDescribed } from "./action-command.js";
import { asksModification } from "./modification-asked.js";
import { offersSeveral } from "./request-parts.js";
import { restatesScope } from "./restated-scope.js";
import { ACTION_VERB, PERSON } from "./action-domain.js";
import { idleWords } from "./idle-words.js";
import { assumedTerm } from "./assumed-term.js";
import { otherLeg } from "./other-leg.js";
import { otherDoer } from "./other-doer.js";
import { escapeRegExp } from "../util/escape-regexp.js";

/**
 * What one clause of a reply does: agree, refuse, or neither, and which reservations it
 * carries (a condition, a question, a change, a restriction, an addition, a value or a request
 * the agent's message did not contain).
 * @internal
 */

/** Why a clause keeps a reply from being a confirmation. */
export type ClauseRisk =
  | "condition"
  | "question"
  | "change"
  | "partial"
  | "addition"
  | "hesitation"
  | "third_party"
  | "blanket"
  | "pressure"
  | "sarcasm"
  | "reported"
  | "negation"
  | "new_value"
  | "new_content"
  | "contrast";

export interface ClauseReading {
  readonly text: string;
  /** The agreement markers found ("yes", "go ahead", "I confirm", …). */
  readonly affirm: readonly string[];
  /** The refusal markers found. */
  readonly deny: readonly string[];
  readonly risks: readonly { readonly kind: ClauseRisk; readonly text: string }[];
  /** The agreement is only a go-ahead ("do it", "go ahead"), without a yes, a confirmation or an approval in words. */
  readonly weak: boolean;
  /** The clause shows haste ("I'm in a hurry"): pressure when the reply's agreement is only a go-ahead. */
  readonly haste: boolean;
}

/**
 * What the request asked: a yes or no; which of something (a choice); which of something,
 * saying it will act on the answer ("let me know which one, and I'll proceed"); or nothing.
 */
export type RequestAsk = "yes_no" | "which" | "which_then_act" | "nothing" | "unknown";

/** What the clause is read against. */
export interface ClauseContext {
  readonly vocabulary: RequestVocabulary;
  /** The request's own conditions ("if the price is lower, …"): a reply may echo them. */
  readonly conditionVocabulary: RequestVocabulary;
  readonly knownValues: ReadonlySet<string>;
  /** What the request changes (`requestChange`): what "change it to X" may restate, and what it would undo. */
  readonly change?: RequestChange;
  /** The request's text (normal form). */
  readonly request: string;
  readonly ask: RequestAsk;
  /** The clause ends a sentence with a question mark. */
  readonly question: boolean;
  /** The clause is the first of its sentence (an opening interrogative counts only there). */
  readonly first: boolean;
  /** The clause comes after "but", "however", "pero", "但是"… */
  readonly contrast: boolean;
  /** The sentence trailed off ("yes..."). */
  readonly trailing: boolean;
  /** A contrast follows the clause in its sentence ("it doesn't make up for the delay, but fine"): the clause is conceded. */
  readonly conceded?: boolean;
  /**
   * The clause follows a concession made after a yes in its sentence ("yes, cancel them, even if I won't get a refund for
   * some", "aunque no me reembolsen algunas", "即使有的不退款"): a fact of the user's own (with its subject) conceded.
   */
  readonly concedes?: boolean;
  /** The words of the people the request names (`personNames`): "for Harold" may leave the others out. */
  readonly names?: ReadonlySet<string>;
  /** The request asked how to pay and the reply answers it (`answersHowToPay`): a method it names is no new detail. */
  readonly openPayment?: boolean;
}

/** A clause that opens on one part of the action ("for the water bottle, …", "as for the return flight, …", "para la botella, …", "至于水壶，…"). */
/** What a conceded downside is about: money not coming back, a fee, a cost, a loss (EN, ES, ZH). */
const CONCEDED_LOSS =
  /(?<![\p{L}])(?:refund\w*|money|credit|fees?|charge\w*|cost\w*|pay|paying|lose|losing|lost|reembols\w*|devuelv\w*|dinero|cargo|cobr\w*|pag\w*|perd\w*|pierd\w*)(?![\p{L}])|退款|退钱|钱|费用|损失/iu;
/** Doubt about the action itself ("although I don't remember agreeing", "aunque no sé si…"): no downside conceded. */
const DOUBT =
  /(?<![\p{L}])(?:remember|recall|know|sure|think|understand|agree\w*|recuerd\w*|se|seguro|segura|entiendo|creo|acuerdo)(?![\p{L}])|记得|确定|知道|明白|同意/iu;
/** A conceded fact with its own subject: "I won't get…", "two won't be refunded", "there's no refund", "no me reembolsen", "有的不退款". */
const CONCEDED_FACT =
  /^(?:(?:i|we|it|they|there|that|this|some|two|three|one|none|the \p{L}+)(?:'ll|'s|'re|'m| will| is| are| am| won't| can't| don't| doesn't| didn't| wasn't| isn't| aren't| would| wouldn't|\s+(?:\p{L}+n't|not|get|lose|have|pay))|(?:no )?(?:me|nos|le|les) |(?:no )?(?:haya|hay|tenga|tengo|pierda|pierdo|recib\p{L}*|reembols\p{L}*)|(?:有的|我|它|这|那|其中)[^，。,.]*不)/iu;

const PART_SCOPE =
  /^(?:(?:but|however|pero|sin embargo)\s+)?(?:for|as for|as to|regarding|on|para|en cuanto a|respecto a|con)\s+(?:the|my|our|that|this|el|la|los|las|mi|mis|su|sus)\s+[^,，]{1,40}[,，]|^(?:至于|对于|关于)[^,，]{1,20}[,，]/iu;

/** The part of a clause that thanks or wishes well ("…, and thank you for your patience today"). */
// a well-wish or a compliment to the agent is courtesy too ("hope your day's going well", "you've been a lifesaver today",
// "que tenga buen día", "祝你今天愉快"): its words name nothing of the action
const COURTESY_PART =
  /(?:^|,\s*|[—–]\s*|(?<![\p{L}])and\s+)(?:thanks?|thank you|i (?:really |truly )?appreciate|have a (?:great|good|nice|wonderful|lovely) |(?:i )?hope (?:your|you have|you're having|you are having|you get) |(?:you'?ve|you have) been (?:(?:so|very|really|super|such|a|an|truly)\s+)*(?:helpful|kind|patient|great|amazing|wonderful|lovely|awesome|fantastic|a (?:lifesaver|life saver|star|gem|big help|huge help|great help))|que (?:tenga|tengas|pase|pases) (?:un )?(?:buen|buena|lindo|linda|feliz)|gracias|le agradezco|谢谢|感谢|祝(?:你|您))[^,;]*/giu;

/** Relative descriptions of one of several listed items ("the smaller gift card", "the larger one", "the cheapest"). */
const COMPARATIVE =
  /(?<![\p{L}])(?:small|smaller|smallest|large|larger|largest|big|bigger|biggest|low|lower|lowest|high|higher|highest|cheap|cheaper|cheapest|expensive|first|second|then|next|remaining|mayor|menor|primer[oa]?|segund[oa])(?![\p{L}])/giu;

/** What may stand before a go-ahead for it to be one: nothing, or agreement and courtesy ("yes, please go ahead"). */
const GO_AHEAD_LEAD =
  /^[,;:.!\s—–-]*(?:(?:yes|yeah|yep|ok|okay|sure|alright|all right|great|perfect|fine|then|so|and|now|just|kindly|please|thanks|thank you|you can|you may|feel free to|let'?s|i'?d like you to|i would like you to|i want you to|go ahead and|no (?:problem|worries)|not a problem|siyes|si|vale|claro|bueno|por favor|entonces|sin problema|no hay problema|好的|好|可以|请|那就|麻烦您|没问题|行)[,;:!.\s，—–-]*)*$/iu;

/**
 * A detail of the proposal judged acceptable before the go-ahead ("$70 is fine, go ahead", "the refund to my Visa sounds good, please
 * proceed"): it leads in like "that's fine". Its subject is still read with the rest of the clause: an amount, a card or a word the
 * request did not state is a detail of the user's own ("$50 is fine, go ahead"). A subject that negates, conditions, restricts or sets
 * against ("only the return is fine", "if it's $70 that's fine") is no lead-in.
 */
const DETAIL_APPROVED =
  /^(?!.*(?<![\p{L}])(?:not|no|never|if|unless|but|only|just|except|instead|rather|other|another|else|nunca|si|pero|solo|solamente|excepto|salvo|otr[oa]s?|en vez|en lugar)(?![\p{L}]))[^,;:.!?]{1,60}? (?:(?:is|are|sounds|looks|seems)(?: (?:totally|perfectly|completely|all))? (?:fine|ok|okay|good|great|perfect|acceptable|alright|all right|no problem)(?: (?:with|by|for) (?:me|us))?|(?:esta|estan|me parecen?) (?:bien|perfect[oa]s?))(?=[,;:.!\s—–-]*$)/iu;

const first = (re: RegExp, text: string): string | undefined => re.exec(text)?.[0];
/** The same markers, matching every occurrence (compiled once). */
const all = (re: RegExp): RegExp => new RegExp(re.source, "giu");
const G = {
  NEGATOR: all(NEGATOR),
  NEGATIVE_IDIOMS: all(NEGATIVE_IDIOMS),
  PLEASANTRY: all(PLEASANTRY),
  APPROVAL: all(APPROVAL),
  HARMLESS_PHRASES: all(HARMLESS_PHRASES),
  REPORT_BACK: all(REPORT_BACK),
  GO_AHEAD: all(GO_AHEAD),
  AGREEMENT: [YES_OPENING, PERFORMATIVE, WANT_TO_PROCEED, APPROVAL, GO_AHEAD, PLEASANTRY].map(all),
};
const IDIOM_WITH_OBJECT = new RegExp(`(?:${NEGATIVE_IDIOMS.source})\\s+(?:on|with|about|for|regarding|re|con|sobre)\\s`, "iu");
const OPENS_WITH_COURTESY = new RegExp(`^(?:${PLEASANTRY.source})`, "iu");

/** What a go-ahead may follow in its clause: agreement, courtesy and connectives ("yes, no worries, in that case please go ahead"). */
function leadsIn(prefix: string): boolean {
  const rest = prefix
    .replace(DETAIL_APPROVED, " ")
    .replace(G.NEGATIVE_IDIOMS, " ")
    .replace(G.PLEASANTRY, " ")
    .replace(G.APPROVAL, " ")
    .replace(/(?<![\p{L}])(?:in that case|in which case|if so|at all|en ese caso|那么)(?![\p{L}])/giu, " ");
  return GO_AHEAD_LEAD.test(rest.replace(/\s+/g, " ").trim());
}

/**
 * A well-wish to the agent ("hope your day's going well", "have a lovely evening", "que tenga buen día", "祝您晚上愉快"): its
 * times and words ("evening", "一切顺利") belong to the wish, not to the action. A hope about the action ("I hope you can put
 * it on my Amex") is no well-wish: only a day, an evening, a week… wished well.
 */
// The wish ends where another clause could begin: a joining word ("…and add one for my wife"), a value ("…with 3 bags"), a
// time still to come ("…tomorrow when you add them"); in Chinese, a word of doing or a count ("祝你顺利帮我改成三件").
const WELL_WISH =
  /(?<![\p{L}])(?:i )?hope (?:your|you have|you're having|you are having) (?:a |an )?(?:(?:great|good|nice|wonderful|lovely|happy|relaxing)\s+)?(?:day|week|weekend|evening|afternoon|morning|night|holiday)(?![\p{L}])(?:(?!(?<![\p{L}])(?:and|with|when|while|once|after|before|but|then|also|plus|if|so|tomorrow|tonight|y|con|cuando|pero|si|manana)(?![\p{L}]))[^,;.!\d$€])*|(?<![\p{L}])have a (?:great|good|nice|wonderful|lovely|happy) (?:day|one|week|weekend|evening|afternoon|morning|night)(?![\p{L}])|(?<![\p{L}])que (?:tenga|tengas|pase|pases) (?:un |una )?(?:buen|buena|lindo|linda|feliz|excelente) (?:dia|tarde|noche|semana|fin de semana)(?![\p{L}])|祝(?:你|您)[^，。,.!！;；帮替给改换加添取退升降订用付刷再也还并和跟两二三四五六七八九十\d$]*/giu;

/** What closes a story and opens the answer ("so, long story short:", "anyway,", "en fin,", "total,", "总之，"): no words of its own. */
const STORY_CLOSE =
  /^(?:(?:so|and|but|well|ok|okay|y|pues|bueno)[,\s]+)*(?:(?:(?:to )?(?:make|cut) a )?long story short|in short|all in all|anyhow|anyways?|en fin|en resumen|en resumidas cuentas|total(?=,)|总之|总而言之|反正|说到底)(?:[,:;，：；]\s*|\s+)/iu;

/** "no se" before a verb of the third person ("no se apaga", "no se cierra"): a reflexive verb, not "no sé" (I don't know). */
const REFLEXIVE_NO_SE =
  /(?<![\p{L}])no se (?=(?!(?:si|que|como|cuando|donde|quien|cual|nada|todavia|aun|bien|muy|exactamente|porque|ni)(?![\p{L}]))\p{L}+(?:a|an|e|en|aba|aban|ia|ian|io|ieron|aron|o)(?![\p{L}]))/giu;

/** "…, and X too", "…, y lo de X también": an addition said last, its verb left out ("too" before an adjective is "excessively"). */
const ELIDED_ADDITION = /(?<![\p{L}])(?:too|as well|also|tambien)[.!]?$/iu;

/** Chinese thanks to the agent for something done, up to the clause's end ("谢谢你这么耐心地帮我查"). */
const THANKS_FOR_DOING = /(?:^|[，,]\s*)(?:谢谢|感谢|多谢)(?:你|您)[^，。,;；!！?？]*/gu;

/** Subordinate clauses that only acknowledge ("…, I know it takes a few days"): no request in them. */
const ACKNOWLEDGING_TAIL = /(?:^|[,;]\s*)(?:i know|i understand|i realize|i see|i get (?:it|that)|i appreciate)\b[^,;]*/giu;
/** An acknowledgement closing a clause in Spanish ("…, lo entiendo"): it names nothing. */
const CLOSING_ACKNOWLEDGEMENT = /[,;]\s*(?:lo entiendo|entiendo|lo comprendo|comprendo|entendido)\s*[.!]*$/iu;

/**
 * A reason that instructs and names something of its own: a detail the request never mentioned ("because I want the window
 * seat"), or a negated detail of the action ("porque no quiero pagar el equipaje", "因为我不需要保险了"). Such a reason is read
 * as the rest of the clause; any other reason ("since I wouldn't want to cancel without a refund") is the user's motive.
 */
function instructsInReason(reason: string, ctx: ClauseContext): boolean {
  if (clauseRole(reason, ctx.request).role !== "instructs") return false;
  return novelContent(reason.replace(/\w+n't(?![\p{L}])/gu, " "), ctx.vocabulary).length > 0 || (NEGATOR.test(reason) && DETAIL_WORDS.test(reason));
}

/** A word of wishing, in any tense or person ("wanted", "hopes", "quería", "希望"): what `wishedDetail` reads. */
const WISH_WORD =
  /(?<![\p{L}])(?:want\w*|wish\w*|hop(?:e|es|ed|ing)|would like|'d like|prefer\w*|need\w*|quier\w*|queri\w*|quis\w*|prefier\w*|necesit\w*|dese\w*)(?![\p{L}])|希望|想|要求|需要/iu;

/** The same, with the "can" of a Chinese wish after it ("希望能", "希望可以"), everywhere in a text. */
const WISH_WORD_WITH_ABILITY = new RegExp(`(?:${WISH_WORD.source})(?:能|可以)?`, "giu");

/** Someone other than the user in a request ("your husband's Visa", "her card", "您先生的卡"): a method may be theirs. */
const SOMEONE_ELSE = new RegExp(`${PERSON.source}|(?<![\\p{L}])(?:his|her|their|su esposo|su esposa)(?![\\p{L}])|他|她`, "iu");

/** A negated phrase ("not the flight", "不要行李") whose object is a word of the request. */
function negatesRequestWord(negation: string, vocabulary: RequestVocabulary): boolean {
  const object = negation.replace(G.NEGATOR, " ");
  return (contentStems(object).length > 0 || contentBigrams(object).length > 0) && novelContent(object, vocabulary).length === 0;
}

/**
 * Reads one clause. Agreement counts only where it is not asked, conditioned or negated; the
 * reservations are the markers the clause carries, values it names that the request did not,
 * and — for a clause that agrees or tells the agent to do something — words the request never used.
 */
export function readClause(said: string, ctx: ClauseContext): ClauseReading {
  // "long story short: yes…", "en fin, sí…", "总之，好的…": the hinge from a story to the answer says nothing itself
  // and so does a condition the request already settled ("if that's the only option" after "the only option is…", settled-condition.ts)
  const clause = withoutConcededUnavailable(withoutSettledCondition(said, ctx.request), ctx.request)
    .replace(/^[\s,，;；]+/u, "")
    .replace(STORY_CLOSE, "");
  // the reason the request asked for says why, not what ("the reason is that I want a different flight"): the rest is read
  const reason = givenReason(clause, ctx.request, ctx.vocabulary, ctx.knownValues);
  // declining an extra the request offered as optional ("I don't want the travel insurance") answers its open choice
  // so does a report about the user's own memory of a past detail ("I can't seem to find it right now")
  // and so does no longer needing what the request takes away ("I won't be needing that flight" to a cancellation)
  // and so does the user's story about their own plans ("I need to be in Seattle by Friday for a wedding", own-plans.ts)
  // and so does what is wrong with the item a return takes back ("it doesn't keep heat", "no funciona bien", product-fault.ts)
  const text = withoutProductFaults(
    withoutOwnPlans(
      withoutNoLongerNeeded(
        withoutSelfReports(
          withoutDeclinedOptions(
            (reason === undefined ? clause : clause.slice(reason.length).replace(/^[,;，；\s]+/u, "")).replace(WELL_WISH, " "),
            ctx.request,
          ),
        ),
        ctx.request,
      ),
    ),
    ctx.request,
  )
    .replace(/\s+/g, " ")
    .trim();
  const risks: { kind: ClauseRisk; text: string }[] = [];
  const risk = (kind: ClauseRisk, found: string | undefined) => {
    if (found !== undefined) risks.push({ kind, text: found });
  };
  // idioms with a negator or "if" are neither a refusal nor a condition ("no worries", "let me know if…");
  // a reason given ("since it's refundable") or an acknowledgement ("I know it takes a few days") neither agrees, refuses nor asks
  const idiomWithObject = IDIOM_WITH_OBJECT.test(text);
  const plain = text.replace(G.NEGATIVE_IDIOMS, " ").replace(G.HARMLESS_PHRASES, " ").replace(/\s+/g, " ").trim();
  const report = REPORT_BACK.test(plain);
  // a reason narrates ("since my son is sick") unless it instructs ("because I want the window seat", "porque no quiero pagar el equipaje")
  const withoutReason = (t: string) => t.replace(REASON_CLAUSE, (m) => (instructsInReason(m, ctx) ? m : " "));
  // and a part that narrates ("add them now please, I'm boarding soon") names no detail either (its values are read from `text`),
  // nor a purpose that names nothing of the action ("…so I can get on with my day", stated-purpose.ts)
  const core = withoutNarration(
    withoutStatedPurpose(withoutReason(report ? plain.replace(G.REPORT_BACK, " ") : plain), ctx.request)
      .replace(ACKNOWLEDGING_TAIL, " ")
      .replace(CLOSING_ACKNOWLEDGEMENT, " ")
      .replace(/\s+/g, " ")
      .trim(),
    ctx.request,
  );
  // agreement is read with the idioms kept ("no problem, go ahead", "没问题")
  const spoken = withoutReason(text.replace(G.HARMLESS_PHRASES, " ")).replace(/\s+/g, " ").trim();
  // what the clause does (clause-role.ts): a story, reason or feeling names no detail and negates nothing of the action;
  // a clause that instructs (even inside a story: "my wife isn't coming anymore") is read as an instruction
  const role = clauseRole(withoutTransferPurpose(text, ctx.request), ctx.request);
  // "I understand that it can't be cancelled" after the request said so itself (acknowledged-limit.ts)
  const statedLimit = acknowledgedLimit(plain, ctx.request) !== undefined;
  const acknowledgement = ACKNOWLEDGEMENT.test(core) || statedLimit;
  // going on with the step the request announced for afterwards ("please keep checking the other reservations") asks for nothing new
  const step = announcedStep(plain, ctx.request);
  // a time of day the request's flight is at ("the evening one" to HAT045 at 19:00) names that flight (day-period.ts)
  const unstepped = withoutCoveredDayPeriods(step === undefined ? core : core.replace(step, " "), ctx.request);
  // "the amount", "the reservation ID …", "the checked bags" refer to what the request described
  // and the person and purpose of an offered transfer ("someone who can assist with the bag refund") are the transfer's
  const referred = withoutTransferPurpose(withoutDescribedReferences(unstepped, ctx.request, ctx.knownValues), ctx.request);
  // choosing one of the offered payment methods ("if there's a difference, use the card ending in 7334") answers the request
  const payment = readPaymentChoice(referred, ctx.request, ctx.knownValues, ctx.openPayment === true);
  const read = payment?.rest ?? referred;
  // values are compared as values ("the second option" is Option 2), not as words; and a clause that names one of the
  // request's items by its value may also call it "the larger one" or "the cheaper card"
  const named = namedValues(read);
  const namesKnownItem = named.some((v) => ctx.knownValues.has(v.key) && /^(?:id|n):/.test(v.key));
  // "change it to X" / "改成X" / "cámbielo a X": a restatement when every X is what the request changes to, a change otherwise
  const retargeted = first(RETARGET, plain);
  const changeTo = readChangeTo(plain, retargeted, ctx.knownValues, ctx.change);
  const offTarget = changeTo?.off ?? [];
  const restatedChange = changeTo !== undefined && changeTo.values.length > 0 && offTarget.length === 0 ? changeTo.marker : undefined;
  // "I'd rather pay with the card ending 2207" when that is the card the request pays with (stated-preference.ts): no change, no new word
  const preference = first(CHANGE, plain);
  const restatedPreference =
    preference !== undefined && preferenceRestates(plain, preference, ctx.vocabulary, ctx.knownValues, ctx.change, ctx.request) ? preference : undefined;
  // "make sure the refund is processed to the original payment method" when the request says so (assured-as-described.ts): no
  // condition and no words of its own
  const assured = assuredAsDescribed(read, ctx.request);
  // "I want to keep the pet bed" / "宠物床我留着" when the request returns everything except the pet bed (restated-scope.ts): its
  // keeping word is no word of its own
  const keepWord = keptItem(plain, ctx.request) ?? first(PARTIAL, plain);
  const restatedKeep =
    keepWord !== undefined && /keep|qued|conserv|guard|留|保留/u.test(keepWord) && restatesScope(plain, keepWord, ctx.request, false) ? keepWord : undefined;
  const unvalued = named.reduce(
    (t, v) => t.replace(v.text, " "),
    [restatedChange, restatedPreference, assured, restatedKeep].reduce((t: string, m) => (m === undefined ? t : t.replace(m, " ")), read),
  );
  // (a verdict on the proposal, "that works for me", "all good", "me parece bien", is agreement, not words of a new detail)
  const approved = unvalued.replace(G.APPROVAL, " ");
  const compared = namesKnownItem ? approved.replace(COMPARATIVE, " ") : approved;
  const novel = novelContent(compared, ctx.vocabulary);
  // a wish to be told something is no request for another action
  const wish = WANTS_TO_KNOW.exec(core);
  // thanks for what the agent did is no instruction ("谢谢你帮我查": thank you for checking for me)
  // and the matter of an offered transfer ("I need this resolved") tells the agent who asked to do nothing
  const directed = withoutTransferPurpose(
    wish ? core.slice(0, wish.index) + core.slice(wish.index + wish[0].length).replace(/^[^,;]*/, " ") : core,
    ctx.request,
  ).replace(THANKS_FOR_DOING, " ");
  const directive = !acknowledgement && (DIRECTIVE.test(directed) || IMPERATIVE_OPENING.test(directed));
  const asks = ctx.question || (ctx.first && QUESTION_OPENING.test(plain) && !POLITE_GO_AHEAD.test(plain));
  // a part that only tells, thanks or feels ("…, things have been tight since I changed jobs", idle-words.ts) names nothing the agent
  // could do: its words outside the action's domain are no new content, unless the clause asks
  const idle = asks ? undefined : idleWords(text, ctx.request);
  const told = idle === undefined ? novel : novel.filter((w) => !idle.stems.has(w) && !idle.bigrams.has(w));
  // thanks and small talk name no detail ("thank you for your patience today")
  const courtesyOnly = OPENS_WITH_COURTESY.test(text) && !directive && !asks && !YES_OPENING.test(text);
  // a detail inside thanks is small talk ("thank you for being so helpful today"), unless written with digits ("thanks for
  // changing it to the 22nd"); a total of the request's own amounts ("both gift cards totaling $327") is no amount of the user's own
  const inThanks = newValues(courtesyOnly ? text : [...text.matchAll(COURTESY_PART)].map((m) => m[0]).join(" ; "), ctx.knownValues);
  const stated = [...(courtesyOnly ? [] : newValues(text.replace(COURTESY_PART, " "), ctx.knownValues)), ...inThanks.filter((v) => /\d/u.test(v.text))];
  const totals = statedTotals(text, stated, ctx.request);
  // a clause that only tells a story names no count of an action that takes away or compensates by its durations ("for five hours")
  const durations = role.role === "narrates" && REMOVES_OR_COMPENSATES.test(ctx.request) ? [...text.matchAll(STORY_DURATION)].map((m) => m[0]) : [];
  const values = stated.filter((v) => !totals.includes(v) && !durations.some((d) => d.includes(v.text)));

  risk("third_party", first(THIRD_PARTY, text));
  risk("blanket", first(BLANKET, text));
  risk("sarcasm", first(SARCASM, text) ?? first(RETRACTION, text));
  risk("pressure", first(PRESSURE, text));
  // "I take it the $85 includes my bag", "la comisión me la quitan": a term of the action the request never stated (assumed-term.ts)
  risk("condition", assumedTerm(plain, ctx.request, ctx.vocabulary));
  // "same for the way back", "entiendo que la conexión también se cancela": a leg of the trip the request never names (other-leg.ts),
  // asked for or taken for granted, also inside an acknowledgement
  risk("addition", otherLeg(plain, ctx.request));
  // "el cambio lo hará mi marido", "I'll make the change myself", "套餐我老公会去换": someone else carries out the action (other-doer.ts)
  const doer = otherDoer(plain, ctx.request);
  risk("change", doer === undefined ? undefined : `${doer}: someone other than the agent carries out the action`);
  // "call me before you charge the card", "antes de cargar la Visa": a step of the user's own before the action, whatever else is said
  risk("condition", first(STEP_BEFORE, plain));
  // "I'll dispute the $95 later", "reclamaré la comisión", "我会申诉": the charge the action makes is not accepted
  risk("condition", first(DISPUTE, plain));
  // "could you update the baggage information?" after a request that only books (modification-asked.ts): a changed detail
  risk("change", asksModification(plain, ctx.request));
  risk("reported", first(REPORTED_YES, text));
  // in a story, "no se apaga" (it doesn't switch off) is a reflexive verb, not "no sé" (I don't know) without its accent
  // and so is it in the acknowledgement of a limit the request stated ("entiendo que no se puede cancelar")
  const reflexive = role.role === "narrates" || statedLimit || acknowledgesRestatedNegation(plain, ctx.request);
  risk("hesitation", first(HESITATION, reflexive ? plain.replace(REFLEXIVE_NO_SE, " ") : plain) ?? first(DEFERRAL, plain));
  if (ctx.trailing) risks.push({ kind: "hesitation", text: "…" });
  // "I understand that the bag can't be removed": what follows repeats the agent, it asks or changes nothing
  if (!acknowledgement) {
    // "the other reservations" of the announced step are the request's "remaining" ones
    const change = first(CHANGE, step === undefined ? plain : plain.replace(step, " "));
    if (change !== undefined && change !== restatedPreference && !restatesRequest(plain, change, ctx.request)) risks.push({ kind: "change", text: change });
    // a payment method of a kind the request never named ("use my PayPal") is another method than those offered
    const method = unofferedMethod(core, ctx.request, ctx.openPayment === true);
    if (method !== undefined) risks.push({ kind: "change", text: method });
    // keeping what the request offered as the alternative ("go ahead with the current flight" after "switch, or stay?")
    const kept = keptAlternative(plain, ctx.request);
    if (kept !== undefined) risks.push({ kind: "change", text: kept });
    // keeping part of what the request takes away ("the kettle stays with me", "水壶我留着"), told as a story or not (kept-item.ts)
    const keeps = keptItem(plain, ctx.request);
    if (keeps !== undefined && !restatesScope(plain, keeps, ctx.request, offersSeveral(ctx.request))) risks.push({ kind: "partial", text: keeps });
    // someone else paying ("my wife will pay with her own card", other-payer.ts) changes who pays
    const payer = otherPayer(plain);
    if (payer !== undefined) risks.push({ kind: "change", text: payer });
    // someone else's card or account ("refund it to his Visa", "退到我太太的卡上") changes whose money moves (other-payer.ts)
    // (unless the request itself speaks of someone else, whose method it may be: "your husband's Visa")
    const owned = payer === undefined && !SOMEONE_ELSE.test(ctx.request) ? othersMethod(plain) : undefined;
    if (owned !== undefined) risks.push({ kind: "change", text: owned });
    // "the blender is going back as well": the request's kind of action told of an item it does not name (unnamed-item-action.ts)
    const unnamed = actionOnUnnamedItem(plain, ctx.request, ctx.vocabulary);
    if (unnamed !== undefined) risks.push({ kind: "addition", text: unnamed });
    // someone else needing something or joining the trip ("Ivan's going to need an extra bag", other-traveller.ts) asks for more;
    // a time of day the request does not offer ("evening please" to a flight at 08:00; read without the story) asks for another flight;
    // the user alone ("it's just me") beside a booking for two changes who travels (traveller-count.ts)
    const [other, period, alone] = [
      otherTraveller(plain),
      unofferedDayPeriod(core, ctx.request),
      fewerTravellers(plain, ctx.request, ctx.names) ?? oneOfTravellers(plain, ctx.request, ctx.names ?? new Set()),
    ];
    if (other !== undefined) risks.push({ kind: "addition", text: other });
    if (period !== undefined) risks.push({ kind: "change", text: `${period}: a time of day the request did not offer` });
    if (alone !== undefined) risks.push({ kind: "change", text: `${alone}: fewer travellers or lines than the request names` });
    const more = moreTravellers(plain, ctx.request, ctx.names ?? new Set());
    if (more !== undefined) risks.push({ kind: "addition", text: `${more}: more people than the request names` });
    if (offTarget.length > 0)
      risks.push({ kind: "change", text: `${changeTo!.marker} ${offTarget[0]!.text}: ${valueKind(offTarget[0]!)} the request does not change to` });
    else if (retargeted !== undefined && restatedChange === undefined && novel.length + values.length > 0) risks.push({ kind: "change", text: retargeted });
    const partial = first(PARTIAL, plain);
    // "退回原支付方式就行" ("the original payment method will do") settles what was described (request-echo.ts)
    if (
      partial !== undefined &&
      !restatesRequest(plain, partial, ctx.request) &&
      !answersHowMany(plain, partial, ctx.request) &&
      !settlesAsDescribed(plain, partial, ctx.request) &&
      !restatesScope(plain, partial, ctx.request, offersSeveral(ctx.request))
    )
      risks.push({ kind: "partial", text: partial });
  }

  const deny: string[] = [];
  const refusal = first(REFUSAL, core) ?? first(MIND_CHANGED, core);
  if (refusal !== undefined) deny.push(refusal);
  const no = NO_OPENING.exec(plain);
  if (no && deny.length === 0) deny.push(no[0].trim());

  // after a request that only asked which or what, a "yes" or "sounds good" answers nothing: only an explicit go-ahead counts
  const [yesNo, whichCancel] = [ctx.ask === "yes_no" || ctx.ask === "unknown", ctx.ask === "which" && asksWhichToCancel(ctx.request)];
  const affirm: string[] = [];
  let listed: ListedChoice | undefined;
  let strong = false;
  let approvalOnly = false;
  if (asks) {
    // "can you go ahead with it?" asks the agent to do what the request put to the user; after a request for
    // information it asks for something the request did not offer
    const polite = POLITE_GO_AHEAD.exec(plain);
    const generic = polite !== null && /(?:go ahead|proceed|move forward|continue)$/.test(polite[0]);
    // after a bare "which one?", "could you proceed with M05KNL?" picks the item; it agrees to no action put to the user
    if (polite && novel.length + values.length === 0 && !CONDITION.test(core) && (ctx.ask !== "which" || (generic && !namesKnownItem))) affirm.push(polite[0]);
    // "how long until the refund shows up?" waits for the action to be done (aftermath-question.ts)
    else if (
      !report &&
      !asksWhenAftermathArrives(plain, ctx.vocabulary) &&
      !/^(?:and |so )?(?:can|could|would) you (?:please )?help(?: me)?(?: (?:with|on) (?:that|this|it))?$/.test(plain)
    )
      risks.push({ kind: "question", text });
  } else if (ctx.ask !== "nothing") {
    const kinds = yesNo ? [YES_OPENING, PERFORMATIVE, WANT_TO_PROCEED, APPROVAL] : [PERFORMATIVE, WANT_TO_PROCEED];
    for (const re of kinds) {
      const m = re.exec(spoken);
      if (m && (yesNo || !READINESS.test(m[0]))) affirm.push(m[0].trim());
    }
    strong = affirm.length > 0;
    approvalOnly = strong && affirm.every((a) => APPROVAL.test(a) && !YES_OPENING.test(a) && !PERFORMATIVE.test(a) && !WANT_TO_PROCEED.test(a));
    // "go ahead", "do it", "make the changes" tell the agent to act only in command position, not in "I had to make these changes"
    // after a bare "which one?" (not which to cancel), "请处理 HB72KD" / "go ahead with HB72KD" picks the item (rule 1)
    const picks = ctx.ask === "which" && namesKnownItem && !whichCancel;
    for (const m of spoken.matchAll(G.GO_AHEAD)) {
      if (!picks && leadsIn(spoken.slice(0, m.index))) {
        affirm.push(m[0]);
        approvalOnly = false;
      }
    }
    // telling the agent to do the action the request describes ("please cancel it", "I'd like to cancel Q69X3R"); after a request that
    // asked which one, naming it is a choice, not a go-ahead, except cancelling one listed item after "which one to cancel?" (which-item.ts)
    const instructs = yesNo || ctx.ask === "which_then_act" || (whichCancel && namesKnownItem && !ADDITION.test(core));
    if (affirm.length === 0 && deny.length === 0 && instructs && directive && told.length + values.length === 0) {
      const verb = ACTION_VERB.exec(core);
      const before = verb ? core.slice(0, verb.index) : "";
      if (
        verb &&
        (ctx.ask !== "which" || CANCEL_VERB.test(verb[0])) &&
        (leadsIn(before) ||
          /(?:like|want|wish|need|love|ready|happy|glad|'d|would) (?:you )?to (?:\w+ )?$|(?:quiero|deseo|me gustaria) $|(?:我要|我想|请|帮我)$/iu.test(before))
      )
        affirm.push(verb[0]);
    }
    // the request's own action said back as a bare command, with no yes word ("Exchange it.", "取消吧", "Cancélela.": action-command.ts)
    if (affirm.length === 0 && deny.length === 0 && instructs && told.length + values.length === 0) {
      const command = commandsRequestAction(core, ctx.request);
      if (command !== undefined) affirm.push(command);
    }
    // an instruction of another action than the request's ("book it" to a cancellation), or adding to it ("…too", "cancel them all")
    const commanded = affirm.length === 1 && !strong && !GO_AHEAD.test(affirm[0]!) ? affirm[0]! : undefined;
    const other =
      commanded === undefined
        ? undefined
        : instructsOtherThanDescribed(
            core,
            commanded,
            ctx.request,
            offersSeveral(ctx.request) || [...ctx.knownValues].filter((k) => k.startsWith("id:")).length >= 2,
          );
    if (other !== undefined) {
      affirm.pop();
      risks.push({ kind: "new_content", text: other });
    }
    // after "let me know which one, and I'll proceed", choosing among the listed options is the go-ahead ("I'll go with the second option")
    if (affirm.length === 0 && deny.length === 0 && values.length === 0 && (ctx.ask === "which_then_act" || (yesNo && choiceThenActs(ctx.request)))) {
      listed = listedChoice(core, compared, { vocabulary: ctx.vocabulary, knownValues: ctx.knownValues });
      if (listed !== undefined) affirm.push(listed.marker);
    }
  }
  // a condition on a detail that only echoes the request's own ("fine with the refund if there's a price difference")
  // adds nothing; a condition on going ahead always counts ("proceed if it meets the conditions")
  const contingent = payment?.contingent === true ? payment.rest : core;
  const assuredWish = assuredAsDescribed(contingent, ctx.request);
  const conditional = assuredWish === undefined ? contingent : contingent.replace(assuredWish, " ");
  const condition = CONDITION.exec(conditional);
  const goesAhead = (affirm.length > 0 && !approvalOnly) || GO_AHEAD.test(core);
  if (condition && (goesAhead || novelContent(conditional.slice(condition.index), ctx.conditionVocabulary).length + values.length > 0))
    risks.push({ kind: "condition", text: conditional.slice(condition.index).slice(0, 80) });
  // a negated agreement ("I don't confirm", "not correct") is a refusal, not an agreement
  const negated = affirm.filter(
    (a) => new RegExp(`(?:\\bnot|n't|\\bno|\\bnever|不|别|没)\\s*(?:\\w+\\s+){0,2}${escapeRegExp(a)}`, "iu").test(core) && !YES_OPENING.test(a),
  );
  const agreed = affirm.filter((a) => !negated.includes(a));
  if (negated.length > 0 && deny.length === 0) deny.push(negated[0]!);

  if (deny.length === 0 && !acknowledgement && role.role !== "narrates") {
    // a story's negations are about the user's life ("no me caben en la mochila"), unless what they negate is the request's own word,
    // or they judge the offer itself ("it doesn't work for me") without conceding it ("it doesn't make up for the delay, but fine")
    const negations = unexplainedNegations(withoutLifeNegations(core, ctx.request, ctx.vocabulary), ctx.request).filter(
      (n) => role.role !== "narrates" || agreed.length > 0 || (role.aboutOffer && ctx.conceded !== true) || negatesRequestWord(n, ctx.vocabulary),
    );
    // a downside conceded after the yes, said as a fact with its own subject ("even if I won't get a refund for some", "aunque no me
    // reembolsen algunas"): the yes holds whatever it is; a bare exclusion ("although not the return flight") still counts
    const conceded = ctx.concedes === true && agreed.length === 0 && CONCEDED_FACT.test(core) && CONCEDED_LOSS.test(core) && !DOUBT.test(core);
    if (negations.length > 0 && !conceded) risks.push({ kind: "negation", text: negations[0]! });
  }
  // "I understand that it can't be refunded" beside a refund the request describes: the acknowledgement negates the request's own word
  if (deny.length === 0 && !statedLimit) {
    // and so does "I understand that 8C8K4E can't be cancelled" when the request said that of another reservation
    const offLimit = acknowledgedCodeOffLimit(plain, ctx.request);
    const contrary =
      unstatedAcknowledgedNegations(plain, ctx.request).find((n) => negatesRequestWord(n, ctx.vocabulary)) ??
      (offLimit === undefined ? undefined : `${offLimit}: said not to be possible, which the request did not say of it`);
    if (contrary !== undefined && !risks.some((r) => r.kind === "negation")) risks.push({ kind: "negation", text: contrary });
  }
  for (const v of values) risks.push({ kind: "new_value", text: `${v.text}, ${valueKind(v)}` });
  // a request with words of its own asks for something else; so does an idiom with an object of its own ("no hurry on the
  // receipt"); and what a clause agrees to must be what the request described ("yes, refund it to my PayPal"): its words
  // besides the agreement and the courtesy must be the request's. An approval alone ("that works with my schedule") only judges.
  const remainder = G.AGREEMENT.reduce((t, re) => t.replace(re, " "), compared);
  // a wish that is not put as an instruction to the agent, said in the past or of someone else ("we wanted the aisle seats", "我女儿希望
  // 退款退到她的卡上"), names a detail of the action all the same: its words of its own are a detail the request did not describe
  // (a negated wish, "since I wouldn't want to cancel without a refund", is a motive; its negation is read as one)
  const wishedDetail =
    role.role === "instructs" &&
    agreed.length === 0 &&
    !NEGATOR.test(core) &&
    clauseParts(core, ctx.request).some((p) => (p.role === "instructs" || p.role === "hidden") && WISH_WORD.test(p.text) && DETAIL_WORDS.test(p.text));
  const unexplained =
    listed !== undefined
      ? listed.novel
      : directive || idiomWithObject || (role.hidden && agreed.length === 0)
        ? told
        : wishedDetail
          ? // (the wish's own words are no detail: "希望能升到商务舱" after an upgrade to business names only the request's cabin)
            novelContent(core.replace(WISH_WORD_WITH_ABILITY, " "), ctx.vocabulary).filter((w) => told.includes(w))
          : agreed.length > 0 && !approvalOnly
            ? novelContent(remainder, ctx.vocabulary).filter((w) => told.includes(w))
            : [];
  // beside an instruction read after a bare "which one to cancel?", any other clause with words of its own asks for something else
  const extra = unexplained.length > 0 ? unexplained : whichCancel && agreed.length === 0 && !courtesyOnly ? novel : [];
  // a wish to be told once it is done asks for nothing else; the clause's other parts still may ("cancel my hotel too, let me know when
  // it's done", report-back.ts)
  const outside = report && extra.length > 0 ? novelContent(withoutReportBack(plain), ctx.vocabulary) : [];
  const asked = report ? extra.filter((w) => outside.includes(w)) : extra;
  if (asked.length > 0) risks.push({ kind: ADDITION.test(core) ? "addition" : "new_content", text: asked.slice(0, 4).join(", ") });
  // the action said again for something of its own with the verb left out ("and my son Peter too", "y la de mi hijo también"):
  // an addition, though the clause neither agrees nor instructs
  else if (
    extra.length === 0 &&
    agreed.length === 0 &&
    !acknowledgement &&
    !courtesyOnly &&
    !report &&
    wish === null &&
    role.role !== "narrates" &&
    ELIDED_ADDITION.test(core) &&
    novel.length + values.length > 0
  )
    risks.push({ kind: "addition", text: [...novel, ...values.map((v) => v.text)].slice(0, 4).join(", ") });
  // a "but" clause is a reservation unless it is courtesy or asks only for what the request offered ("…, but I'd still like to discuss it")
  const withinRequest = directive && novel.length + values.length === 0;
  if (ctx.contrast && agreed.length === 0 && deny.length === 0 && !PLEASANTRY.test(text) && !APPROVAL.test(text) && !withinRequest)
    risks.push({ kind: "contrast", text });
  // "…, but for the water bottle, please select the larger one": an instruction for one part, set against the yes, changes that
  // part even in the request's own words (real-replies-6, r6-115)
  else if (ctx.contrast && directive && agreed.length === 0 && deny.length === 0 && PART_SCOPE.test(text)) risks.push({ kind: "change", text });
  return { text: said, affirm: agreed, deny, risks, weak: agreed.length > 0 && !strong, haste: HASTE.test(text) };
}

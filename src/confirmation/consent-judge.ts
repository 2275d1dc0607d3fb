// Over 400 lines as one concept: the judge's entry point, its reading of the request and its decision over the clause readings (each reading is a module of its own).
import type { ConfirmationDecider, ConfirmationDecision, DeciderInput, DeciderVerdict, PendingAction } from "./decider.js";
import { readClause, type ClauseReading, type ClauseRisk, type RequestAsk } from "./clause-reading.js";
import { contentBigrams, contentStems, requestVocabulary } from "./content-words.js";
import { GO_AHEAD, HESITATION, PERFORMATIVE, YES_OPENING } from "./consent-markers.js";
import { INJECTION_PATTERNS } from "./reply-lexicon.js";
import { decideReply } from "./rule-decider.js";
import { normalizeText, splitClauses, splitSentences, stripSimulatorMarkers } from "./reply-text.js";
import { knownValues } from "./reply-values.js";
import { amountOffAction } from "./action-amounts.js";
import { bothOfListed, bothOfOne, saysBoth } from "./both-reference.js";
import { requestChange, staleNewValue, type RequestChange } from "./request-echo.js";
import { paymentMentions } from "./payment-choice.js";
import { answersHowToPay, unboundPaymentChoice } from "./payment-question.js";
import { ambiguousMethodKind, undescribedPaymentMethod } from "./payment-reference.js";
import { ambiguousPlace, placesAsRequestAirports, routeMismatch } from "./airport-cities.js";
import { asksOneMore, ordinalBeyondCount } from "./role-references.js";
import { namesNoAction } from "./request-action.js";
import { withoutDeclinedHandoff, withoutPersonaAsides } from "./persona-asides.js";
import { personNames } from "./traveller-count.js";
import { actsOnAnswer, asksWhichAndWhether, leavesChoiceOpen } from "./listed-choice.js";
import { answersDetailOnly } from "./detail-answer.js";
import { answersOtherQuestion } from "./asked-question.js";
import { answersEarlierQuestion } from "./earlier-question.js";
import { unpickedAlternative } from "./either-or-question.js";
import { indeterminateAmount } from "./indeterminate-amount.js";
import { laterApproval } from "./later-approval.js";
import { acceptsOpenAmount } from "./open-amount.js";
import { wholeOfPart } from "./totality-reference.js";
import { yesToOneOfSeveral } from "./targeted-yes.js";
import { vagueTarget } from "./vague-target.js";
import { unfilledSlot } from "./unfilled-slot.js";
import { unsettledTarget } from "./alternative-target.js";
import { withoutConcededUnavailable } from "./settled-condition.js";
import { unnamedFlight } from "./unnamed-flight.js";
import { namesListedNotActed } from "./listed-not-acted.js";
import { unchosenOption } from "./unchosen-option.js";
import { asksForPerson, handoffIsTheAction, withoutPersonAsk } from "./human-handoff.js";
import { asksToFindOut } from "./inquiry-request.js";
import { nextStepNotPut } from "./sequenced-action.js";
import { asksForRefusedAction } from "./refused-action.js";
import { rePairedMethod } from "./value-pairing.js";
import { CLOSING_OFFER_SENTENCE } from "./closing-offer.js";
import { severalWhereOnePut } from "./plural-reference.js";
import { oldBesideNew } from "./old-beside-new.js";
import { nearName } from "./near-name.js";
import { otherCurrency } from "./currency-kind.js";
import { otherBagKind } from "./bag-kind.js";
import { reversedTransfer } from "./transfer-direction.js";
import { contraryKind } from "./contrary-kind.js";
import { otherBasis } from "./rate-basis.js";
import { otherHolder } from "./other-holder.js";
import { confirmedFact } from "./confirmed-fact.js";
import { claimedTerm } from "./assumed-term.js";
import { namedParts, offersSeveral, requestParts, TOTALITY, verbOnOtherPart, verbStretchedOverParts, withoutTravellersTotality } from "./request-parts.js";

/** An action the user is asked to consent to: the tool and its arguments. */
export interface ConsentAction {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** What the judge reads: what the user saw, what the user said, and what would be done. */
export interface ConsentJudgeInput {
  /** The agent's confirmation request, as the user saw it. */
  readonly request: string;
  /** The user's reply. Only text from the user channel may be passed here. */
  readonly reply: string;
  /**
   * The action the request asks about (tool + arguments), or the several actions of a
   * multi-part request. Optional: a recorded conversation may be judged before the write
   * that follows it is known.
   */
  readonly action?: ConsentAction | readonly ConsentAction[];
}

/** The judge's verdict. `unclear` never grants. */
export interface ConsentVerdict extends DeciderVerdict {
  readonly decision: ConfirmationDecision;
  /** Why, one sentence per finding (the first is the deciding one; `reason` is them joined). */
  readonly reasons: readonly string[];
  /** Id of the rule that decided. */
  readonly rule: string;
}

/**
 * The consent judge: the one decision, used by default both by live enforcement
 * (`ConfirmationPolicy`) and by `concordat audit`, on whether a user's reply confirms the
 * action a request described. Deterministic and synchronous.
 *
 * `confirmed` only for a reply that affirms the described action and nothing else: long,
 * polite, multi-sentence yeses are read sentence by sentence (thanks, pleasantries and a
 * restatement of the request do not count against a yes); a yes that also adds a condition,
 * changes a detail, asks a question, agrees to only part of a multi-part action or asks for
 * something else is `unclear`; a refusal without a yes is `denied`. Where the reading cannot
 * decide, the answer is `unclear`, never a guess. English, Chinese and Spanish.
 *
 * @example
 * ```ts
 * judgeConsent({
 *   request: "I'll cancel reservation EHGLP3 and refund $120 to your card. Shall I proceed?",
 *   reply: "Yes, I'd like to proceed with the cancellation. Thanks so much for your help!",
 *   action: { tool: "cancel_reservation", args: { reservation_id: "EHGLP3" } },
 * }).decision; // "confirmed"
 * ```
 * @param input The request the user saw, the user's reply and the action (tool + arguments).
 * @returns The decision with its reasons and the id of the deciding rule.
 * @throws Never: malformed input (a non-string reply) is `unclear`.
 */
export function judgeConsent(input: ConsentJudgeInput): ConsentVerdict {
  const actions = input.action === undefined ? [] : Array.isArray(input.action) ? (input.action as readonly ConsentAction[]) : [input.action as ConsentAction];
  const request = typeof input.request === "string" ? input.request : "";
  const raw = typeof input.reply === "string" ? input.reply : "";
  if (typeof input.reply !== "string") return verdict("unclear", "empty", [`The reply is ${input.reply === null ? "null" : typeof input.reply}, not text.`]);
  if (raw.length > MAX_REPLY_CHARS)
    return verdict("unclear", "too_long", [`The reply is ${raw.length} characters long; the judge reads at most ${MAX_REPLY_CHARS}.`]);
  for (const re of [...INJECTION_PATTERNS, MARKUP, ASSIGNMENT]) {
    const m = re.exec(raw) ?? re.exec(raw.normalize("NFKC"));
    if (m)
      return verdict("unclear", "injection", [
        `The reply contains text posing as a system message or a recorded confirmation (${JSON.stringify(m[0])}); only the user's own words can confirm.`,
      ]);
  }
  const analysis = analyzeRequest(request);
  // a city the request's one airport serves is that airport ("to Atlanta" for ATL): read as its code (airport-cities.ts)
  // "without further ado", "…, then what?": an impatient customer's asides around a go-ahead (persona-asides.ts)
  const reply = placesAsRequestAirports(
    withoutDeclinedHandoff(withoutPersonaAsides(normalizeText(stripSimulatorMarkers(raw))), analysis.requestText),
    analysis.requestText,
  );
  if (reply === "") return verdict("unclear", "empty", ["The reply is empty."]);
  const { requestText, vocabulary, conditionVocabulary, known: requestValues, parts } = analysis;
  // an action put to the user (a pending action) is itself the question, whatever its description says
  const ask: RequestAsk = analysis.ask === "nothing" && actions.length > 0 ? "unknown" : analysis.ask;
  // a card number or payment id the reply names answers a request that asked how to pay (bound to the action below)
  const openPayment = answersHowToPay(requestText, reply, paymentMentions(reply));
  // "both" of the two items (passengers, flights) one action takes: "两个" (two of them) is no count of the user's own
  const pair = bothOfOne(requestText, actions, reply);
  const known =
    actions.length === 0 && !openPayment && !pair
      ? requestValues
      : new Set([
          ...requestValues,
          ...knownValues(
            "",
            actions.map((a) => a.args),
          ),
          ...(openPayment ? paymentMentions(reply) : []),
          ...(pair ? ["n:2"] : []),
        ]);
  const names = personNames(request);
  const readings: ClauseReading[] = [];
  const sentences = splitSentences(reply);
  for (const [at, sentence] of sentences.entries()) {
    // "but" qualifies an agreement made before it in the sentence ("yes, but…"), not a feeling ("I'm sad to miss it, but…")
    let agreedBefore = false;
    splitClauses(sentence.text).forEach((clause, i, all) => {
      const reading = readClause(clause.text, {
        vocabulary,
        conditionVocabulary,
        ask,
        knownValues: known,
        change: analysis.change,
        request: requestText,
        question: sentence.question && i === all.length - 1,
        first: i === 0,
        contrast: clause.contrast && (agreedBefore || (clause.againstReply === true && readings.some((r) => r.affirm.length > 0))),
        trailing:
          sentence.trailing &&
          i === all.length - 1 &&
          !pauseInStory(sentence.text, sentences.slice(at + 1)) &&
          !goAheadAfterPause(sentence.text, sentences.slice(at + 1)),
        conceded: all[i + 1]?.contrast === true,
        concedes: clause.concession === true && agreedBefore,
        openPayment,
        names,
      });
      agreedBefore ||= reading.affirm.length > 0;
      readings.push(reading);
    });
  }
  const structural = decide(readings);
  const v = short(reply) ? withLexicalReading(structural, request, raw) : structural;
  if (v.decision !== "confirmed") return v;
  // a yes to a question that put no action ("could you confirm the issue was with reservation X?") consents to nothing
  if (actions.length === 0 && namesNoAction(requestText))
    return verdict("unclear", "no_action", ["The request names no action to agree to (it asks to confirm a fact): the yes consents to nothing."]);
  // "Which would you prefer, the Visa or a certificate, and shall I proceed?" — "Sure, go ahead." chooses nothing
  if (actions.length === 0 && leavesChoiceOpen(reply, requestText))
    return verdict("unclear", "open_choice", ["The request asks which of its options the user wants; the reply agrees without choosing one."]);
  // "…Would you like me to email you the itinerary as well?" — "Yes please" answers that question, not the action
  const elsewhere = actions.length === 0 ? answersOtherQuestion(reply, requestText) : undefined;
  if (elsewhere !== undefined)
    return verdict("unclear", "other_question", [
      `The request's last question puts something other than the action (${JSON.stringify(elsewhere.slice(0, 80))}): the yes answers that question.`,
    ]);
  // "Would you like to proceed with payment, or check the order details again?" — "Yes, sounds perfect!" picks neither
  const either = unpickedAlternative(reply, requestText);
  if (either !== undefined)
    return verdict("unclear", "either_or", [
      `The request's last question offers alternatives (${JSON.stringify(either.slice(0, 80))}): the reply does not say which one it takes.`,
    ]);
  // "Is the Visa still your card, and shall I proceed?" — "Yes, that's my card." answers the first question only
  const detail = answersDetailOnly(reply, requestText);
  if (detail !== undefined)
    return verdict("unclear", "detail_only", [
      `The reply answers the request's question about a detail (${JSON.stringify(detail)}) but says nothing to the action put to the user.`,
    ]);
  // "Is the email on file still maya@…? And shall I cancel?" — "Yes, that's still my email." answers the earlier question
  const earlier = answersEarlierQuestion(reply, requestText);
  if (earlier !== undefined)
    return verdict("unclear", "other_question", [
      `The reply takes up the request's earlier question (${JSON.stringify(earlier.slice(0, 80))}) and says nothing to the action put last: the yes answers that question.`,
    ]);
  // "transfer me to a human agent": the hand-off, not the action
  const person = asksForPerson(reply);
  // where the request offers the hand-off beside the action, the rest of the reply must agree to the action by itself
  if (person !== undefined && handoffIsTheAction(requestText)) return v;
  if (person !== undefined && asksForPerson(requestText) !== undefined) {
    const rest = withoutPersonAsk(reply);
    if (rest.trim() !== "" && judgeConsent({ ...input, reply: rest }).decision === "confirmed") return v;
  }
  if (person !== undefined)
    return verdict("unclear", "other_action", [`The reply asks for a person (${JSON.stringify(person)}): it takes the hand-off, not the action put to it.`]);
  // "yes, cancel it. Also look into why the flight was cancelled": a task of finding out, asked beside the yes
  const inquiry = asksToFindOut(reply, requestText);
  if (inquiry !== undefined)
    return verdict("unclear", "other_action", [
      `The reply also asks the agent to find something out (${JSON.stringify(inquiry)}), which the request did not put to the user.`,
    ]);
  // "yes, upgrade it and then cancel the other one": a next step the question did not put
  const next = nextStepNotPut(reply, requestText);
  if (next !== undefined)
    return verdict("unclear", "other_action", [
      `The reply asks, as a next step, to ${JSON.stringify(next)}, which the request's question did not put to the user.`,
    ]);
  // "Yes, upgrade it anyway." after "it cannot be upgraded; I can check other flights instead": what the request refused
  const refused = asksForRefusedAction(reply, requestText);
  if (refused !== undefined)
    return verdict("unclear", "other_action", [
      `The reply asks to ${JSON.stringify(refused)}, which the request said cannot be done: it agrees to something other than what was offered.`,
    ]);
  // "exchange the lamp for a brighter one", "split it with another card": which item or card was never put to the user
  const vague = vagueTarget(requestText);
  if (vague !== undefined)
    return verdict("unclear", "no_action", [
      `The request describes what the action would use only as ${JSON.stringify(vague)} and never names it: no exact action was put to the user.`,
    ]);
  // "change to a nonstop flight", "New flight: Nonstop from EWR to LAX on May 21": no flight number, no time
  const flight = unnamedFlight(requestText);
  if (flight !== undefined)
    return verdict("unclear", "no_action", [
      `The request moves the user to ${JSON.stringify(flight)} without naming it (no flight number or time): no exact action was put to the user.`,
    ]);
  // "Departure Time: [Time]", "Passengers: [Details will be collected]", "$XXX": a template the agent never filled in
  const slot = unfilledSlot(requestText);
  if (slot !== undefined)
    return verdict("unclear", "no_action", [
      `The request still holds an unfilled slot (${JSON.stringify(slot)}): the action's details were never put to the user.`,
    ]);
  // "the puzzle in order #W3916020 or #W5416052": the action's target is one of two, and the reply does not say which
  const unsettled = unsettledTarget(reply, requestText);
  if (unsettled !== undefined)
    return verdict("unclear", "no_action", [
      `The request names the action's target as one of two (${JSON.stringify(unsettled)}) and the reply does not say which: no exact action was put.`,
    ]);
  // "the price difference (I'll calculate it after confirmation, expect $50–100)": an amount the user cannot see
  // (a reply that accepts the open amount in so many words, "use my Visa for any additional charges", agrees to it)
  const open = indeterminateAmount(requestText);
  if (open !== undefined && !acceptsOpenAmount(raw))
    return verdict("unclear", "no_action", [
      `The request leaves the amount open (${JSON.stringify(open)}): the user was not shown what the action would cost, so no exact action was put to them.`,
    ]);
  // "Once confirmed, I'll list the full booking details and ask for final approval": the go-ahead is still to be asked for
  const later = laterApproval(requestText);
  if (later !== undefined)
    return verdict("unclear", "no_action", [
      `The request says the user's approval is still to be asked for (${JSON.stringify(later)}): what the reply says now is a step towards the action, not its go-ahead.`,
    ]);
  // "the flight to Las Vegas" when the request flies from LAS: another route than the one described
  const route = routeMismatch(reply, requestText);
  if (route !== undefined)
    return verdict("unclear", "route", [
      `The reply names ${route.code.toUpperCase()} as where the trip ${route.said === "to" ? "goes" : "starts"}, but the request has it the other way: that route was not described.`,
    ]);
  // "退59元" (yuan) when the request refunds $59.00, "320美元" when it charges ¥320: the request's number in another currency
  const currency = otherCurrency(reply, requestText);
  if (currency !== undefined)
    return verdict("unclear", "amount", [`The reply names ${currency}: the request's number, in another currency; which amount is agreed to is not said.`]);
  // "a carry-on is fine" when the request adds a checked bag: another kind of bag than the one described (bag-kind.ts)
  const bag = otherBagKind(reply, requestText);
  if (bag !== undefined)
    return verdict("unclear", "change", [`The reply names a ${bag} bag, a kind of bag the request did not put: which bag is meant is not said.`]);
  // "as you said, the late fee goes away too": a promise the request does not contain (assumed-term.ts)
  const claimed = claimedTerm(reply, vocabulary);
  if (claimed !== undefined)
    return verdict("unclear", "condition", [
      `The reply says the agent promised something the request does not say (${JSON.stringify(claimed)}): the yes rests on it.`,
    ]);
  // "from checking into savings" when the request moves the money from savings to checking: the transfer the other way round
  const reversed = reversedTransfer(reply, requestText);
  if (reversed !== undefined)
    return verdict("unclear", "change", [`The reply moves the money the other way round than the request (${reversed}): that transfer was not described.`]);
  // "Yes, I confirm I received the mouse", "Confirmo que viajo el 12 de mayo": a fact of the user's own confirmed (confirmed-fact.ts)
  const fact = confirmedFact(reply);
  if (fact !== undefined && (!/[\p{L}\p{N}]/u.test(fact.rest) || judgeConsent({ ...input, reply: fact.rest }).decision !== "confirmed"))
    return verdict("unclear", "detail_only", [`The reply confirms a fact of its own (${JSON.stringify(fact.fact.slice(0, 80))}), not the action put to it.`]);
  // "it's actually my dad's account", "la reserva es de mi jefe": the one replying is not whose the thing is (other-holder.ts)
  const holder = otherHolder(reply, requestText);
  if (holder !== undefined)
    return verdict("unclear", "third_party", [
      `The reply says what the action is on is someone else's (${JSON.stringify(holder)}): the yes is not the holder's.`,
    ]);
  // "$65 a year" when the request charges $65 a month, "$30 in total" for $30 per passenger: another price (rate-basis.ts)
  const basis = otherBasis(reply, requestText);
  if (basis !== undefined) return verdict("unclear", "amount", [`The reply puts the request's amount on another basis: ${basis}.`]);
  // "my return flight, HAT045" when the request changes the outbound one; "from my savings" when it pays from checking (contrary-kind.ts)
  const kind = contraryKind(reply, requestText);
  if (kind !== undefined) return verdict("unclear", "change", [`The reply calls what the action is on ${kind}: that action was not put to the user.`]);
  const place = ambiguousPlace(reply, requestText);
  if (place !== undefined)
    return verdict("unclear", "route", [`The reply names ${JSON.stringify(place)}, which the request serves by more than one airport: which one is not said.`]);
  // "the second bag" when the request adds one; "再加一件" (one more): more than was described (role-references.ts)
  const more = ordinalBeyondCount(reply, requestText) ?? asksOneMore(reply, requestText);
  if (more !== undefined) return verdict("unclear", "addition", [`The reply asks for more than the request described (${JSON.stringify(more)}).`]);
  // "the new flight HAT301" when the request changes HAT301 to HAT305: the change the wrong way round
  const stale = staleNewValue(reply, analysis.change);
  if (stale !== undefined)
    return verdict("unclear", "change", [
      `The reply calls ${JSON.stringify(stale.text)} new, but the request changes it to something else: that change was not described.`,
    ]);
  // "Maya Cheng" when the request names Maya Chen: someone else, or a slip, is not said (near-name.ts)
  const other = nearName(raw, request, names);
  if (other !== undefined)
    return verdict("unclear", "change", [
      `The reply names ${JSON.stringify(other)}, a letter or two off a person the request names: whose booking is meant is not said.`,
    ]);
  // "size 10 in black" when the request exchanges size 9 black for size 10 white: an old value beside a new one (old-beside-new.ts)
  const mixed = oldBesideNew(reply, analysis.change);
  if (mixed !== undefined)
    return verdict("unclear", "change", [
      `The reply names ${JSON.stringify(mixed.text)}, which the request changes away from, beside what it changes to: that mix was not described.`,
    ]);
  // "refund #W549 to PayPal and #W738 to Visa" when the request pairs them the other way round (value-pairing.ts)
  const repaired = rePairedMethod(reply, requestText);
  if (repaired !== undefined)
    return verdict("unclear", "change", [
      `The reply pairs ${repaired.item.toUpperCase()} with ${repaired.said}, but the request pairs it with ${repaired.described}: that change was not described.`,
    ]);
  // how to pay is a detail of the action: a method the reply designates in words the request never used was not put to the user
  // (an action that takes no payment, such as a cancellation, is not paid by what the reply says)
  const paid = actions.length === 0 || actions.some((a) => Object.keys(a.args).some((k) => /payment|pay_|certificate/i.test(k)));
  // (a method the reply says is not available, "since PayPal is not an option", designates nothing: settled-condition.ts)
  const payBy = paid ? undescribedPaymentMethod(withoutConcededUnavailable(reply, requestText), requestText, openPayment) : undefined;
  if (payBy !== undefined)
    return verdict("unclear", "payment_reference", [
      `The reply says how to pay (${JSON.stringify(payBy)}) in words the request did not use: that method was not put to the user.`,
    ]);
  // "the gift card" when the request names two gift cards: which one is not said
  const oneOfTwo = paid ? ambiguousMethodKind(reply, requestText) : undefined;
  if (oneOfTwo !== undefined)
    return verdict("unclear", "payment_reference", [
      `The reply names ${JSON.stringify(oneOfTwo)}, but the request names more than one method of that kind: which one is not said.`,
    ]);
  // the method a reply names where the request asked how to pay binds: the pending action must pay with it
  if (actions.length > 0 && openPayment) {
    const bound = knownValues(
      "",
      actions.map((a) => a.args),
    );
    const ids = actions.flatMap((a) =>
      Object.entries(a.args)
        .filter(([k, v]) => /payment/i.test(k) && typeof v === "string")
        .map(([, v]) => v as string),
    );
    const off = unboundPaymentChoice(reply, paymentMentions(reply), bound, ids);
    if (off !== undefined)
      return verdict("unclear", "payment_choice", [`The reply chooses how to pay, but the action put to the user pays otherwise (${JSON.stringify(off)}).`]);
  }
  // a payment method chosen among several the request offered binds: the pending action must be the one that uses it
  if (actions.length > 0 && new Set(paymentMentions(requestText)).size >= 2) {
    const bound = knownValues(
      "",
      actions.map((a) => a.args),
    );
    const other = paymentMentions(reply).filter((k) => !bound.has(k));
    if (other.length > 0)
      return verdict("unclear", "payment_choice", [
        `The reply chooses a payment method (${other.map((k) => k.replace(/^\w+:/, "")).join(", ")}) that the action put to the user does not use.`,
      ]);
  }
  // an amount the reply names is the action's amount: "$300" agrees to nothing when the action put to the user moves $250
  const off = amountOffAction(reply, actions);
  if (off !== undefined)
    return verdict("unclear", "amount", [
      `The reply names the amount ${JSON.stringify(off.said)}, but the action put to the user sets ${off.fields.map(([k, n]) => `${k} = ${n}`).join(", ")}: that amount was not put to the user.`,
    ]);
  // "cancel EF34GH" / "cancel both" when the request lists two bookings and acts on AB12CD: another booking than the one put
  const otherListed = namesListedNotActed(reply, requestText, actions, pair);
  if (otherListed !== undefined)
    return verdict("unclear", "other_action", [
      otherListed === "both"
        ? 'The reply says "both", but the request acts on one of the bookings or orders it lists: the other one was not put to the user.'
        : `The reply names ${otherListed.toUpperCase()}, which the request lists but does not act on: an action on it was not put to the user.`,
    ]);
  // "option 2" / "the 1500ml one" when the request offers two options and proceeds with option 1: the other option was not put
  const otherOption = unchosenOption(reply, requestText);
  if (otherOption !== undefined)
    return verdict("unclear", "other_action", [
      `The reply picks ${JSON.stringify(otherOption)}, an option the request offers but does not act on: that option was not put to the user.`,
    ]);
  // "cancel the whole order" when the request cancels one item and keeps the rest: the kept part too
  const whole = wholeOfPart(reply, requestText);
  if (whole !== undefined)
    return verdict("unclear", "other_action", [
      `The reply says ${JSON.stringify(whole)}, but the request acts on part and keeps the rest: the whole was not put to the user.`,
    ]);
  // "both" when only one action was put refers to something else as well
  if (
    saysBoth(withoutTravellersTotality(reply, requestText)) &&
    actions.length < 2 &&
    !offersSeveral(requestText) &&
    !bothOfListed(reply, requestText) &&
    !pair
  ) {
    return verdict("unclear", "other_action", ['The reply agrees to "both", but the request put a single action: the other one is not described.']);
  }
  // "cancel them all", "devuélvalas", "都退了吧" when the request put one reservation, order or item: the others were not put
  const many = severalWhereOnePut(
    reply,
    requestText,
    actions.length >= 2 || pair || actions.some((a) => Object.values(a.args).some((x) => Array.isArray(x) && x.length >= 2)),
  );
  if (many !== undefined)
    return verdict("unclear", "other_action", [
      `The reply acts on several things (${JSON.stringify(many)}), but the request put one: the others were not put to the user.`,
    ]);
  // "cancel both" when one of the parts is a downgrade: that action, on that part, was not described
  const stretched = verbStretchedOverParts(reply, parts);
  if (stretched !== undefined)
    return verdict("unclear", "other_action", [
      `The reply asks to ${stretched.action} all of the request's parts, but one of them is another action (${JSON.stringify(stretched.part.text.trim().slice(0, 60))}).`,
    ]);
  // "cancel B" when the request cancels A and downgrades B: that action, on that part, was not described
  const misplaced = verbOnOtherPart(reply, parts);
  if (misplaced !== undefined)
    return verdict("unclear", "other_action", [
      `The reply asks to ${misplaced.action} a part of the request that is another action (${JSON.stringify(misplaced.part.text.trim().slice(0, 60))}).`,
    ]);
  // "yes to the T-shirt" when the request lists a mug beside it: the yes is addressed to one thing of several
  const addressed = yesToOneOfSeveral(reply, requestText);
  if (addressed !== undefined)
    return verdict("unclear", "partial", [
      `The reply addresses its yes to one thing (${JSON.stringify(addressed)}), and the request puts others beside it: it may agree to part only.`,
    ]);
  // a request that puts several actions: a reply that names some of them and not the rest agrees to part only
  if (parts.length >= 2 && !TOTALITY.test(reply)) {
    const named = namedParts(reply, parts);
    if (named.length > 0 && named.length < parts.length) {
      const missing = parts.filter((p) => !named.includes(p));
      return verdict("unclear", "partial", [
        `The request puts ${parts.length} actions; the reply names only ${named.length} of them (it does not mention ${missing.map((p) => JSON.stringify(p.text.trim().slice(0, 60))).join(", ")}), so it may agree to part only.`,
      ]);
    }
  }
  return v;
}

const MAX_REPLY_CHARS = 2000;

/** What the judge reads in a request, kept for the few requests a conversation is answering at a time. */
interface RequestAnalysis {
  readonly requestText: string;
  readonly vocabulary: ReturnType<typeof requestVocabulary>;
  readonly conditionVocabulary: ReturnType<typeof requestVocabulary>;
  readonly ask: RequestAsk;
  readonly known: ReadonlySet<string>;
  /** What the request changes, as values (`requestChange`). */
  readonly change: RequestChange;
  readonly parts: ReturnType<typeof requestParts>;
}
const analyses = new Map<string, RequestAnalysis>();

function analyzeRequest(request: string): RequestAnalysis {
  const cached = analyses.get(request);
  if (cached) return cached;
  const requestText = normalizeText(request);
  const analysis: RequestAnalysis = {
    requestText,
    vocabulary: requestVocabulary(requestText),
    conditionVocabulary: requestVocabulary(
      splitSentences(requestText)
        .filter((x) => /(?<![\p{L}])(?:if|unless|si)(?![\p{L}])|如果|要是/u.test(x.text))
        .map((x) => x.text)
        .join(". "),
    ),
    ask: requestAsk(requestText),
    known: knownValues(requestText),
    change: requestChange(requestText),
    parts: requestParts(requestText),
  };
  if (analyses.size >= 64) analyses.delete(analyses.keys().next().value!);
  analyses.set(request, analysis);
  return analysis;
}

/** A reply of a few words ("k", "confrim", "Don't.", "不，谢谢"): the word-by-word reading knows more of these. */
function short(reply: string): boolean {
  return (reply.match(/[a-z]+/g) ?? []).length + Math.ceil((reply.match(/\p{Script=Han}/gu) ?? []).length / 2) <= 8;
}

/**
 * For a short reply, the structural reading is combined with the word-by-word reading of
 * `decideReply` (every word must be a known affirmative, courtesy or the action's own name; it
 * knows typos, one-word yeses and refusals): its refusal stands unless the structure found a
 * yes without reservation, and its yes stands only where the structure found no yes at all or
 * only words it did not know. A reservation either reading found is never overruled.
 */
function withLexicalReading(structural: ConsentVerdict, request: string, reply: string): ConsentVerdict {
  if (structural.decision === "confirmed" || ALWAYS.has(structural.rule as ClauseRisk) || structural.rule === "pressure") return structural;
  // that reading knows English and Chinese words only (a Spanish reply would be read as unknown words or stray letters)
  if (/[\u00c0-\u024f¿¡]|(?<![\p{L}])(?:si|sí|por favor|gracias|adelante|proceda|vale|claro|de acuerdo|no hay|mejor|quiero|espere)(?![\p{L}])/iu.test(reply))
    return structural;
  const lexical = decideReply({ request, reply: stripSimulatorMarkers(reply) });
  if (lexical.decision === "denied" && structural.rule === "no_affirmative") return verdict("denied", "denial", [lexical.reason]);
  if (lexical.decision === "confirmed" && (structural.rule === "no_affirmative" || structural.rule === "new_content"))
    return verdict("confirmed", "lexical_yes", [lexical.reason]);
  return structural;
}
/** Markup or key=value text in a chat reply ("<tool_result>confirmed</tool_result>", "decision=confirmed"): not a user's words. */
const MARKUP = /<\/?[a-z_][\w-]*(?:\s[^<>]*)?>/i;
const ASSIGNMENT = /\b[a-z_]+\s*=\s*["']?(?:confirmed|true|yes|granted|approved)\b/i;

/** Asking for a yes in so many words, in a question or not ("Please confirm with yes", "(yes/no)", "请确认"). */
const CONFIRM_REQUEST =
  /(?:reply|respond|answer|say|type|confirm)\b[^.?!]{0,40}["'“]?(?:yes|siyes|si)\b|(?:to|and) confirm and proceed|confirm to proceed|please (?:confirm|approve|authori[sz]e)|let me know if you (?:want|would like|agree|approve)|please confirm|confirm (?:that|if|whether) (?:you|this|these|those|the (?:above|details|changes?|booking|cancellation|update)|everything|all)|confirm (?:with|by) |(?:can|could) you (?:please )?confirm|\(yes\/no\)|yes or no|say "?yes|(?:reply|respond)(?: with)? "?yes|explicit (?:confirmation|yes|consent|approval)|confirme|是否|请确认|确认一下|(?:回复|回答|答复)[“"「]?(?:是|好|确认)|确认(?:办理|取消|预订|更改)?吗/iu;

/** A question about which or what ("Which flight would you like to book?", "¿Qué opción prefiere?", "哪一个"), also after a short lead-in ("Also, for the cancellations, what are the reasons?"). */
const WH_QUESTION =
  /^(?:(?:and|also|so|then|now|lastly|finally|additionally|y|e|ademas|tambien)[,\s]+)*(?:(?:a|de|en|con|para|por)\s+)?(?:[^,?]{1,40},\s*)?¿?\s*(?:which|what|when|where|who|whom|whose|how|que|cual|cuales|cuando|donde|como|quien|哪|什么|几|多少|怎么)(?![\p{L}])/iu;

/**
 * The request says the agent will set out the final details and ask again before acting ("Once
 * confirmed, I'll list the full details for your approval before proceeding"): a yes to it agrees
 * to a plan, not yet to the action.
 */
const ASKS_AGAIN_LATER =
  /(?:i'?ll|i will|i'?d|i would|i can|we'?ll)\s+(?:then\s+)?(?:list|summari[sz]e|outline|present|show|lay out|confirm|go over|provide)[^.?!]{0,80}(?:for your (?:final |explicit )?(?:approval|confirmation|review|consent)|(?:and|to) (?:ask|get|obtain|request)(?: for)? your (?:final |explicit )?(?:approval|confirmation|consent|yes))|(?:i'?ll|i will) (?:then |again )?ask (?:you )?(?:for )?your (?:final |explicit )?(?:approval|confirmation|consent)/iu;

/**
 * A polite request for information ("Could you tell me which…?", "Could you provide the reason…?", "Could you confirm which
 * reservation…?"): a which-question. Not the agent offering to act ("Shall I send the $100 certificate?", "Would you like me to
 * give you the refund?").
 */
const INFO_REQUEST =
  /(?:tell|let) (?:me|us) (?:know )?(?:which|what|when|where|how|who|why)|confirm (?:to me )?(?:which|what)(?![\p{L}])|confirmar(?:me|nos)? (?:cual(?:es)?|que)(?![\p{L}])|(?<!(?:^|\s)(?:i|we|i'll|we'll|me to|us to|i will|we will|shall i|should i|can i|could i|may i|i can|i could|i shall)\s)(?:provide|specify|give|share|send|spell|tell)(?: me| us)? (?:the|your|a|an|us|me|which|what)\b|(?:digame|indique|proporcione|(?:indicar|decir|especificar)(?:me)? (?:que|cual|cuales))|请(?:告诉|提供|选择)|(?:哪|什么)/iu;

/** Whether the request asks a yes-or-no question about the action, asks which or what, or asks nothing. */
function requestAsk(request: string): RequestAsk {
  if (request.trim() === "") return "unknown";
  const tail = request.slice(-900).replace(CLOSING_OFFER_SENTENCE, " ");
  if (ASKS_AGAIN_LATER.test(tail)) return "which";
  // "which flight…, and whether to proceed": the choice is the go-ahead ("I'll go with the second one")
  if (asksWhichAndWhether(tail)) return "which_then_act";
  let which = false;
  for (const s of splitSentences(tail)) {
    const text = s.text.replace(/^¿\s*/u, "");
    if (s.question && (WH_QUESTION.test(text) || INFO_REQUEST.test(text))) {
      which = true;
      continue;
    }
    // any other question proposes something to say yes or no to ("Refund $120 for booking B-1001?")
    if (CONFIRM_REQUEST.test(text) || s.question) return "yes_no";
  }
  if (
    which ||
    /let me know|tell me|please (?:provide|specify|choose|select|indicate)|digame|indique|请(?:告诉|提供|选择)|告诉我您?的?(?:选择|决定)/iu.test(tail)
  ) {
    // "…which one you'd like, and I'll proceed": the answer is the go-ahead the agent will act on
    return actsOnAnswer(tail) ? "which_then_act" : "which";
  }
  // a report that it is done asks nothing; otherwise words of consent in the request are read as asking for it
  if (
    /(?:has|have) been (?:successfully )?(?:completed|cancel+ed|updated|processed|booked|issued|added|made|modified)|is (?:now )?(?:complete|confirmed|done)|successfully/iu.test(
      tail,
    )
  )
    return "nothing";
  return /confirm|approv|proceed|go ahead|\byes\b|authori[sz]|consent|agree|确认|同意|办理|confirme|proceda|autoriz/iu.test(tail) ? "yes_no" : "nothing";
}

function verdict(decision: ConfirmationDecision, rule: string, reasons: readonly string[]): ConsentVerdict {
  return { decision, rule, reasons, reason: reasons.join(" ") };
}

const RISK_TEXT: Readonly<Record<ClauseRisk, string>> = {
  condition: "puts a condition on it",
  question: "asks a question",
  change: "changes what was described",
  partial: "agrees to only part of it",
  addition: "asks for something more",
  hesitation: "hesitates",
  third_party: "reports someone else's consent",
  blanket: "gives blanket consent rather than agreeing to this action",
  pressure: "pressures instead of answering",
  sarcasm: "reads as sarcasm",
  reported: "quotes or imagines a yes rather than giving one",
  negation: "negates something the request did not",
  new_value: "names a detail the request did not",
  new_content: "asks for something the request did not describe",
  contrast: "qualifies it with a contrast",
};
/** Risks that make a reply unclear even without any agreement in it. */
const ALWAYS: ReadonlySet<ClauseRisk> = new Set(["third_party", "blanket", "sarcasm", "reported"]);

/**
 * A sentence that trails off ("…") while telling a story, before the sentence that says yes ("the wedding was called off… so no
 * trip for me. Yes, please cancel it"): the pause is the story's, not a hesitation about the yes. Only a sentence with words of
 * its own (two content words, or two pairs of Chinese content characters) and no agreement of its own, followed later by a
 * plain agreement: "Yes…", "Sí… bueno, no sé", "Well… yes" and "Hmm… ok" still hesitate.
 */
function pauseInStory(sentence: string, after: readonly { readonly text: string }[]): boolean {
  if (contentStems(sentence).length + contentBigrams(sentence).length < 2) return false;
  if (YES_OPENING.test(sentence) || PERFORMATIVE.test(sentence) || HESITATION.test(sentence)) return false;
  return after.some((s) => YES_OPENING.test(s.text) || PERFORMATIVE.test(s.text));
}

/**
 * A yes that trails off ("Yes, that's correct…") and is then followed by a sentence telling the agent to go ahead ("Please go
 * ahead.", "Adelante, por favor.", "请办理吧。"): the go-ahead settles the pause. Not when the trailing sentence hesitates in
 * words ("yes… I guess"), nor when the later sentence does ("…maybe go ahead"); "Yes…" alone, or followed by anything else,
 * still hesitates. Found as a miss on real replies (real-replies-9 tuning, r9-104: "Yes, that's correct... Please go ahead.").
 */
function goAheadAfterPause(sentence: string, after: readonly { readonly text: string }[]): boolean {
  if (!YES_OPENING.test(sentence) || HESITATION.test(sentence) || after.length === 0) return false;
  return after.some((s) => GO_AHEAD.test(s.text) && !HESITATION.test(s.text)) && after.every((s) => !HESITATION.test(s.text));
}

function decide(readings: readonly ClauseReading[]): ConsentVerdict {
  const affirm = readings.filter((r) => r.affirm.length > 0);
  const deny = readings.filter((r) => r.deny.length > 0);
  const risks = readings.flatMap((r) => r.risks.map((k) => ({ ...k, clause: r.text })));
  const q = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);
  const special = risks.find((r) => ALWAYS.has(r.kind));
  if (special) return verdict("unclear", special.kind, [`The reply ${RISK_TEXT[special.kind]} (${q(special.text)}).`]);
  if (affirm.length > 0 && affirm.every((r) => r.weak) && readings.some((r) => r.haste)) {
    return verdict("unclear", "pressure", [
      `The reply only tells the agent to go ahead (${q(affirm[0]!.affirm[0]!)}) while pressing for speed; ask for an explicit yes.`,
    ]);
  }
  if (deny.length > 0 && affirm.length === 0) {
    const cond = risks.find((r) => r.kind === "condition");
    if (cond) return verdict("unclear", "conditional_refusal", [`The reply refuses (${q(deny[0]!.deny[0]!)}) only under a condition (${q(cond.text)}).`]);
    return verdict("denied", "denial", [`The reply refuses or asks to stop (${q(deny[0]!.deny[0]!)}).`]);
  }
  if (deny.length > 0) {
    return verdict("unclear", "mixed", [
      `The reply both agrees (${q(affirm[0]!.affirm[0]!)}) and refuses (${q(deny[0]!.deny[0]!)}): it may agree to part only.`,
    ]);
  }
  if (affirm.length === 0) {
    const first = risks[0];
    return verdict("unclear", "no_affirmative", [
      "The reply does not say yes to the action.",
      ...(first ? [`It ${RISK_TEXT[first.kind]} (${q(first.text)}).`] : []),
    ]);
  }
  if (risks.length > 0) {
    const r = risks[0]!;
    return verdict("unclear", r.kind, [
      `The reply agrees (${q(affirm[0]!.affirm[0]!)}) but ${RISK_TEXT[r.kind]} (${q(r.text)}).`,
      ...risks.slice(1, 3).map((x) => `It also ${RISK_TEXT[x.kind]} (${q(x.text)}).`),
    ]);
  }
  return verdict("confirmed", "affirmative", [
    `The reply agrees (${affirm.map((a) => q(a.affirm[0]!)).join(", ")}) and adds no condition, change, question or other request.`,
  ]);
}

/**
 * The consent judge as a `ConfirmationDecider` (the default decider of `ConfirmationPolicy`
 * and of `concordat audit`). Pending actions become the judged actions.
 */
export const consentJudge: ConfirmationDecider = {
  name: "consent-judge",
  decide: (input: DeciderInput): ConsentVerdict =>
    judgeConsent({
      request: input.request,
      reply: input.reply,
      ...(input.actions && input.actions.length > 0 ? { action: input.actions.map((a: PendingAction) => ({ tool: a.tool, args: a.arguments })) } : {}),
    }),
};

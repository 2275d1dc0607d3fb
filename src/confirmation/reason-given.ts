import { CONDITION, DIRECTIVE, GO_AHEAD, IMPERATIVE_OPENING, NEGATOR, PARTIAL, PERFORMATIVE, YES_OPENING } from "./consent-markers.js";
import { novelContent, type RequestVocabulary } from "./content-words.js";
import { newValues } from "./reply-values.js";

/**
 * The reason a user gives when the request asked for one ("The reason is that I want to switch
 * to a different, cheaper flight", "El motivo es un cambio de planes", "原因是计划有变"). A reason
 * says why, not what: its words about the user's plans ("a different flight", "another trip")
 * neither change the action nor ask for something else. It still counts against a yes when it
 * restricts ("only"), conditions ("if"), says "instead", names a value of its own, or speaks of
 * the action's own details (money, payment, cabin, bags, passengers, insurance).
 * @internal
 */

/** The request asks why ("the reason for cancelling", "el motivo", "原因"). */
const ASKS_REASON = /(?<![\p{L}])(?:reason|reasons|why|motivo|razon)(?![\p{L}])|原因|理由/iu;

/** A clause opening with the reason ("the reason is…", "my reason for cancelling is…", "el motivo es…", "原因是…"). */
const REASON_OPENING =
  /^(?:(?:and|so|well|oh|ok|okay|as for|regarding|y|pues|bueno)[,\s]+)*(?:(?:the|my|our|el|la|mi|nuestro|nuestra)\s+)?(?:main\s+|principal\s+)?(?:reason|motivo|razon)(?:\s+(?:for|of|behind|why|de|del|para|por (?:el|la) que)[^,;.]*?)?\s+(?:is|was|would be|es|fue|seria)(?:\s+(?:that|simply|just|que))?(?![\p{L}])|^(?:取消的?|我的)?(?:原因|理由)(?:是|就是|：|:)/iu;

/** Words that turn a reason into a change of the action after all ("instead", "rather than", "en lugar de", "而不是"). */
const INSTEAD = /(?<![\p{L}])(?:instead|rather than|in place of|en lugar de|en vez de)(?![\p{L}])|而不是|改成|换成/iu;

/** The action's own details: a reason that speaks of them may be setting them. @internal */
export const DETAIL_WORDS =
  /(?<![\p{L}])(?:refund\w*|money|pay\w*|charge\w*|card|cards|certificate\w*|voucher\w*|credit|cash|efectivo|cabin|class|economy|business|bag|bags|luggage|seats?|seating|seated|asientos?|passenger\w*|insurance|reembols\w*|pago|tarjeta\w*|cabina|clase|maleta\w*|pasajer\w*|seguro)(?![\p{L}])|退款|退钱|现金|支付|卡|舱|行李|座位|乘客|保险/iu;

/** What may follow a comma and still be the reason ("a different, cheaper flight"): no agreement, request, condition or action. */
function continuesReason(rest: string): boolean {
  return ![DIRECTIVE, IMPERATIVE_OPENING, YES_OPENING, PERFORMATIVE, GO_AHEAD, CONDITION].some((re) => re.test(rest));
}

/**
 * The part of a clause (normal form) that gives the reason the request asked for, or `undefined`
 * when the clause gives none or the reason itself carries a reservation.
 */
export function givenReason(clause: string, request: string, vocabulary: RequestVocabulary, known: ReadonlySet<string>): string | undefined {
  if (!ASKS_REASON.test(request)) return undefined;
  const open = REASON_OPENING.exec(clause);
  if (open === null) return undefined;
  // the reason runs to the clause's end, or to the first comma after which the user agrees, asks or sets something
  const comma = /[,;，；]/u.exec(clause.slice(open[0].length));
  const reason = comma && !continuesReason(clause.slice(open[0].length + comma.index + 1)) ? clause.slice(0, open[0].length + comma.index) : clause;
  if ([PARTIAL, CONDITION, INSTEAD].some((re) => re.test(reason))) return undefined;
  // "one" is an article here ("换一个更便宜的航班": switch to a cheaper flight), not a count
  if (newValues(reason, known).some((v) => v.key !== "n:1")) return undefined;
  if (novelContent(reason, vocabulary).some((w) => DETAIL_WORDS.test(w))) return undefined;
  // "the reason is I don't want the return flight cancelled": a negated action is a restriction, not a motive
  if (
    NEGATOR.test(reason) &&
    /(?<![\p{L}])(?:cancel\w*|chang\w*|book\w*|upgrad\w*|downgrad\w*|add\w*|remov\w*|refund\w*|cancel[ae]\w*|cambi[ae]\w*)(?![\p{L}])|取消|改|订|退/iu.test(
      reason,
    )
  )
    return undefined;
  return reason;
}

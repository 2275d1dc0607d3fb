/**
 * The reason a user gives for a cancellation, when the agent asked for it: "Please cancel LWE3W4. Reason: change of plans,
 * the trade show there went virtual this year", "cancel it because my meeting moved", "Cancele LWE3W4; motivo: cambio de
 * planes", "取消 LWE3W4，原因是计划有变". The judge reads the story told as the reason as something the request did not
 * describe; it answers the agent's own question. Taken out, the rest of the reply is judged again. A reason clause that
 * puts a condition or asks something ("because … but only if …", "…?") is not taken out.
 * @internal
 */

/** The agent asked for the reason ("and the reason for the cancellation?", "¿el motivo?", "原因"). */
const ASKS_REASON = /\b(?:reason|why)\b|(?<![\p{L}])(?:motivo|raz[oó]n|por\s+qu[eé])(?![\p{L}])|原因|理由|为什么/iu;

/** A clause giving the reason, to the end of its sentence: "Reason: …", "the reason is …", "because …", "motivo: …", "原因是…". */
const REASON_CLAUSE =
  /(?:\b(?:the\s+)?reason(?:\s+is|\s+being)?\s*[:：-]?|\bbecause\b|\bdue\s+to\b|(?<![\p{L}])(?:el\s+)?motivo(?:\s+es)?\s*[:：-]?|(?<![\p{L}])porque(?![\p{L}])|原因是|原因[:：]|因为)[^.!?。！？\n]*[.!?。！？]?/giu;

/** What would change the action inside a reason clause: a condition, a limit, a contrast, a question. */
const NOT_JUST_A_REASON =
  /\b(?:if|unless|only|but|except|as long as)\b|\?|？|(?<![\p{L}])(?:si|solo|sólo|pero|salvo|excepto)(?![\p{L}])|如果|只要|除非|但|只/iu;

/**
 * The reply without the reason it gives, when the request asked for one and every reason clause is only a reason;
 * undefined when there is nothing to take out or a clause is more than a reason.
 * @param request The agent's words the reply answers.
 * @param reply The user's reply.
 */
export function withoutStatedReason(request: string, reply: string): string | undefined {
  if (!ASKS_REASON.test(request)) return undefined;
  const clauses = [...reply.matchAll(REASON_CLAUSE)].map((m) => m[0]);
  if (clauses.length === 0 || clauses.some((c) => NOT_JUST_A_REASON.test(c))) return undefined;
  const rest = reply.replace(REASON_CLAUSE, " ").replace(/\s+/g, " ").trim();
  return rest === "" ? undefined : rest;
}

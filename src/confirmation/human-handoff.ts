/**
 * A reply that asks for a person instead ("Please transfer me to a human agent", "I'd like to speak
 * with a supervisor", "转人工", "quiero hablar con un agente"): whatever else it says, it takes the
 * hand-off, not the action put to it. Found as a false confirmation on new real replies
 * (real-replies-4: the request offered the update or, "alternatively", a transfer; the judge read
 * "transfer" as the request's own word and "please" as a go-ahead).
 * @internal
 */
import { actionVerbs, putSentences } from "./sequenced-action.js";

/** Asking to be passed to a person. */
const ASKS_FOR_PERSON =
  /(?<![\p{L}])(?:transfer|connect|put|pass|escalate) (?:me|this|my (?:call|case)) (?:to|through to|over to|with) (?:a |an |the |your )?(?:human|person|real person|live (?:agent|person)|(?:human |customer )?(?:agent|representative|rep|supervisor|manager|specialist))(?![\p{L}])|(?<![\p{L}])(?:speak|talk|chat) (?:to|with) (?:a |an |the |your )?(?:human|person|real person|live (?:agent|person)|(?:human )?(?:agent|representative|rep|supervisor|manager))(?![\p{L}])|(?<![\p{L}])(?:human agent|real person|live agent)(?![\p{L}])|(?<![\p{L}])(?:transfierame|pasame|paseme|comuniqueme) (?:con|a) |(?<![\p{L}])hablar con (?:un|una|el|la) (?:agente|humano|persona|supervisor|supervisora|representante|encargad[oa])(?![\p{L}])|转人工|人工客服|找人工|真人客服|转接(?:给)?(?:人工|主管|经理)/iu;

/**
 * The phrase by which a reply (normal form) asks for a person, or `undefined`.
 *
 * @example
 * ```ts
 * asksForPerson("please transfer me to a human agent so i can discuss this further."); // "transfer me to a human agent"
 * asksForPerson("yes, please go ahead."); // undefined
 * ```
 * @param reply The reply, in normal form.
 */
export function asksForPerson(reply: string): string | undefined {
  return ASKS_FOR_PERSON.exec(reply)?.[0].trim();
}

/**
 * The reply without its asks for a person: each from the clause boundary before it (a sentence end,
 * a comma, "and") to the end of its sentence. Read where the request itself offers the hand-off beside
 * the action ("1. add the bag 2. transfer you to a human agent 3. both?"): what is left must agree to
 * the action on its own.
 * @param reply The reply, in normal form.
 */
export function withoutPersonAsk(reply: string): string {
  let text = reply;
  for (let m = ASKS_FOR_PERSON.exec(text); m !== null; m = ASKS_FOR_PERSON.exec(text)) {
    const before = text.slice(0, m.index);
    const cut = Math.max(before.search(/(?:[.!?;,，。！？]|\band\b|\by\b|并且|然后)[^.!?;,，。！？]*$/u), 0);
    const after = text.slice(m.index).search(/[.!?。！？]/u);
    text = `${text.slice(0, cut)}${after < 0 ? "" : text.slice(m.index + after)}`;
  }
  return text;
}

/** Putting the user through to a person: "transfer you", "lo transfiera", "转接", "人工". */
const HANDOFF = /(?<![\p{L}])(?:transfer\w*|transfier\w*|transferir\w*|human agent|agente humano)(?![\p{L}])|转接|转人工|人工/iu;

/**
 * Whether the one action the request puts is a hand-off to a person ("I can transfer you to a human
 * agent. Please confirm if you'd like to be transferred."): asking for the person then answers it.
 * @param request The request, in normal form.
 */
export function handoffIsTheAction(request: string): boolean {
  const put = putSentences(request);
  const others = put.flatMap((s) => actionVerbs(s.text)).filter((v) => v !== "tran" && v !== "转");
  return others.length === 0 && put.some((s) => HANDOFF.test(s.text));
}

/**
 * A request that announces the user's approval as a later step: "Once confirmed, I'll list the full booking details and ask
 * for final approval before processing", "Once confirmed, I'll review the details and get your final approval", "Una vez
 * confirmado, le mostraré los detalles y le pediré su aprobación final", "确认后，我会列出完整信息，再请您最终确认". What the user
 * says now (an option, a reservation, a reason) is a step towards the action, not its go-ahead: the agent itself said the
 * go-ahead is still to be asked for, on details not yet shown. Found as false confirmations on real replies (real-replies-7,
 * r7-090: "I'd like to book Option 2, and no travel insurance."; r7-074: "Please cancel MZDDS4—reason is change of plans.").
 *
 * Read only where the agent says *it will* ask for that approval: "I'll ask for your final approval", "then I'll get your
 * confirmation" after "once …", never the approval asked for now ("please give me your final confirmation", "I'll process it
 * once I get your approval"). EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */
import { splitSentences } from "./reply-text.js";

/** The agent's own future step, in the same sentence before the asking ("I'll", "we will", "then", "le", "我会"). */
const AGENT_WILL = /(?<![\p{L}])(?:i'?ll|i will|we'?ll|we will|i'?m going to|then)(?![\p{L}])/giu;
/** What makes the approval the one being asked for now: a condition on processing ("once I get your approval"). */
const UPON = /(?<![\p{L}])(?:once|when|after|as soon as|if|upon|until)\s+(?:i|we)\s+(?:get|have|receive|hear)(?![\p{L}])/iu;

/** Asking for the user's approval, final or after a step: "ask (you) for your final approval", "get your last confirmation", "ask you one final explicit yes". */
const ASKS_FINAL =
  /(?<![\p{L}])(?:ask (?:you )?(?:for )?|get|request|seek|obtain)\s*(?:your\s+|the\s+|a\s+|one\s+)?(?:more\s+)?(?:final|last)\s+(?:(?:explicit|clear|formal|written)\s+)?(?:approval|confirmation|go-ahead|consent|ok(?:ay)?|sign-off|yes)(?![\p{L}])/iu;
/** The same without "final", after a step the request says comes first ("once …, I'll … ask for your confirmation"). */
const ASKS = /(?<![\p{L}])(?:ask (?:you )?for|get|request|seek|obtain)\s+(?:your\s+)?(?:approval|confirmation|go-ahead|consent)(?![\p{L}])/iu;
const FIRST_STEP = /(?<![\p{L}])(?:once|after|when)\s[^.?!;]{2,80},\s*(?:i'?ll|i will|we'?ll|we will)(?![\p{L}])/iu;

/** Spanish: "le pediré su aprobación final", "solicitaré su confirmación definitiva", "una vez …, le pediré su confirmación". */
const ASKS_ES_FINAL =
  /(?<![\p{L}])(?:le\s+)?(?:pedire|solicitare|pediremos|solicitaremos)\s+(?:(?:su\s+|la\s+)?(?:aprobacion|confirmacion|autorizacion|conformidad)\s+(?:final|definitiva)|(?:un|una)\s+(?:ultim[oa]\s+)?(?:siyes|aprobacion|confirmacion|autorizacion)\s+(?:final|definitiv[oa]|explicit[oa])|(?:un|una)\s+ultim[oa]\s+(?:siyes|aprobacion|confirmacion|autorizacion))(?![\p{L}])/iu;
const ASKS_ES =
  /(?<![\p{L}])(?:le\s+)?(?:pedire|solicitare|pediremos|solicitaremos)\s+(?:su\s+|la\s+)?(?:aprobacion|confirmacion|autorizacion|conformidad)(?![\p{L}])/iu;
const FIRST_STEP_ES = /(?<![\p{L}])(?:una vez|despues de|cuando)\s[^.?!;]{2,80},/iu;

/** Chinese: "之后再请您确认", "我会……再跟您确认", "然后请您最终确认" (not "我会为您办理，请您确认", the confirmation asked for now). */
const ASKS_ZH =
  /(?:我会|我将|之后|然后|随后|届时)[^。？！?!]{0,30}(?:再(?:次)?(?:请您|向您|跟您|和您|与您|让您)(?:做)?(?:一次)?(?:最终|最后)?(?:的)?确认|(?:请您|向您|跟您|和您|与您|让您)(?:做)?(?:一次)?(?:最终|最后)(?:的)?确认)/u;

/**
 * The request's words announcing the user's approval as a later step, or undefined.
 *
 * @example
 * ```ts
 * laterApproval("please reply with the option number. once confirmed, i'll list the full booking details and ask for final approval before processing.");
 * // "ask for final approval"
 * laterApproval("i'll cancel m3qk7d and refund $410. i'll process it once i get your final approval. shall i proceed?"); // undefined
 * ```
 * @param request The request (normal form).
 */
export function laterApproval(request: string): string | undefined {
  const sentences = splitSentences(request);
  for (let i = 0; i < sentences.length; i++) {
    const words = announced(sentences[i]!.text);
    // a question after the announcement may itself be the approval it announced ("…I'll get your final approval. Shall I book it?")
    if (words !== undefined && !sentences.slice(i + 1).some((x) => x.question)) return words;
  }
  return undefined;
}

/** The words of one sentence announcing the approval as the agent's later step, or undefined. */
function announced(s: string): string | undefined {
  const en = ASKS_FINAL.exec(s) ?? (FIRST_STEP.test(s) ? ASKS.exec(s) : null);
  if (en !== null) {
    const before = s.slice(0, en.index);
    const wills = [...before.matchAll(AGENT_WILL)];
    const last = wills[wills.length - 1];
    // the agent's future step, and no "once I get" between it and the asking
    if (last !== undefined && !UPON.test(before.slice(last.index))) return en[0];
  }
  const es = ASKS_ES_FINAL.exec(s) ?? (FIRST_STEP_ES.test(s) ? ASKS_ES.exec(s) : null);
  if (es !== null) return es[0];
  return ASKS_ZH.exec(s)?.[0];
}

/**
 * A term of the action the reply takes for granted and the request never stated: what the action or its amount includes or
 * covers ("I take it the $85 includes my checked bag", "entiendo que los 85 € ya incluyen la maleta", "这 ¥560 里已经包含托运
 * 行李了吧"), or that a fee or charge the request states is waived ("the $25 fee gets waived, I take it", "la comisión me la
 * quitan", "手续费应该就免了吧"). The yes rests on that term: if it does not hold, the user agreed to something else. A term the
 * request itself states ("the fee is waived for you", "includes taxes") is said back, not assumed. So is a term the reply says the
 * agent promised ("as you said, the refund lands within 24 hours", "您说过的，滞纳金也会免掉", "tal como me prometió, se anula el
 * recargo") in words the request never used: what the agent said is the request, and it did not say that.
 * EN, ZH, ES; read on one clause in `normalizeText` form.
 * @internal
 */
import { novelContent, type RequestVocabulary } from "./content-words.js";

/** Saying what something includes or covers: "includes", "covers", "incluye", "cubre", "包括", "包含", "含". */
const INCLUDES =
  /(?<![\p{L}])(?:includ(?:e|es|ed|ing)|cover(?:s|ed)?|incluy\w*|incluid[oa]s?|cubr\w*|cubre\w*)(?![\p{L}])|包括|包含|含有|含了|已含|算上|算进/iu;

/** A fee or charge said to be taken off: "waived", "free of charge", "no fee", "me la quitan", "gratis", "免了", "不收". */
// prettier-ignore
const WAIVED = /(?<![\p{L}])(?:waiv(?:e|ed|es|ing|er)|free of charge|(?:no|without(?: a| the| any)?) (?:fee|charge)|won'?t (?:be )?charged?|not (?:be )?charged|quit(?:an|a|en|ara|aran|ado|ada)|me (?:la|lo) (?:quitan|perdonan|condonan)|condon\w*|exent[oa]s?|exim\w*|gratis|sin (?:coste|costo|cargo|comision))(?![\p{L}])|免了|免掉|免除|减免|不收|不扣|不用付|不用交/iu;

/** A fee, charge or price of the action: "fee", "charge", "difference", "comisión", "cargo", "手续费", "差价", "费". */
const FEE = /(?<![\p{L}])(?:fees?|charges?|difference|cost|price|comision(?:es)?|cuotas?|cargos?|diferencia|coste|costo|precio)(?![\p{L}])|费|差价|价/iu;

/** A plan, package or fare: what a price buys ("the plan", "la tarifa", "el paquete", "套餐", "票价"). */
const PLAN = /(?<![\p{L}])(?:plan|package|fare|bundle|tarifa|paquete|bono)(?![\p{L}])|套餐|票价|流量包/iu;

/**
 * The term the clause assumes, when it says what the action or its amount includes in words the request never used, or that a
 * fee the request states is waived when the request says no such thing; undefined otherwise.
 * @param clause One clause of the reply (normal form).
 * @param request The request (normal form).
 * @param vocabulary The request's content words (`requestVocabulary`).
 */
export function assumedTerm(clause: string, request: string, vocabulary: RequestVocabulary): string | undefined {
  const includes = INCLUDES.exec(clause);
  // what money or a plan covers ("the $85 includes…", "这个套餐包含…"), not a person covering a weekend ("he can cover that weekend")
  if (includes !== null && !INCLUDES.test(request) && (FEE.test(clause) || PLAN.test(clause) || /[$€¥£]|\d/u.test(clause))) {
    const object = clause.slice(includes.index + includes[0].length);
    if (novelContent(object, vocabulary).length > 0) return clause.slice(includes.index).slice(0, 80);
  }
  const waived = WAIVED.exec(clause);
  if (waived !== null && FEE.test(request) && !WAIVED.test(request) && (FEE.test(clause) || /[$€¥£]|\d/u.test(clause)))
    return clause.slice(Math.max(0, waived.index - 40)).slice(0, 80);
  return undefined;
}

/** A term said to be the agent's own word: "as you said", "like you promised", "您说过", "你答应过", "como usted dijo", "tal como me prometió". */
// prettier-ignore
const AGENT_SAID = /(?<![\p{L}])(?:(?:as|like) you (?:said|promised|mentioned|told me|explained|confirmed)|you (?:said|promised|told me)(?: that)?|como (?:usted )?(?:me )?(?:dijo|prometio|comento|explico|confirmo)|tal (?:y )?como (?:usted )?(?:me )?(?:dijo|prometio|comento)|usted (?:me )?(?:dijo|prometio)(?: que)?|me prometio(?: que)?)(?![\p{L}])|(?:您|你)(?:刚才|之前|刚刚)?(?:说过|说了|答应过|答应了|承诺过|保证过)(?:的)?|按(?:您|你)说的/iu;

/**
 * The words after "as you said" (to the end of their sentence) that the request never used, when the reply says the agent
 * promised something the request does not contain; undefined otherwise.
 * @param reply The whole reply (normal form): the claim may follow its marker in the next clause ("您说过的，…").
 * @param vocabulary The request's content words (`requestVocabulary`).
 */
export function claimedTerm(reply: string, vocabulary: RequestVocabulary): string | undefined {
  for (const m of reply.matchAll(new RegExp(AGENT_SAID.source, "giu"))) {
    const rest = reply.slice(m.index + m[0].length).split(/[.;!?。；！？]/u)[0] ?? "";
    if (novelContent(rest, vocabulary).length > 0) return `${m[0]}${rest}`.slice(0, 80);
  }
  return undefined;
}

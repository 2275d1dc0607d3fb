/**
 * "I confirm" said of a fact of the user's own, not of the action: "Yes, I confirm I received the mouse" (to a return of that
 * mouse), "Confirmo que viajo el 12 de mayo" (to a cancellation of that flight), "我确认我收到了". The yes before it, if any,
 * is the yes to that fact: the reply agrees to the action only if what is left without that clause does ("I confirm I'm the
 * account holder, go ahead" still goes ahead). "I confirm I want to proceed", "confirmo que quiero cancelar", "我确认我要取消"
 * confirm the action itself and are not read here. EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */

/** A bare yes that may stand right before the fact confirmed ("yes, ", "sí, ", "好的，"). */
const YES_BEFORE = /(?:^|[,;.!?，。；！？]\s*)(?:(?:yes|yeah|yep|ok|okay|sure|siyes|si|vale|claro|好的|好|是的|对)[,，!！\s]*)+$/iu;

/** Verbs of wanting or agreeing after "I confirm (that) I…": the action itself ("I confirm I want to go ahead"). */
const EN_WANTS = String.raw`(?:want|would|'d|wish|agree|approve|accept|authori[sz]e|consent|can|may|should|do|still want|understand|am (?:happy|ready|fine|okay|ok)|'m (?:happy|ready|fine|okay|ok))(?![\p{L}])`;
const ES_WANTS = String.raw`(?:quiero|deseo|acepto|autorizo|apruebo|necesito|prefiero|estoy de acuerdo|lo|la|los|las|le|les|se|me)(?![\p{L}])`;

/** "I confirm (that) I <verb>…", "confirmo que (yo) <first-person verb>…", "我确认我…", up to the clause's end. */
const FACT = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:i|we) (?:hereby |can |do |also )?confirm(?:ed)? (?:that )?(?:i|i'?ve|i have|i'?m|i am|we|we'?ve|we have|we'?re|we are) (?!${EN_WANTS})[^,;.!?]*`,
    String.raw`(?<![\p{L}])confirmo que (?:yo )?(?:ya )?(?!${ES_WANTS})(?:he \p{L}+|\p{L}+(?:o|i|e))(?![\p{L}])[^,;.!?]*`,
    String.raw`我确认(?:我|本人)(?!要|想|同意|确定|希望|需要|决定)[^，,；;。.！!？?]*`,
  ].join("|"),
  "iu",
);

/**
 * The fact the reply confirms and the reply without it (and without a bare yes right before it), or `undefined` when the reply
 * confirms no fact of its own.
 * @param reply The reply (normal form).
 */
export function confirmedFact(reply: string): { readonly fact: string; readonly rest: string } | undefined {
  const m = FACT.exec(reply);
  if (m === null) return undefined;
  const before = reply.slice(0, m.index);
  const yes = YES_BEFORE.exec(before);
  const head = yes === null ? before : before.slice(0, yes.index + (/^[,;.!?，。；！？]/u.test(yes[0]) ? 1 : 0));
  return { fact: m[0].trim(), rest: `${head} ${reply.slice(m.index + m[0].length)}`.replace(/^[\s,;.!?，。；！？]+/u, "").trim() };
}

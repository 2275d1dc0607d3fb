/**
 * Whether the agent's words before a reply ask the user to agree to something ("shall I
 * proceed?", "please confirm", "would you like me to cancel it?", "is that correct?"; in Spanish
 * "¿desea que proceda?", "¿le parece bien?"; in Chinese "请确认是否办理？", "要不要改？", "可以吗？").
 * A yes that answers no such request ("Sure, my user id is …" after "What is your user id?", "Hi, yes,
 * I need to change my flight" after the greeting "How can I help you today?") is still judged, but
 * cannot confirm a write, and is not an unclear yes to one either.
 */
const ASK =
  /\b(confirm|proceed|go ahead|shall i|should i|would you like|do you want|want me to|is (that|this|everything) (correct|right|ok|okay|accurate)|are you sure|ok(ay)? (to|with)|(?<!\bhow )(?:may|can) i\b|ready (to|for)|let me know if|agree|approve|yes\b)/i;

/**
 * Spanish ("¿desea que…?", "¿quiere que…?", "¿quiere cambiar…?" / "¿le gustaría cancelarla?" (a verb in the infinitive; not in a which-question, "¿qué reserva desea cancelar?"), "¿desea continuar / proceder con…?", "¿continuamos?", "¿procedo?", "¿le parece bien?", "¿de acuerdo?", "¿continúo?";
 * "confirma" is read by `ASK`) and Chinese ("确认", "是否", "要不要", "好吗", "可以吗", "同意吗", "需要我…吗").
 * Only the asking: the reply must still be judged a yes, and the request must still describe the action.
 */
const ASK_ES =
  /(?<![\p{L}])(desea(?:s|n)? que|quiere(?:s|n)? que|(?<!(?:qu[eé]|cu[aá]l(?:es)?|cu[aá]nt[oa]s?|d[oó]nde|cu[aá]ndo)(?![\p{L}])[^¿?.!]{0,40})(?:desea|deseas|desean|quiere|quieres|quieren|le gustar[ií]a|te gustar[ií]a)\s+\p{L}+(?:ar|er|ir)(?:lo|la|los|las|le|se|me)?|(?:desea|deseas|desean|quiere|quieres|quieren|podemos) (?:continuar|proceder|seguir adelante|confirmar)|procedo|proceda(?:mos)?|procedemos|contin[uú]o|continuamos|seguimos adelante|le parece bien|te parece bien|est[aá] de acuerdo|de acuerdo\?|lo hago|lo cambio|lo cancelo|autoriza)(?![\p{L}])/iu;
const ASK_ZH = /确认|是否|要不要|好吗|可以吗|行吗|同意吗|对吗|需要我[^。？?\n]{0,20}吗|要我[^。？?\n]{0,20}吗|继续吗/u;

/**
 * An offer of information is not a request to agree to an action: "would you like to know the fare difference for
 * moving ABC123 to HAT200?", "do you want me to check other flights?", "¿quiere saber / ver / consultar…?". Such an
 * offer is taken out before the asking is looked for, so a yes to it does not confirm the action it speaks of.
 */
const INFO_OFFER =
  /\b(?:would you like|do you want|want me)\s+(?:me\s+)?to\s+(?:know|see|hear|check|look\s+(?:at|up|into)|learn|find\s+out|compare|get\s+(?:a\s+)?(?:quote|price|prices))\b|(?<![\p{L}])(?:desea|deseas|desean|quiere|quieres|quieren|le gustar[ií]a|te gustar[ií]a)\s+(?:saber|conocer|ver|consultar|revisar|averiguar|comparar|escuchar)(?![\p{L}])/giu;

/**
 * Whether the agent's words ask the user to agree to something (see `ASK`, `ASK_ES`, `ASK_ZH`); an offer of
 * information ("would you like to know…?") is not such a request.
 * @param request The agent's words since the previous user message.
 */
export function asksForConfirmation(request: string): boolean {
  const asking = request.replace(INFO_OFFER, " ");
  return ASK.test(asking) || ASK_ES.test(asking) || ASK_ZH.test(asking);
}

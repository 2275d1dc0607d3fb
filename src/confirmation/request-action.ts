/**
 * Whether a request names any action at all. "Could you confirm that the issue was with
 * reservation WUNA5K?" asks the user to confirm a fact; "yes, that's correct" to it agrees to no
 * action, so it is no consent to the write that may follow. A request that names an action in any
 * form (a write, a transfer, a look-up, "proceed", "go ahead") is left to the rest of the judge.
 * Read on text in `normalizeText` form. EN, ZH, ES.
 * @internal
 */

/**
 * Verbs and nouns of doing something (base and -ing forms, nouns of action: "the exchange", "el cambio", "la devolución", "换货");
 * not past participles of things already done ("I've found").
 */
const ACTION_WORD =
  /(?<![\p{L}])(?:cancel\w*|book|booking|bookings|reserv(?:e|ing)|chang(?:e|es|ing)|modif\w*|updat(?:e|ing)|upgrad\w*|downgrad\w*|refund\w*|add|adding|addition|remov(?:e|ing|al)|issu(?:e|ing) (?:a|the|you|your)|send|sending|transfer\w*|process|processing|proceed\w*|go ahead|move forward|purchas(?:e|ing)|buy|buying|pay|paying|payment|charg(?:e|ing)|apply|applying|switch\w*|mov(?:e|ing)|rebook\w*|compensat\w*|swap\w*|exchang(?:e|es|ing)|replac(?:e|ing)|submit\w*|delet(?:e|ing)|retriev(?:e|ing)|look up|looking up|look into|check|checking|search\w*|find|connect\w*|escalat\w*|assist|help|do (?:it|that|this|so)|anular|cancelar|cambios?|cancelacion|devolucion|canje|reservar|cambiar|modificar|actualizar|reembols\w*|anadir|agregar|proced\w*|emitir|comprar|pagar|transferir|buscar|consultar|ayudar|subir|bajar|devolver|(?:cancelar|anular|cambiar|modificar|actualizar|reservar|anadir|agregar|comprar|pagar|subir|bajar|transferir|emitir|devolver|reembolsar)(?:e|emos))(?![\p{L}])|取消|换货|退货|更换|换成|改成|(?<!的)预订|(?<!的)预定|订票|更改|改签|修改|升级|降级|退款|添加|加上|办理|支付|付款|购买|转接|发送|签发|处理|查询|查找|帮您|为您/iu;

/** The agent saying what it will or may do, or offering to: "I'll exchange…", "shall I…", "would you like me to…", "我将…", "voy a…". */
const AGENT_OFFER =
  /(?<![\p{L}])(?:i'?ll|i will|i can|i could|i'?m going to|i am going to|shall i|should i|can i|may i|(?:would|do) you (?:like|want) me to|let me(?! know)|we'?ll|we will|we can|voy a|puedo|quiere que|desea que)\s+\p{L}|我(?:将|会|可以|来|帮)|要我/iu;

/** The request asks the user to confirm something ("could you confirm…", "is that correct?"); a plain question ("is your user id X?") is left to the audit, which finds no request for the write. */
const ASKS_TO_CONFIRM = /confirm|correct|(?<![\p{L}])right\?|确认|对吗|是否正确|correcto|confirme/iu;

/**
 * Whether the request asks the user to confirm something and names no action (nothing to consent to).
 *
 * @example
 * ```ts
 * namesNoAction("could you please confirm if the issue was with the reservation id wuna5k?"); // true
 * namesNoAction("shall i cancel reservation wuna5k?"); // false
 * ```
 * @param request The request, in normal form.
 */
export function namesNoAction(request: string): boolean {
  return ASKS_TO_CONFIRM.test(request) && !ACTION_WORD.test(request) && !AGENT_OFFER.test(request);
}

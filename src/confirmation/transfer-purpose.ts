/**
 * A transfer to a person, as the user accepts it: after a request that offers a transfer to a human
 * agent, the person the user asks for ("someone who can assist further", "alguien que pueda ayudarme")
 * is the agent offered, and what the transfer is for ("for help with the checked bag refund", "para
 * que me ayuden con el reembolso", "帮我处理行李退款的事") is the matter the human agent will take up,
 * not an instruction to the agent who asked. An instruction of its own in another clause ("and cancel
 * my return flight first") is still read.
 * @internal
 */

/** The request offers a transfer to a human agent. */
const OFFERS_TRANSFER =
  /transfer(?:ring)?\s+you\s+to\s+(?:a\s+)?(?:human|live|customer service)?\s*(?:agent|representative)|human agent|人工客服|转接人工|转人工|agente humano|transferir(?:le|lo|la)?\s+(?:con|a)\s+un\s+agente/iu;

/** Where a purpose ends: the clause's end, or a connective that starts something else. */
const UNTIL = String.raw`(?=[,;.!?，。；！？]|\s+(?:and|but|then|also|so|y|pero|luego|también)\s|$)`;

/** The person asked for and the purpose of the transfer. */
const TRANSFER_WORDS = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:someone|somebody|anyone|a\s+(?:real\s+|live\s+)?(?:person|human|representative|specialist|supervisor))(?:\s+(?:who|that)\s+(?:can|could|may|might|will)\s+(?:help|assist|handle|look into)(?:\s+(?:me|further|this|that|it|with (?:this|that|it)))*)?(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:for|with)\s+(?:some\s+)?(?:help|assistance|support)\s+(?:with|on|regarding|about)\s+.*?${UNTIL}`,
    String.raw`(?<![\p{L}])(?:alguien|una\s+persona)(?:\s+que\s+(?:me\s+)?pueda\s+ayudar(?:me)?)?(?![\p{L}])`,
    String.raw`(?<![\p{L}])para\s+(?:que\s+me\s+ayuden|recibir\s+ayuda|ayuda)\s+con\s+.*?${UNTIL}`,
    // the matter to be settled ("I need this resolved", "I'd like to resolve this", "quiero resolverlo", "希望能解决这个问题")
    String.raw`(?<![\p{L}])(?:i|we)\s+(?:really\s+|just\s+)?(?:need|want|would like|'d like)\s+(?:(?:this|it|that|the issue|the problem|this issue|this matter)\s+(?:to\s+be\s+)?(?:resolved|sorted(?:\s+out)?|fixed|looked\s+into|taken care of)|to\s+(?:resolve|sort out|fix|get to the bottom of)\s+(?:this|it|that|the issue|this issue|the problem))(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:necesito|quiero|me gustaria)\s+(?:que\s+se\s+resuelva|resolver(?:lo|la)?(?:\s+esto)?|solucionar(?:lo|la)?(?:\s+esto)?)(?![\p{L}])`,
    String.raw`(?:希望|想|需要)(?:能)?(?:解决|处理)(?:这个|一下)?(?:问题|事情)?`,
    String.raw`(?:能|可以)(?:帮忙|帮我|处理)的(?=人)`,
    String.raw`(?:帮我|来)处理[^,，。;；!！?？]*`,
  ].join("|"),
  "giu",
);

/**
 * The clause without the person and the purpose of the transfer the request offered (unchanged
 * when the request offers no transfer).
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 */
export function withoutTransferPurpose(clause: string, request: string): string {
  return OFFERS_TRANSFER.test(request) ? clause.replace(TRANSFER_WORDS, " ") : clause;
}

/**
 * The thing the action is on, called by the reply a kind the request says it is not: the request changes the *outbound* flight
 * HAT045 and the reply says "change my return flight, HAT045"; the request pays from the *checking* account ending 5530 and the
 * reply says "from my savings, the one ending 5530"; the request switches the *main* line and the reply says "the tablet line".
 * Whichever word is the slip, the user and the agent are not talking about the same thing: that action was not put to the user.
 *
 * Read on kinds that come in pairs of which a thing is one or the other (a flight's leg, an account's kind, a card's kind, a
 * phone line's role): only where the request names one of a pair and never the other, and the reply names the other and never
 * the first. A request that names both (a transfer from savings to checking, a trip's outbound and return) is not read here
 * (transfer-direction.ts reads the transfer). EN, ZH, ES; read on text in `normalizeText` form (lower case, no Spanish accents).
 * @internal
 */

/** One pair of kinds: the words of each side. */
interface KindPair {
  readonly name: string;
  readonly sides: readonly [RegExp, RegExp];
}

const L = (s: string) => `(?<![\\p{L}])(?:${s})(?![\\p{L}])`;

// Each word names the kind as a thing's, not as a word of another sense: "savings" is an account only as "savings account" or after
// "from / into / my" (not "the total savings"), "checking" only so too (not "checking the other bookings"), "debit" only as a card.
const ACCOUNT_LEAD = "(?:from|into|to|out of|in|my|the) (?:my )?";
const PAIRS: readonly KindPair[] = [
  {
    name: "flight leg",
    sides: [
      new RegExp(`${L("outbound(?: flight| leg)?|departing (?:flight|leg)|(?:vuelo|trayecto|billete) de ida|el de ida")}|去程`, "u"),
      new RegExp(`${L("(?:return|inbound) (?:flight|leg)|(?:vuelo|trayecto|billete) de (?:vuelta|regreso)|el de (?:vuelta|regreso)")}|回程|返程`, "u"),
    ],
  },
  {
    name: "account",
    sides: [
      new RegExp(
        `${L(`checking account|current account|${ACCOUNT_LEAD}checking(?! (?:the|if|on|in|for|whether|with|my|your|it|that|this))|cuenta corriente`)}|活期`,
        "u",
      ),
      new RegExp(`${L(`savings? account|${ACCOUNT_LEAD}savings(?! (?:from|of|on|in))|cuenta de ahorros?`)}|储蓄(?!卡)`, "u"),
    ],
  },
  {
    name: "card",
    sides: [new RegExp(`${L("debit card|tarjeta de debito")}|借记卡`, "u"), new RegExp(`${L("credit card|tarjeta de credito")}|信用卡`, "u")],
  },
  {
    name: "phone line",
    sides: [
      new RegExp(`${L("main (?:phone )?line|primary line|linea principal")}|主号`, "u"),
      new RegExp(`${L("tablet line|tablet's line|(?:linea|numero) de la tablet|secondary line|linea secundaria")}|平板|副号`, "u"),
    ],
  },
];

/**
 * The kind the reply gives the action's thing where the request says it is the other of a pair ("return flight" where the
 * request changes the outbound one), as a short description; undefined when no pair is read that way.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function contraryKind(reply: string, request: string): string | undefined {
  for (const { name, sides } of PAIRS) {
    for (const [asked, other] of [sides, [sides[1], sides[0]]] as const) {
      const said = other.exec(reply);
      if (said === null || asked.test(reply) || !asked.test(request) || other.test(request)) continue;
      return `${JSON.stringify(said[0])} (the request's ${name} is ${JSON.stringify(asked.exec(request)![0])})`;
    }
  }
  return undefined;
}

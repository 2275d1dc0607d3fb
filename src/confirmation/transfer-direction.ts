/**
 * A transfer between two accounts said back the other way round: the request moves money from the account ending 4410 (savings)
 * to the one ending 2231 (checking); the reply says "from checking into savings", "take it out of 2231 and put it in 4410",
 * "从活期转到储蓄", "de la corriente a la de ahorros". Money moved the wrong way was not put to the user.
 * An account is named by its last digits or its kind (checking / savings, 活期 / 储蓄, corriente / ahorros); its role (where the
 * money comes from, where it goes) by the nearest word before it ("from", "out of", "de", "desde", "从" / "to", "into", "in", "a",
 * "en", "到", "向"). Only a request that moves money ("transfer", "move", "pasar", "转") is read: a refund to a card "de crédito" is
 * no transfer between accounts. EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */

/** An account: its last four digits, or its kind. */
const ACCOUNT = /(?<![\p{N}-])\d{4}(?![\p{N}]|-\d)|(?<![\p{L}])(?:checking|current|corriente|savings|ahorros)(?![\p{L}])|活期|储蓄/gu;
/** The words that give the account after them a role: where the money comes from, or where it goes. */
const ROLE = /(?<![\p{L}])(?:from|out of|desde|de)(?![\p{L}])|(?:从)|(?<![\p{L}])(?:to|into|in|a|al|en)(?![\p{L}])|(?:到|向|进|转入|存入)/gu;
/** Words between a role and its account that say nothing of the role: "ending in", "terminada en", "尾号", "cuenta de". */
const FILLER = /(?:ending(?: in)?|terminad[oa] en|acabad[oa] en|cuenta de|la de|el de|tarjeta de (?:credito|debito))\s*/gu;
/** A request that moves money between accounts: "transfer", "move", "pasar", "transferir", "traspasar", "转", "汇". */
const MOVES_MONEY = /(?<![\p{L}])(?:transfer\w*|move|moving|shift|pasar|pase|paso|transferir|transfiera|traspas\w*|mover|mueva)(?![\p{L}])|转|汇/u;

/** The role each account of a text has, by the role word nearest before it in its clause. */
function roles(text: string): Map<string, "from" | "to"> {
  const out = new Map<string, "from" | "to">();
  const plain = text.replace(FILLER, " ");
  for (const m of plain.matchAll(ACCOUNT)) {
    const before =
      plain
        .slice(Math.max(0, m.index - 40), m.index)
        .split(/[.;!?。；！？]/u)
        .pop() ?? "";
    const words = [...before.matchAll(ROLE)];
    const last = words[words.length - 1];
    if (last === undefined) continue;
    const role = /^(?:from|out of|desde|de|从)$/u.test(last[0]) ? "from" : "to";
    const key = /\d/u.test(m[0]) ? m[0] : /checking|current|corriente|活期/u.test(m[0]) ? "checking" : "savings";
    if (!out.has(key)) out.set(key, role);
  }
  return out;
}

/**
 * The account the reply gives the opposite role of the request's (money said to come from where the request sends it, or to go
 * where the request takes it from), when the request moves money between two accounts and the reply gives none of them the
 * request's own role; undefined otherwise.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function reversedTransfer(reply: string, request: string): string | undefined {
  if (!MOVES_MONEY.test(request)) return undefined;
  const asked = roles(request);
  if (![...asked.values()].includes("from") || ![...asked.values()].includes("to")) return undefined;
  const said = [...roles(reply)].filter(([k]) => asked.has(k));
  if (said.length === 0 || said.some(([k, role]) => asked.get(k) === role)) return undefined;
  const [key, role] = said[0]!;
  return `${key} (${role === "from" ? "money taken from it" : "money sent to it"}; the request ${role === "from" ? "sends money to it" : "takes money from it"})`;
}

/**
 * Token counts and what they cost, for the evaluation's real-model mode: the prices a user
 * passes (`--price-input`, `--price-output`, US dollars per million tokens), their validation,
 * and the cost of a count of tokens.
 */

import { ConcordatError } from "../errors/concordat-error.js";

/** Prices in US dollars per million tokens. */
export interface TokenPrice {
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
}

/** Tokens spent, split by side: the agent's model and (in `--customer llm` runs) the customer's. */
export interface TokenCounts {
  readonly agentInput: number;
  readonly agentOutput: number;
  readonly customerInput: number;
  readonly customerOutput: number;
}

/** A price flag's value was not a finite, non-negative number (code `invalid_price`). */
export class PriceError extends ConcordatError<"invalid_price"> {
  constructor(
    readonly flag: string,
    readonly value: string,
  ) {
    super("invalid_price", `${flag} must be a price in US dollars per million tokens (a finite number >= 0, e.g. ${flag} 0.15), got "${value}".`);
    this.name = "PriceError";
  }
}

/**
 * Parses one price flag's value: a finite decimal number >= 0 (US dollars per million tokens).
 *
 * @example
 * parsePrice("--price-input", "0.15"); // 0.15
 * @param flag - the flag's name, quoted in the error
 * @param value - the text the user gave
 * @returns the price
 * @throws PriceError for an empty, non-numeric, NaN, infinite or negative value
 */
export function parsePrice(flag: string, value: string): number {
  const trimmed = value.trim();
  // Number("") is 0 and Number("0x10") is 16: accept only plain decimal notation
  if (!/^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) throw new PriceError(flag, value);
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < 0) throw new PriceError(flag, value);
  return n;
}

/**
 * What tokens cost at a price, in US dollars.
 *
 * @example
 * costUsd({ agentInput: 1_000_000, agentOutput: 0, customerInput: 0, customerOutput: 0 }, { inputPerMillion: 2, outputPerMillion: 8 }); // 2
 */
export function costUsd(tokens: TokenCounts, price: TokenPrice): number {
  return (
    ((tokens.agentInput + tokens.customerInput) * price.inputPerMillion + (tokens.agentOutput + tokens.customerOutput) * price.outputPerMillion) / 1_000_000
  );
}

/** "$0.0123" with enough digits to show small sums; "$12.35" for larger ones. */
export function formatUsd(usd: number): string {
  if (usd === 0) return "$0";
  if (usd < 0.01) return `$${usd.toPrecision(2)}`;
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

/** "12,345" */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

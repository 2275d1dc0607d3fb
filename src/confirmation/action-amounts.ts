/**
 * The amount of money a reply names, compared with the amounts the pending action moves: a reply
 * that restates the request's "$300" agrees to nothing when the action put to the user moves $250.
 * @internal
 */
import type { ConsentAction } from "./consent-judge.js";
import { moneyValues } from "./reply-values.js";

/** Argument names that hold the money an action moves (not a unit price). */
const AMOUNT_FIELD = /^(?:amount|refund_amount|total|total_amount|total_price|refund|charge|cost|fee)$/i;

/** An amount of money the reply names that is none of the actions' amounts (nor their sum), with those amounts; `undefined` when it is one, or the actions carry none. */
export function amountOffAction(reply: string, actions: readonly ConsentAction[]): { said: string; fields: [string, number][] } | undefined {
  const fields: [string, number][] = [];
  const walk = (v: unknown, key: string): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === "number" && Number.isFinite(v) && AMOUNT_FIELD.test(key)) fields.push([key, v]);
  };
  actions.forEach((a) => walk(a.args, ""));
  if (fields.length === 0) return undefined;
  const cents = (n: number) => Math.round(n * 100);
  const allowed = new Set([...fields.map(([, n]) => cents(n)), cents(fields.reduce((t, [, n]) => t + n, 0))]);
  const said = moneyValues(reply).find((v) => !/^n:/.test(v.key) || !allowed.has(cents(Number(v.key.slice(2)))));
  return said === undefined ? undefined : { said: said.text, fields };
}

import type { ConfirmationDecider, DeciderVerdict } from "../confirmation/decider.js";

/**
 * A decider that remembers its verdicts by (request, reply). Recorded runs repeat conversations
 * (several trials of one task at temperature 0), and judging is the costly part of an audit.
 * Only for deterministic deciders (the rule-based one and the audit decider are).
 */
export function memoizedDecider(decider: ConfirmationDecider): ConfirmationDecider {
  const cache = new Map<string, DeciderVerdict | Promise<DeciderVerdict>>();
  return {
    name: decider.name,
    decide(input) {
      const key = `${input.request}\u0000${input.reply}\u0000${JSON.stringify(input.actions ?? null)}`;
      let v = cache.get(key);
      if (v === undefined) {
        v = decider.decide(input);
        cache.set(key, v);
      }
      return v;
    },
  };
}

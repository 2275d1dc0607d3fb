import { StoreContentionError } from "./guard-errors.js";

/** What an attempt returns when it lost compare-and-set (or saw a stale copy) and must run again. @internal */
export const CONFLICT: unique symbol = Symbol("concordat.conflict");

/**
 * Runs `attempt` until it returns something other than `CONFLICT`: the one retry loop of every
 * compare-and-set in the guard. `attempt` receives its number (0 first: it may use a cached
 * copy; later ones load the latest row). After `maxConflicts` conflicts it throws
 * `StoreContentionError`.
 * @internal
 */
export async function retryOnConflict<T>(
  sessionId: string,
  maxConflicts: number,
  attempt: (n: number) => Promise<T | typeof CONFLICT> | T | typeof CONFLICT,
): Promise<T> {
  for (let n = 0; n <= maxConflicts; n++) {
    let r = attempt(n);
    if (r instanceof Promise) r = await r;
    if (r !== CONFLICT) return r as T;
  }
  throw new StoreContentionError(sessionId, maxConflicts);
}

import { isProtocolViolation, ProtocolViolation, type ViolationOf } from "../../src/violation/protocol-violation.js";
import type { ViolationCode } from "../../src/violation/violation-codes.js";

function notAViolation(e: unknown, codes: readonly ViolationCode[]): Error {
  if (e instanceof ProtocolViolation)
    return new Error(`expected a ProtocolViolation with code ${codes.join(" or ")}, but it threw one with code ${e.code}: ${e.message}`, { cause: e });
  const what = e instanceof Error ? `${e.name}: ${e.message}` : JSON.stringify(e);
  return new Error(`expected a ProtocolViolation, but it threw ${what}`, { cause: e });
}

/**
 * Runs `f` and returns the ProtocolViolation it throws; fails if it returns or throws anything
 * else (or a violation with another code, when codes are given: the result is then narrowed).
 */
export function violationOf<C extends ViolationCode = ViolationCode>(f: () => unknown, ...codes: readonly C[]): ViolationOf<C> {
  try {
    f();
  } catch (e) {
    if (isProtocolViolation(e, ...codes)) return e;
    throw notAViolation(e, codes);
  }
  throw new Error("expected a ProtocolViolation, but the call returned normally");
}

/**
 * Awaits `p` and returns the ProtocolViolation it rejects with; fails if it resolves or rejects
 * with anything else (or a violation with another code, when codes are given).
 */
export async function rejectedWith<C extends ViolationCode = ViolationCode>(p: Promise<unknown>, ...codes: readonly C[]): Promise<ViolationOf<C>> {
  try {
    await p;
  } catch (e) {
    if (isProtocolViolation(e, ...codes)) return e;
    throw notAViolation(e, codes);
  }
  throw new Error("expected a ProtocolViolation, but the call went through (the promise resolved)");
}

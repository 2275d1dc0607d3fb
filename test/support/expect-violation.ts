import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

function notAViolation(e: unknown): Error {
  const what = e instanceof Error ? `${e.name}: ${e.message}` : JSON.stringify(e);
  return new Error(`expected a ProtocolViolation, but it threw ${what}`, { cause: e });
}

/** Runs `f` and returns the ProtocolViolation it throws; fails if it returns or throws anything else. */
export function violationOf(f: () => unknown): ProtocolViolation {
  try {
    f();
  } catch (e) {
    if (e instanceof ProtocolViolation) return e;
    throw notAViolation(e);
  }
  throw new Error("expected a ProtocolViolation, but the call returned normally");
}

/** Awaits `p` and returns the ProtocolViolation it rejects with; fails if it resolves or rejects with anything else. */
export async function rejectedWith(p: Promise<unknown>): Promise<ProtocolViolation> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ProtocolViolation) return e;
    throw notAViolation(e);
  }
  throw new Error("expected a ProtocolViolation, but the call went through (the promise resolved)");
}

import { AsyncLocalStorage } from "node:async_hooks";
import type { ValidatedCall } from "../protocol/protocol.js";

/**
 * A tool body running for one validated call of a session (and, for decorated agents, on which
 * instance). The async context carries it into everything the body schedules; it counts as
 * running only while the session still has that call in flight (`session.activeCall`), so
 * continuations that run after the body settled (timers, `then` callbacks, event listeners)
 * find no frame and their calls are validated like any other.
 * @internal
 */
export interface ToolFrame {
  readonly session: { readonly activeCall: ValidatedCall | undefined };
  readonly tool: string;
  /** The validated call whose body runs in this frame. */
  readonly call: ValidatedCall;
  readonly instance?: object;
  /** Guarded wrappers already entered for this call (the body's own, then each `super` level). */
  readonly entered?: Function[];
}

const storage = new AsyncLocalStorage<ToolFrame>();

/** Runs `body(...args)` inside a frame (the arguments are passed, so callers need no closure). */
export function runInToolFrame<A extends unknown[], R>(frame: ToolFrame, body: (...args: A) => R, ...args: A): R {
  return storage.run(frame, body, ...args);
}

/** The tool body running in the current async context, if its call is still in flight. */
export function currentToolFrame(): ToolFrame | undefined {
  const f = storage.getStore();
  return f !== undefined && f.session.activeCall === f.call ? f : undefined;
}

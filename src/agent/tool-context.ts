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
  /** The guarded wrapper whose body runs in this frame (undefined: not a decorated method; no `super` level can join it). */
  readonly wrapper?: Function;
  /** Parent implementations (`super` levels) entered since the body started; made at the first one (most calls have none). */
  supers?: Function[];
}

const storage = new AsyncLocalStorage<ToolFrame>();

/** Runs `body(...args)` inside a frame (the arguments are passed, so callers need no closure). */
export function runInToolFrame<A extends unknown[], R>(frame: ToolFrame, body: (...args: A) => R, ...args: A): R {
  return storage.run(frame, body, ...args);
}

/**
 * Runs `impl.call(self, args)` inside a frame: a method body, with no array or closure per call.
 * Always through `AsyncLocalStorage.run` (a hand-made swap of the store on the current async
 * resource was measured: no gain outside the noise, and it rests on Node internals).
 */
export function runMethodInToolFrame(frame: ToolFrame, impl: Function, self: unknown, args: unknown): unknown {
  return storage.run(frame, callMethod, impl, self, args);
}

function callMethod(impl: Function, self: unknown, args: unknown): unknown {
  return impl.call(self, args);
}

/** The tool body running in the current async context, if its call is still in flight. */
export function currentToolFrame(): ToolFrame | undefined {
  const f = storage.getStore();
  return f !== undefined && f.session.activeCall === f.call ? f : undefined;
}

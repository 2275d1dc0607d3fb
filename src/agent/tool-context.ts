import { AsyncLocalStorage, executionAsyncResource } from "node:async_hooks";
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
 *
 * On Node versions whose `AsyncLocalStorage` keeps each context's store on the current async
 * resource (Node 20 and 22 without async context frames), this does exactly what `run` does
 * there (put the frame on the current resource under the storage's own key, call, restore the
 * previous value in `finally`) without `run`'s rest-argument array, its `getStore` shortcut and
 * `Reflect.apply`. The first call goes through `run` (which switches the storage on) and checks
 * that the key is the one `getStore` reads; anything else (another implementation, a check that
 * fails) keeps using `run`.
 */
export function runMethodInToolFrame(frame: ToolFrame, impl: Function, self: unknown, args: unknown): unknown {
  const key = resourceKey;
  if (key === undefined) return runMethodFirst(frame, impl, self, args);
  const resource = executionAsyncResource() as Record<symbol, unknown>;
  const previous = resource[key];
  resource[key] = frame;
  try {
    return impl.call(self, args);
  } finally {
    resource[key] = previous;
  }
}

/**
 * How frames are entered: `"resource"` (the store swapped on the current async resource, as `run`
 * does on this Node), `"run"` (`AsyncLocalStorage.run`), or `"unchecked"` before the first frame.
 * @internal (tests)
 */
export function toolFrameMechanism(): "resource" | "run" | "unchecked" {
  return resourceKey !== undefined ? "resource" : resourceKeyChecked ? "run" : "unchecked";
}

/** The key under which the storage keeps a store on an async resource, once checked; undefined until then (or for good). */
let resourceKey: symbol | undefined;
let resourceKeyChecked = false;

function runMethodFirst(frame: ToolFrame, impl: Function, self: unknown, args: unknown): unknown {
  if (!resourceKeyChecked) {
    resourceKeyChecked = true;
    storage.run(frame, checkResourceKey);
  }
  return storage.run(frame, callMethod, impl, self, args);
}

/** Inside `storage.run(frame, …)`: adopts the storage's resource key when swapping it is exactly what `run` does here. */
function checkResourceKey(): void {
  const key = (storage as unknown as { kResourceStore?: unknown }).kResourceStore;
  if (typeof key !== "symbol") return;
  const resource = executionAsyncResource() as Record<symbol, unknown> | undefined;
  if (resource === undefined || resource === null) return;
  const running = resource[key];
  if (running === undefined || running !== storage.getStore()) return;
  const probe = Object.freeze({}) as unknown as ToolFrame;
  resource[key] = probe;
  const seen = storage.getStore();
  resource[key] = running;
  if (seen === probe && storage.getStore() === running) resourceKey = key;
}

function callMethod(impl: Function, self: unknown, args: unknown): unknown {
  return impl.call(self, args);
}

/** The tool body running in the current async context, if its call is still in flight. */
export function currentToolFrame(): ToolFrame | undefined {
  const f = storage.getStore();
  return f !== undefined && f.session.activeCall === f.call ? f : undefined;
}

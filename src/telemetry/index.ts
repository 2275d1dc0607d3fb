/**
 * `concordat/opentelemetry`: sessions report the tool calls they validate, run and refuse as
 * OpenTelemetry spans, under the caller's active span (an AI SDK or OpenAI Agents trace shows
 * Concordat's decisions inside it). Needs `@opentelemetry/api` (an optional peer); the rest of
 * Concordat never loads it, and a session without an observer does no tracing work at all.
 *
 * @example
 * ```ts
 * import { instrumentSessions } from "concordat/opentelemetry";
 * instrumentSessions(); // every session created from now on reports to the global tracer provider
 * ```
 * @see https://github.com/concordat/concordat/blob/main/docs/opentelemetry.md
 */
import { setDefaultSessionObserver, type SessionObserver } from "../runtime/session-observer.js";
import { loadOptional } from "../util/optional-dependency.js";
import type { OpenTelemetryObserverOptions } from "./opentelemetry-observer.js";

export type { OpenTelemetryObserverOptions } from "./opentelemetry-observer.js";
export type { SessionObserver } from "../runtime/session-observer.js";
export { ATTR, CALL_STATUS, EVENT_CHECKED, TRACER_NAME } from "./attributes.js";

const loaded = await loadOptional(
  "@opentelemetry/api",
  "concordat/opentelemetry (session tracing)",
  "npm i @opentelemetry/api",
  () => import("./opentelemetry-observer.js"),
);

/**
 * An observer reporting a session's calls to OpenTelemetry (see `SessionOptions.observer`).
 *
 * @example
 * ```ts
 * const session = new Session(refundProtocol, { observer: openTelemetryObserver({ tracer }) });
 * ```
 * @param options The tracer (default: the global provider's `concordat` tracer) and whether to record arguments, results and refusal messages (default: off).
 * @returns The observer.
 */
export const openTelemetryObserver: (options?: OpenTelemetryObserverOptions) => SessionObserver = loaded.openTelemetryObserver;

/**
 * Makes every session created from now on report to OpenTelemetry (sessions whose options name
 * an `observer`, or `observer: null`, keep theirs). Returns a function that undoes it.
 *
 * @example
 * ```ts
 * const uninstall = instrumentSessions({ captureContent: false });
 * // ... sessions made by agents, adapters and guards are traced ...
 * uninstall();
 * ```
 * @param options As for {@link openTelemetryObserver}.
 * @returns A function that restores the observer that was the default before.
 */
export function instrumentSessions(options: OpenTelemetryObserverOptions = {}): () => void {
  const previous = setDefaultSessionObserver(openTelemetryObserver(options));
  return () => {
    setDefaultSessionObserver(previous);
  };
}

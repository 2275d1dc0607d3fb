import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from "@opentelemetry/api";
import { BUDGET_DIMENSIONS } from "../budget/budget-account.js";
import type { BudgetPolicy } from "../budget/budget-policy.js";
import type { ConfirmationPolicy } from "../confirmation/confirmation-policy.js";
import type { ValidatedCall } from "../protocol/protocol.js";
import type { AnyToolSpec } from "../protocol/types.js";
import type { SessionObserver } from "../runtime/session-observer.js";
import type { ExecutionRecord, Session } from "../runtime/session.js";
import { isProtocolViolation, type ProtocolViolation } from "../violation/protocol-violation.js";
import { ATTR, CALL_STATUS, EVENT_CHECKED, TRACER_NAME, snakeCase } from "./attributes.js";

/** Options of {@link openTelemetryObserver}. */
export interface OpenTelemetryObserverOptions {
  /**
   * The tracer spans are made with.
   * @default `trace.getTracer("concordat")` (the globally registered provider's)
   */
  readonly tracer?: Tracer;
  /**
   * Record tool arguments (`gen_ai.tool.call.arguments`), results (`gen_ai.tool.call.result`)
   * and refusal messages (`concordat.violation.message`, which may quote arguments). Off by
   * default, as the GenAI conventions ask: they may hold personal data.
   * @default `process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT === "true"`
   */
  readonly captureContent?: boolean;
}

/**
 * A session observer that reports to OpenTelemetry, following the GenAI semantic conventions
 * for tool execution where they apply:
 *
 * - every call a session runs (or validates for a caller that runs it) is an `INTERNAL` span
 *   `execute_tool {tool}` with `gen_ai.operation.name = "execute_tool"`, `gen_ai.tool.name`,
 *   `gen_ai.tool.call.id`, `gen_ai.tool.type = "function"`, `gen_ai.tool.description`,
 *   `gen_ai.conversation.id` (the session id), and Concordat's decision: `concordat.protocol`,
 *   `concordat.state.before` / `.after`, `concordat.tool.effect`, `concordat.tool.outcome`,
 *   `concordat.call.status` (`executed` / `refused` / `failed`), `concordat.grant.id` and
 *   `concordat.grant.action_id` for a confirmed write, and the run budget's use
 *   (`concordat.budget.tool_calls.used` / `.limit`, ... for each limited dimension);
 * - the span starts under the caller's active span and is the active span while the tool's
 *   implementation runs, so the tool's own spans nest under it;
 * - a refused call is such a span too, ended at once with status `ERROR`, `error.type` and
 *   `concordat.violation.code` set to the violation code, and `concordat.allowed_tools`;
 *   a refusal that concerns no tool (a model call over budget) is a span `concordat.refusal`;
 * - a call validated without running (`session.check`) is an event
 *   `concordat.tool_call.checked` on the active span.
 *
 * @example
 * ```ts
 * import { openTelemetryObserver } from "concordat/opentelemetry";
 * const session = new Session(refundProtocol, { observer: openTelemetryObserver() });
 * ```
 * @param options Tracer and content capture.
 * @returns The observer, for `SessionOptions.observer` or `setDefaultSessionObserver`.
 * @see instrumentSessions to report every new session.
 */
export function openTelemetryObserver(options: OpenTelemetryObserverOptions = {}): SessionObserver {
  return new OpenTelemetryObserver(
    options.tracer ?? trace.getTracer(TRACER_NAME),
    options.captureContent ?? process.env["OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"] === "true",
  );
}

/** The span of each claimed call, until its result is applied or refused. */
type OpenSpans = WeakMap<ValidatedCall, Span>;

class OpenTelemetryObserver implements SessionObserver {
  readonly #spans: OpenSpans = new WeakMap();

  constructor(
    readonly tracer: Tracer,
    readonly captureContent: boolean,
  ) {}

  callValidated(session: Session<any>, call: ValidatedCall, from: string): void {
    guarded(() => {
      const attributes = this.#callAttributes(session, call.name, call.id, from);
      const grant = (session.policy("confirmation") as ConfirmationPolicy | undefined)?.grantUsedBy(call);
      if (grant) {
        attributes[ATTR.grantId] = grant.nonce;
        attributes[ATTR.grantActionId] = grant.actionId;
      }
      if (this.captureContent) attributes[ATTR.toolArguments] = json(call.arguments);
      this.#spans.set(call, this.tracer.startSpan(`execute_tool ${call.name}`, { kind: SpanKind.INTERNAL, attributes }, context.active()));
    });
  }

  runCall<T>(call: ValidatedCall, body: () => T): T {
    const span = this.#spans.get(call);
    return span === undefined ? body() : context.with(trace.setSpan(context.active(), span), body);
  }

  callChecked(session: Session<any>, call: ValidatedCall): void {
    guarded(() => {
      trace.getActiveSpan()?.addEvent(EVENT_CHECKED, {
        [ATTR.toolName]: call.name,
        ...(call.id !== undefined ? { [ATTR.toolCallId]: call.id } : {}),
        [ATTR.protocol]: session.protocol.name,
        [ATTR.stateBefore]: String(session.state),
        [ATTR.callStatus]: CALL_STATUS.allowed,
      });
    });
  }

  callAdvanced(session: Session<any>, record: ExecutionRecord): void {
    guarded(() => {
      const span = this.#take(record.call);
      if (span === undefined) return;
      span.setAttributes({ [ATTR.outcome]: record.outcome, [ATTR.stateAfter]: record.to, [ATTR.callStatus]: CALL_STATUS.executed, ...budgetUse(session) });
      if (record.result.ok) {
        if (this.captureContent) span.setAttribute(ATTR.toolResult, json(record.result.value));
      } else {
        // the tool threw, and the protocol maps the error to an outcome: the call ran and ended in an error
        failSpan(span, record.result.error, errorType(record.result.error));
      }
      span.end();
    });
  }

  callFailed(session: Session<any>, call: ValidatedCall, error: unknown): void {
    guarded(() => {
      const span = this.#take(call);
      if (span === undefined) return;
      span.setAttributes({ [ATTR.stateAfter]: String(session.state), [ATTR.callStatus]: CALL_STATUS.failed, ...budgetUse(session) });
      failSpan(span, error, errorType(error));
      span.end();
    });
  }

  refused(session: Session<any>, violation: ProtocolViolation, call: ValidatedCall | undefined): void {
    guarded(() => {
      const open = call === undefined ? undefined : this.#take(call);
      const state = violation.state ?? String(session.state);
      const span =
        open ??
        (violation.tool !== undefined
          ? this.tracer.startSpan(
              `execute_tool ${violation.tool}`,
              { kind: SpanKind.INTERNAL, attributes: this.#callAttributes(session, violation.tool, undefined, state) },
              context.active(),
            )
          : this.tracer.startSpan(
              "concordat.refusal",
              { kind: SpanKind.INTERNAL, attributes: { [ATTR.conversationId]: session.id, [ATTR.protocol]: session.protocol.name, [ATTR.stateBefore]: state } },
              context.active(),
            ));
      const attributes: Attributes = {
        [ATTR.callStatus]: CALL_STATUS.refused,
        [ATTR.violationCode]: violation.code,
        [ATTR.allowedTools]: [...violation.allowedTools],
        [ATTR.stateAfter]: String(session.state),
        ...budgetUse(session),
      };
      const nonce = (violation.data as { nonce?: unknown } | undefined)?.nonce;
      if (typeof nonce === "string") attributes[ATTR.grantId] = nonce;
      if (this.captureContent) {
        attributes[ATTR.violationMessage] = violation.message;
        if (open === undefined && violation.arguments !== undefined) attributes[ATTR.toolArguments] = json(violation.arguments);
      }
      span.setAttributes(attributes);
      failSpan(span, undefined, violation.code, `${violation.code}: refused by protocol "${violation.protocol ?? session.protocol.name}" in state "${state}"`);
      span.addEvent("concordat.refused", { [ATTR.violationCode]: violation.code });
      span.end();
    });
  }

  capture(): unknown {
    return context.active();
  }

  within<T>(captured: unknown, body: () => T): T {
    return context.with(captured as Context, body);
  }

  /** The attributes a tool call's span starts with (what sampling may read). */
  #callAttributes(session: Session<any>, tool: string, callId: string | undefined, from: string): Attributes {
    const spec = (session.protocol.tools as Record<string, AnyToolSpec | undefined>)[tool];
    const known = spec !== undefined && Object.prototype.hasOwnProperty.call(session.protocol.tools, tool);
    return {
      [ATTR.operationName]: "execute_tool",
      [ATTR.toolName]: tool,
      [ATTR.toolType]: "function",
      ...(callId !== undefined ? { [ATTR.toolCallId]: callId } : {}),
      ...(known && spec.description ? { [ATTR.toolDescription]: spec.description } : {}),
      [ATTR.conversationId]: session.id,
      [ATTR.protocol]: session.protocol.name,
      [ATTR.stateBefore]: from,
      ...(known ? { [ATTR.toolEffect]: spec.effect } : {}),
    };
  }

  #take(call: ValidatedCall): Span | undefined {
    const span = this.#spans.get(call);
    if (span !== undefined) this.#spans.delete(call);
    return span;
  }
}

/** The run budget's use after the call, for each dimension with a limit. */
function budgetUse(session: Session<any>): Attributes {
  const account = (session.policy("budget") as BudgetPolicy | undefined)?.account;
  if (account === undefined) return {};
  const out: Attributes = {};
  for (const d of BUDGET_DIMENSIONS) {
    const limit = account.limit(d);
    if (limit === Number.POSITIVE_INFINITY) continue;
    out[`concordat.budget.${snakeCase(d)}.used`] = account.used(d);
    out[`concordat.budget.${snakeCase(d)}.limit`] = limit;
  }
  return out;
}

function failSpan(span: Span, error: unknown, type: string, message?: string): void {
  span.setAttribute(ATTR.errorType, type);
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: message ?? (error instanceof Error ? `${error.name}: ${type}` : type) });
}

/** A low-cardinality name for an error: the violation code, or the error's class name. */
function errorType(error: unknown): string {
  if (isProtocolViolation(error)) return error.code;
  if (error instanceof Error) return error.name || "Error";
  return "_OTHER";
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "[unserializable]";
  }
}

/** Tracing never changes what the session decides: an observer error is dropped. */
function guarded(body: () => void): void {
  try {
    body();
  } catch {
    // the OpenTelemetry API does not throw; a broken exporter or attribute must not break the call
  }
}

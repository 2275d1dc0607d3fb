import { currentToolFrame, runMethodInToolFrame, type ToolFrame } from "../src/agent/tool-context.js";
import { canonicallyEqual } from "../src/confirmation/canonical-json.js";
import type { ValidatedCall } from "../src/protocol/protocol.js";
import type { ToolCall } from "../src/protocol/types.js";
import type { ExecutionRecord, Session } from "../src/runtime/session.js";
import { ProtocolViolation } from "../src/violation/protocol-violation.js";
import { infoFor } from "./class-info.js";
import { instanceRecordOf, sessionOfRecord } from "./instance-session.js";
import { protocolRefines, type AnyProtocol } from "./registry.js";

/** What a guarded wrapper runs, kept where only this module can read it. */
interface WrapperInfo {
  readonly tool: string;
  readonly impl: Function;
  /** The protocol of the class the body belongs to (undefined: a class with no decorated ancestor). */
  protocol: AnyProtocol | undefined;
}

const wrappers = new WeakMap<Function, WrapperInfo>();

/**
 * Wraps a tool method so that every call goes through the instance's session: validate
 * (protocol, guards, confirmation, budget policies) → run the body → advance the state.
 * A refused call rejects with `ProtocolViolation` and the body never runs.
 *
 * - A call takes one arguments object (validated and parsed by the tool's zod schema before the
 *   body sees it); none means `{}`. A second argument is refused (`invalid_arguments`), never
 *   passed on.
 * - The body is bound to the protocol of its class: it runs only on a session whose protocol is
 *   that protocol or one checked to refine it.
 * - While the body of a call runs (until its promise settles), calling the same tool on the
 *   same instance through a parent implementation (`super.issueRefund(args)`) runs that
 *   implementation directly, as part of the call already validated: each level at most once,
 *   with arguments equal to the validated ones. Any other call of the session from inside the
 *   body is refused (`tool_not_allowed`); a call made after the body settled (a timer, a
 *   `then` callback) is validated like any other.
 * @internal
 */
export function makeGuardedWrapper(tool: string, impl: Function, protocol: AnyProtocol | undefined): Function {
  const info: WrapperInfo = { tool, impl, protocol };
  const wrapper = function (this: unknown, args?: unknown): Promise<unknown> {
    if (arguments.length > 1) {
      for (let i = 1; i < arguments.length; i++) if (arguments[i] !== undefined) return refuseExtraArguments(this, info, arguments.length - 1, args);
    }
    return invokeGuarded(this, wrapper, info, args);
  };
  Object.defineProperty(wrapper, "name", { value: impl.name, configurable: true });
  wrappers.set(wrapper, info);
  return wrapper;
}

export function isGuardedWrapper(fn: unknown): boolean {
  return typeof fn === "function" && wrappers.has(fn);
}

/** The tool a guarded wrapper implements. */
export function guardedToolOf(fn: unknown): string | undefined {
  return typeof fn === "function" ? wrappers.get(fn)?.tool : undefined;
}

/**
 * Binds a wrapper to the protocol of the class that owns it. Only tightening is possible: an
 * unbound wrapper, or one bound to a protocol the new one was checked to refine.
 */
export function bindGuardedWrapper(fn: Function, protocol: AnyProtocol): void {
  const info = wrappers.get(fn);
  if (!info) return;
  if (info.protocol === undefined || protocolRefines(protocol, info.protocol)) info.protocol = protocol;
}

function invokeGuarded(self: unknown, wrapper: Function, info: WrapperInfo, args: unknown): Promise<unknown> {
  let session: Session<any>;
  try {
    session = sessionOfRecord(self, instanceRecordOf(self));
    checkBinding(session, info);
  } catch (e) {
    return Promise.reject(e);
  }
  // A frame counts only while its session runs its call, so a session with no call running
  // (the common case) has no frame to look for.
  if (session.activeCall !== undefined) {
    const frame = currentToolFrame();
    if (frame !== undefined && frame.session === session) return nested(frame, session, self as object, wrapper, info, args);
  }
  const call: ToolCall = { name: info.tool, arguments: args === undefined ? {} : args };
  return session.execute(call, (parsed: unknown, validated: ValidatedCall) =>
    runMethodInToolFrame({ session, tool: info.tool, call: validated, instance: self as object, wrapper, supers: undefined }, info.impl, self, parsed),
  );
}

/**
 * Runs the guarded method of `instance` implementing `call.name` (the agent loop's path): the
 * session validates the call first, exactly as for a direct call. `started` is called when the
 * body starts (a refusal never calls it).
 * @internal
 */
export function runGuardedCall(instance: object, call: ToolCall, started: () => void): Promise<ExecutionRecord> {
  let session: Session<any>;
  let wrapper: Function;
  let info: WrapperInfo;
  try {
    const rec = instanceRecordOf(instance);
    session = sessionOfRecord(instance, rec);
    const key = infoFor(rec.cls)?.implementations.get(call.name);
    // the class's own method (an own property of the instance cannot stand in for it)
    const fn = key === undefined ? undefined : (rec.cls.prototype as Record<PropertyKey, unknown>)[key as string];
    const found = typeof fn === "function" ? wrappers.get(fn) : undefined;
    if (!found || found.tool !== call.name) {
      throw session.reject(
        new ProtocolViolation({
          code: "unknown_tool",
          message: `${rec.cls.name} has no guarded method implementing "${call.name}".`,
          protocol: session.protocol.name,
          state: session.state as string,
          tool: call.name,
          arguments: call.arguments,
          hint: "Call one of the offered tools.",
        }),
      );
    }
    wrapper = fn as Function;
    info = found;
    checkBinding(session, info);
  } catch (e) {
    return Promise.reject(e);
  }
  return session.run(call, (parsed: unknown, validated: ValidatedCall) => {
    started();
    return runMethodInToolFrame({ session, tool: info.tool, call: validated, instance, wrapper, supers: undefined }, info.impl, instance, parsed);
  });
}

/**
 * The body of a class bound to protocol P runs only on sessions of P or of a protocol checked to
 * refine P, and (checked here as well, whatever the refinement check covers) one that keeps the
 * tool a write when P says so and still requires the user's confirmation when P does.
 */
function checkBinding(session: Session<any>, info: WrapperInfo): void {
  const bound = info.protocol;
  if (bound === undefined || session.protocol === bound) return;
  if (protocolRefines(session.protocol, bound)) {
    const mine = bound.tools[info.tool] as { effect?: string; requiresConfirmation?: boolean } | undefined;
    const theirs = session.protocol.tools[info.tool] as { effect?: string; requiresConfirmation?: boolean } | undefined;
    const weaker =
      mine !== undefined &&
      (theirs === undefined ||
        (mine.effect === "write" && theirs.effect !== "write") ||
        (mine.requiresConfirmation === true && theirs.requiresConfirmation !== true));
    if (!weaker) return;
  }
  throw session.reject(
    new ProtocolViolation({
      code: "protocol_weakened",
      message: `"${info.tool}" belongs to a class enforcing protocol "${bound.name}", but this instance runs protocol "${session.protocol.name}", which does not refine it for this tool (not checked to refine it, or the tool lost its write effect or its confirmation); the body cannot run under it.`,
      protocol: session.protocol.name,
      state: session.state as string,
      tool: info.tool,
      data: { boundProtocol: bound.name },
      hint: `Call the method on an instance of a class decorated with "${bound.name}" (or a protocol refining it).`,
    }),
  );
}

/** A call of the session made while one of its bodies runs. */
function nested(frame: ToolFrame, session: Session<any>, self: object, wrapper: Function, info: WrapperInfo, args: unknown): Promise<unknown> {
  const superCall =
    frame.instance === self &&
    frame.tool === info.tool &&
    frame.wrapper !== undefined &&
    frame.wrapper !== wrapper &&
    frame.supers?.includes(wrapper) !== true &&
    inChainOf(self, wrapper);
  if (!superCall) {
    const again = frame.instance === self && frame.tool === info.tool;
    return Promise.reject(
      session.reject(
        new ProtocolViolation({
          code: "tool_not_allowed",
          message: again
            ? `"${info.tool}" was called again from inside its own running body; a validated call runs each implementation once (only a parent implementation may be called, with super).`
            : `"${info.tool}" was called from inside the body of "${frame.tool}" on the same session; a tool cannot run while another tool of its session is still running.`,
          protocol: session.protocol.name,
          state: session.state as string,
          tool: info.tool,
          arguments: args,
          allowedTools: [],
          hint: again
            ? `Call "${info.tool}" again after this call returned, as a new call.`
            : `Return from "${frame.tool}" first, then call "${info.tool}" from the agent (or from a method that is not a tool).`,
        }),
      ),
    );
  }
  const validated = frame.call.arguments;
  if (args !== validated && !canonicallyEqual(args ?? {}, validated)) {
    return Promise.reject(
      session.reject(
        new ProtocolViolation({
          code: "invalid_arguments",
          message: `super.${String(info.impl.name || info.tool)}(…) inside "${info.tool}" was given other arguments than the ones validated for this call; a parent implementation runs only with the validated arguments.`,
          protocol: session.protocol.name,
          state: session.state as string,
          tool: info.tool,
          arguments: args,
          hint: "Pass the arguments your method received on to super unchanged, or make a new call after this one returns.",
        }),
      ),
    );
  }
  (frame.supers ??= []).push(wrapper);
  try {
    return Promise.resolve(info.impl.call(self, validated));
  } catch (e) {
    return Promise.reject(e);
  }
}

/** Whether `wrapper` is a method of some prototype in the instance's chain (a `super` level). */
function inChainOf(self: object, wrapper: Function): boolean {
  for (let p = Object.getPrototypeOf(self) as object | null; p !== null; p = Object.getPrototypeOf(p) as object | null) {
    for (const k of Reflect.ownKeys(p)) {
      const d = Object.getOwnPropertyDescriptor(p, k);
      if (d && d.value === wrapper) return true;
    }
  }
  return false;
}

function refuseExtraArguments(self: unknown, info: WrapperInfo, extra: number, args: unknown): Promise<never> {
  const violation = new ProtocolViolation({
    code: "invalid_arguments",
    message: `"${info.tool}" takes one arguments object; it was called with ${extra} more argument${extra === 1 ? "" : "s"}, which would reach the body unvalidated.`,
    tool: info.tool,
    arguments: args,
    data: { extraArguments: extra },
    hint: `Put everything in the one arguments object the tool's schema describes: ${info.tool}({ … }).`,
  });
  try {
    return Promise.reject(sessionOfRecord(self, instanceRecordOf(self)).reject(violation));
  } catch {
    return Promise.reject(violation);
  }
}

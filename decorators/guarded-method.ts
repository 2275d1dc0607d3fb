import { currentToolFrame, runInToolFrame } from "../src/agent/tool-context.js";
import { ProtocolViolation } from "../src/violation/protocol-violation.js";
import { GUARDED, type WrapperInfo } from "./registry.js";
import { sessionOf } from "./instance-session.js";

/**
 * Wraps a tool method so that every call goes through the instance's session: validate
 * (protocol, guards, confirmation, budget policies) → run the body → advance the state.
 * A refused call throws `ProtocolViolation` (as a rejected promise) and the body never runs.
 *
 * The first argument is the tool's arguments object (validated and parsed by the tool's zod
 * schema before the body sees it); no argument means `{}`. Guarded methods always return a
 * promise, because calls on one session run one at a time.
 *
 * Inside a tool body, calling the same tool on the same instance (`super.issueRefund(args)`
 * from an override) runs the parent body directly: it is part of the call already validated.
 * Calling a different tool of the same session from inside a tool body is refused
 * (`tool_not_allowed`): it could not be validated against a settled state.
 */
export function makeGuardedWrapper(tool: string, impl: Function): Function {
  const wrapper = function (this: unknown, ...args: unknown[]): Promise<unknown> {
    return invokeGuarded(this, tool, impl, args);
  };
  Object.defineProperty(wrapper, "name", { value: impl.name, configurable: true });
  (wrapper as unknown as Record<symbol, WrapperInfo>)[GUARDED] = { tool, impl };
  return wrapper;
}

function wrapperInfo(fn: unknown): WrapperInfo | undefined {
  return typeof fn === "function" && Object.prototype.hasOwnProperty.call(fn, GUARDED) ? (fn as unknown as Record<symbol, WrapperInfo>)[GUARDED] : undefined;
}

export function isGuardedWrapper(fn: unknown): boolean {
  return wrapperInfo(fn) !== undefined;
}

/** The method body behind a guarded wrapper (the function itself when it is not one). */
export function unwrapGuarded(fn: Function): Function {
  return wrapperInfo(fn)?.impl ?? fn;
}

function invokeGuarded(self: unknown, tool: string, impl: Function, args: unknown[]): Promise<unknown> {
  const frame = currentToolFrame();
  if (frame !== undefined && frame.instance === self && frame.tool === tool) {
    return Promise.resolve().then(() => impl.apply(self, args));
  }
  let session;
  try {
    session = sessionOf(self as object);
  } catch (e) {
    return Promise.reject(e);
  }
  if (frame !== undefined && frame.session === session) {
    return Promise.reject(
      session.reject(
        new ProtocolViolation({
          code: "tool_not_allowed",
          message: `"${tool}" was called from inside the body of "${frame.tool}" on the same session; a tool cannot run while another tool of its session is still running.`,
          protocol: session.protocol.name,
          state: session.state as string,
          tool,
          arguments: args[0],
          allowedTools: [],
          hint: `Return from "${frame.tool}" first, then call "${tool}" from the agent (or from a method that is not a tool).`,
        }),
      ),
    );
  }
  const rest = args.slice(1);
  const call = { name: tool, arguments: args.length === 0 || args[0] === undefined ? {} : args[0] };
  const instance = self as object;
  return session.execute(call, (parsed) => runInToolFrame({ session, tool, instance }, () => impl.call(instance, parsed, ...rest)));
}

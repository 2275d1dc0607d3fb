import type { ToolDefinition } from "../src/protocol/types.js";
import { Session, type SessionOptions } from "../src/runtime/session.js";
import { infoFor } from "./class-info.js";
import { registry, type AnyProtocol } from "./registry.js";

/**
 * Sessions of decorated instances. Each instance owns a session, created on first use with
 * the class's effective protocol; `attachSession` gives it an existing one instead (restored
 * from a store, shared with an outer loop, or configured with policies and a violation log).
 */
export function sessionOf<P extends AnyProtocol = AnyProtocol>(instance: object): Session<P> {
  const reg = registry();
  const existing = reg.sessions.get(instance);
  if (existing) return existing as Session<P>;
  const protocol = protocolOfInstance(instance);
  const s = new Session(protocol, reg.sessionOptions.get(instance) ?? {});
  reg.sessions.set(instance, s);
  return s as Session<P>;
}

/**
 * Makes `instance` run its guarded methods through `session` from now on. The session must
 * be of the instance's protocol (the same `Protocol` object). Replaces any session the
 * instance had; returns the instance.
 */
export function attachSession<T extends object>(instance: T, session: Session<any>): T {
  const protocol = protocolOfInstance(instance);
  if (!(session instanceof Session)) throw new TypeError(`attachSession(${describe(instance)}, session): session must be a Session, got ${describe(session)}.`);
  if (session.protocol !== protocol) {
    throw new TypeError(
      `attachSession(${describe(instance)}, session): the session runs protocol "${session.protocol.name}", but ${instance.constructor.name} enforces protocol "${protocol.name}". Fix: create the session with the class's protocol (new Session(protocolOf(${instance.constructor.name}))).`,
    );
  }
  registry().sessions.set(instance, session);
  return instance;
}

/** Options for the session the instance creates on first use (log, policies, id). Must be called before that. */
export function configureSession<T extends object>(instance: T, options: SessionOptions): T {
  protocolOfInstance(instance);
  if (registry().sessions.has(instance)) throw new Error(`configureSession(${describe(instance)}): the instance already has a session; configure it before the first tool call, or use attachSession.`);
  registry().sessionOptions.set(instance, options);
  return instance;
}

/** Tool definitions (JSON Schema parameters) the instance may call in its current state. */
export function availableTools(instance: object): ToolDefinition[] {
  return sessionOf(instance).toolsForModel();
}

/** The effective protocol of a decorated class (or undefined when none is in its chain). */
export function protocolOf(cls: Function): AnyProtocol | undefined {
  return infoFor(cls)?.protocol;
}

function protocolOfInstance(instance: object): AnyProtocol {
  const ctor = instance === null || (typeof instance !== "object" && typeof instance !== "function") ? undefined : (instance as { constructor?: unknown }).constructor;
  const info = typeof ctor === "function" ? infoFor(ctor) : undefined;
  if (!info) {
    throw new TypeError(`${describe(instance)} is not an instance of a class decorated with @enforce(protocol) (or @protocol.enforce), so it has no protocol session. Fix: decorate the class, or call the method on such an instance.`);
  }
  return info.protocol;
}

function describe(x: unknown): string {
  if (x === null) return "null";
  if (typeof x === "object") return (x as object).constructor?.name ? `a ${(x as object).constructor.name}` : "an object";
  return typeof x === "function" ? `function ${(x as Function).name}` : JSON.stringify(x) ?? String(x);
}

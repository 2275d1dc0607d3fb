import type { ToolDefinition } from "../src/protocol/types.js";
import { Session, type SessionOptions } from "../src/runtime/session.js";
import { infoFor } from "./class-info.js";
import type { AnyProtocol } from "./registry.js";
import { ConfigurationError } from "../src/errors/configuration-error.js";

/**
 * Sessions of decorated instances. An instance is known here only if a decorated class's
 * constructor built it: its protocol is fixed then, from the class it was constructed as
 * (`new.target`), not from its `constructor` property or its prototype later. A copy
 * (`Object.create(agent)`, a `Proxy`, `structuredClone`) or an object given a decorated
 * prototype is not an instance and cannot run tools. Records live in a module-private WeakMap.
 */
interface InstanceRecord {
  readonly cls: Function;
  readonly protocol: AnyProtocol;
  session?: Session<any>;
  options?: SessionOptions;
}

const instances = new WeakMap<object, InstanceRecord>();

/** @internal Records `self` as constructed by `newTarget` (once; the first record wins). */
export function register(self: object, newTarget: Function): void {
  if (instances.has(self)) return;
  const info = infoFor(newTarget);
  // every key its own property: a polluted Object.prototype.session cannot stand in for the session
  if (info) instances.set(self, { cls: newTarget, protocol: info.protocol, session: undefined, options: undefined });
}

/**
 * A base class that records each instance as constructed by its class before any subclass
 * constructor runs (so `Agent`'s constructor can attach a session). Safe to extend: it only
 * ever records the object being constructed, as the class being constructed.
 * @internal
 */
export class ConstructedInstance {
  constructor() {
    register(this, new.target);
  }
}

/** @internal The record of a constructed instance; a clear `TypeError` for anything else. */
export function instanceRecordOf(instance: unknown): InstanceRecord {
  const rec = typeof instance === "object" && instance !== null ? instances.get(instance) : undefined;
  if (rec) return rec;
  const ctor =
    instance === null || (typeof instance !== "object" && typeof instance !== "function") ? undefined : (instance as { constructor?: unknown }).constructor;
  const decorated = typeof ctor === "function" && infoFor(ctor) !== undefined;
  throw new TypeError(
    decorated
      ? `${describe(instance)} was not constructed by its decorated class (a copy made with Object.create, a Proxy, or an object given the class's prototype), so it has no protocol session and cannot run tools. Fix: call the method on the instance itself (new ${(ctor as Function).name}(…)).`
      : `${describe(instance)} is not an instance of a class decorated with @enforce(protocol) (or @protocol.enforce), so it has no protocol session. Fix: decorate the class, or call the method on such an instance.`,
  );
}

/** @internal The instance's session, created on first use. */
export function sessionOfRecord(instance: unknown, rec: InstanceRecord): Session<any> {
  return (rec.session ??= new Session(rec.protocol, rec.options ?? {}));
}

/**
 * The session of a decorated instance (created on first use with the class's effective protocol).
 * @throws TypeError when `instance` was not constructed by a decorated class.
 */
export function sessionOf<P extends AnyProtocol = AnyProtocol>(instance: object): Session<P> {
  return sessionOfRecord(instance, instanceRecordOf(instance)) as Session<P>;
}

/**
 * Makes `instance` run its guarded methods through `session` from now on. The session must
 * be of the instance's protocol (the same `Protocol` object). Replaces any session the
 * instance had; returns the instance.
 * @throws TypeError for another protocol's session, something that is not a `Session`, or an object not constructed by a decorated class.
 */
export function attachSession<T extends object>(instance: T, session: Session<any>): T {
  const rec = instanceRecordOf(instance);
  if (!(session instanceof Session)) throw new TypeError(`attachSession(${describe(instance)}, session): session must be a Session, got ${describe(session)}.`);
  if (session.protocol !== rec.protocol) {
    throw new TypeError(
      `attachSession(${describe(instance)}, session): the session runs protocol "${session.protocol.name}", but ${rec.cls.name} enforces protocol "${rec.protocol.name}". Fix: create the session with the class's protocol (new Session(protocolOf(${rec.cls.name}))).`,
    );
  }
  rec.session = session;
  return instance;
}

/** Options for the session the instance creates on first use (log, policies, id). Must be called before that. */
export function configureSession<T extends object>(instance: T, options: SessionOptions): T {
  const rec = instanceRecordOf(instance);
  if (rec.session)
    throw new ConfigurationError(
      "session_already_set",
      `configureSession(${describe(instance)}): the instance already has a session. Fix: configure it before the first tool call, or use attachSession.`,
    );
  rec.options = options;
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

function describe(x: unknown): string {
  if (x === null) return "null";
  if (typeof x === "object") return (x as object).constructor?.name ? `a ${(x as object).constructor.name}` : "an object";
  return typeof x === "function" ? `function ${(x as Function).name}` : (JSON.stringify(x) ?? String(x));
}

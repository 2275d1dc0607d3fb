import type { Protocol } from "../src/protocol/protocol.js";
import type { Session, SessionOptions } from "../src/runtime/session.js";

/**
 * One registry of decorator metadata for the whole process. It is pinned on `globalThis`
 * under a registry symbol, so two copies of the package (e.g. one bundled, one from
 * node_modules) read and write the same records.
 */
export const REGISTRY_SYMBOL = Symbol.for("concordat.registry");

/** Keys used in TC39 decorator metadata (`context.metadata`). */
export const METADATA_TOOLS = Symbol.for("concordat.metadata.tools");
export const METADATA_PROTOCOL = Symbol.for("concordat.metadata.protocol");

/** Keys mirrored through reflect-metadata, for tools that read it. */
export const REFLECT_PROTOCOL_KEY = "concordat:protocol";
export const REFLECT_TOOLS_KEY = "concordat:tools";
export const REFLECT_TOOL_KEY = "concordat:tool";

export type AnyProtocol = Protocol<any, any, any>;

/** What the decorators recorded about one class. */
export interface ClassRecord {
  /** The protocol of this class's own `@enforce` decorator. */
  protocol?: AnyProtocol;
  /** For the class `@enforce` returns: the class the user wrote. */
  original?: Function;
  /** For the class the user wrote: the class `@enforce` returned. */
  enforced?: Function;
  /** Own `@tool` methods: method key → tool name (legacy mode records here; TC39 in metadata). */
  readonly tools: Map<PropertyKey, string>;
  /** The name of the class the user decorated (for messages about its subclasses). */
  className?: string;
  /** Views computed from the records (cached here to keep one registry entry per class). */
  chain?: { readonly methods: ReadonlyMap<PropertyKey, string>; readonly implementations: ReadonlyMap<string, PropertyKey> };
  info?: ClassInfo;
  prepared?: boolean;
}

/** The effective view of a class: its protocol and which methods implement which tools. */
export interface ClassInfo {
  readonly protocol: AnyProtocol;
  /** The nearest class in the chain carrying `@enforce` (the class the decorator returned). */
  readonly decorated: Function;
  /** The class the user wrote under that decorator. */
  readonly original: Function;
  /** Method key → tool name, for every guarded method. */
  readonly methods: ReadonlyMap<PropertyKey, string>;
  /** Tool name → method key implementing it (the most derived one). */
  readonly implementations: ReadonlyMap<string, PropertyKey>;
}

export interface WrapperInfo {
  readonly tool: string;
  readonly impl: Function;
}

/** Marks a guarded wrapper function (a registry symbol, so every copy of the package recognises it). */
export const GUARDED = Symbol.for("concordat.guarded");

export function derivedOf(cls: Function): DerivedState {
  return ensureRecord(cls);
}

/** Views computed from the records, cached on the class's record. */
export type DerivedState = Pick<ClassRecord, "chain" | "info" | "prepared">;

export interface GlobalRegistry {
  readonly version: 1;
  readonly classes: WeakMap<Function, ClassRecord>;

  readonly sessions: WeakMap<object, Session<any>>;
  readonly sessionOptions: WeakMap<object, SessionOptions>;
  /** Class decorators evaluated but not applied yet (TC39 evaluates them before member decorators). */
  readonly pendingClassDecorators: Set<symbol>;
}

export function registry(): GlobalRegistry {
  const g = globalThis as Record<symbol, unknown>;
  let r = g[REGISTRY_SYMBOL] as GlobalRegistry | undefined;
  if (!r) {
    r = {
      version: 1,
      classes: new WeakMap(),

      sessions: new WeakMap(),
      sessionOptions: new WeakMap(),
      pendingClassDecorators: new Set(),
    };
    Object.defineProperty(g, REGISTRY_SYMBOL, { value: r, enumerable: false, configurable: false, writable: false });
  }
  return r;
}

export function recordOf(cls: Function): ClassRecord | undefined {
  return registry().classes.get(cls);
}

export function ensureRecord(cls: Function): ClassRecord {
  const reg = registry();
  let r = reg.classes.get(cls);
  if (!r) {
    r = { tools: new Map() };
    reg.classes.set(cls, r);
  }
  return r;
}

/** Own `@tool` methods of a class, from both the registry (legacy) and TC39 metadata. */
export function ownTools(cls: Function): Map<PropertyKey, string> {
  const out = new Map<PropertyKey, string>(recordOf(cls)?.tools ?? []);
  const metaKey = (Symbol as { metadata?: symbol }).metadata;
  if (metaKey !== undefined && Object.prototype.hasOwnProperty.call(cls, metaKey)) {
    const meta = (cls as unknown as Record<symbol, unknown>)[metaKey] as Record<symbol, unknown> | null | undefined;
    if (meta && Object.prototype.hasOwnProperty.call(meta, METADATA_TOOLS)) {
      for (const [k, v] of Object.entries(meta[METADATA_TOOLS] as Record<string, string>)) out.set(k, v);
    }
  }
  return out;
}

/** The nearest own `@enforce` protocol in the class chain, starting at `cls`. */
export function nearestDecorated(cls: Function): { cls: Function; record: ClassRecord & { protocol: AnyProtocol } } | undefined {
  for (let c: unknown = cls; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const r = recordOf(c as Function);
    if (r?.protocol) return { cls: c as Function, record: r as ClassRecord & { protocol: AnyProtocol } };
  }
  return undefined;
}

type ReflectWithMetadata = typeof Reflect & {
  defineMetadata?: (key: unknown, value: unknown, target: object, property?: string | symbol) => void;
};

/** Mirrors a fact through reflect-metadata when it is loaded. */
export function mirrorMetadata(key: string, value: unknown, target: object, property?: string | symbol): void {
  const r = Reflect as ReflectWithMetadata;
  if (typeof r.defineMetadata !== "function") return;
  if (property === undefined) r.defineMetadata(key, value, target);
  else r.defineMetadata(key, value, target, property);
}

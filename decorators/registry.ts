import type { Protocol } from "../src/protocol/protocol.js";
import { ConfigurationError } from "../src/errors/configuration-error.js";

/**
 * What the decorators know about classes, kept in module-private WeakMaps: nothing here is on
 * `globalThis` or under a well-known symbol, and no export hands out a record that can be
 * changed. A class gets its protocol only through `@enforce` (which checks refinement first and
 * holds the one writer, see `claimRegistryWriter`); records are frozen once written.
 *
 * Two copies of the package (one bundled, one from node_modules) therefore keep separate
 * registries: each guards the classes its own decorators decorated.
 * @internal
 */

/** Key of the own `@tool` table in TC39 decorator metadata (`context.metadata`). Only read for names, never for protocols. */
export const METADATA_TOOLS = Symbol.for("concordat.metadata.tools");

/** Keys mirrored through reflect-metadata, for tools that read it (informational; the runtime never reads them back). */
export const REFLECT_PROTOCOL_KEY = "concordat:protocol";
export const REFLECT_TOOLS_KEY = "concordat:tools";
export const REFLECT_TOOL_KEY = "concordat:tool";

export type AnyProtocol = Protocol<any, any, any>;

/** What `@enforce` recorded about a class (frozen). */
export interface EnforcedRecord {
  readonly protocol: AnyProtocol;
  /** For the class `@enforce` returned (first decorated class of a chain only): the class the user wrote. */
  readonly original?: Function;
  /** For the class the user wrote, when `@enforce` returned another class: that class. */
  readonly enforced?: Function;
  /** The name of the class the user decorated (for messages about its subclasses). */
  readonly className: string;
  /** Own `@tool` methods: method key → tool name. */
  readonly tools: ReadonlyMap<PropertyKey, string>;
}

/** The effective view of a class: its protocol and which methods implement which tools. */
export interface ClassInfo {
  readonly protocol: AnyProtocol;
  /** The nearest class in the chain carrying `@enforce` (the class the decorator returned, which is the user's class below a decorated class). */
  readonly decorated: Function;
  /** The class the user wrote under that decorator. */
  readonly original: Function;
  /** Method key → tool name, for every guarded method. */
  readonly methods: ReadonlyMap<PropertyKey, string>;
  /** Tool name → method key implementing it (the most derived one). */
  readonly implementations: ReadonlyMap<string, PropertyKey>;
}

const enforcedClasses = new WeakMap<Function, EnforcedRecord>();
/** Legacy-mode `@tool` tables, per class, until the class is sealed. */
const legacyTables = new WeakMap<Function, Map<PropertyKey, string>>();
/** Undecorated classes whose information was computed (prepared): no more tool registrations (nor for decorated classes). */
const sealed = new WeakSet<Function>();
/** TC39 metadata object of a decorated class → its protocol (found from subclasses' metadata through the prototype chain). */
const metadataProtocols = new WeakMap<object, { readonly protocol: AnyProtocol; readonly className: string }>();
/** TC39 metadata objects of classes whose `@tool` methods record each instance at the start of its construction (see `recordConstructed`). */
const constructionHooks = new WeakSet<object>();
/** Protocol → the protocols it was checked to refine directly (its parents along the class chains it was decorated on). */
const refinedParents = new WeakMap<AnyProtocol, AnyProtocol[]>();
/** Protocol → every protocol it refines, through its parents (computed on the first query that its parents do not answer). */
const refinementClosures = new WeakMap<AnyProtocol, ReadonlySet<AnyProtocol>>();
/** Class decorators evaluated but not applied yet (TC39 evaluates them before member decorators). */
const pendingClassDecorators = new Set<number>();
let lastToken = 0;
/** Whether a microtask that ends every pending token is queued already (one per checkpoint, not one per decorator). */
let endQueued = false;
function endAllPending(): void {
  endQueued = false;
  pendingClassDecorators.clear();
}

export function enforcedRecordOf(cls: Function): EnforcedRecord | undefined {
  return enforcedClasses.get(cls);
}

/** Whether `child` is `parent` or was checked (at decoration) to refine it. */
export function protocolRefines(child: AnyProtocol, parent: AnyProtocol): boolean {
  if (child === parent) return true;
  const parents = refinedParents.get(child);
  if (parents === undefined) return false;
  // (a class's own wrappers are bound to its nearest decorated ancestor's protocol: a direct parent)
  if (parents.includes(parent)) return true;
  let all = refinementClosures.get(child);
  if (all === undefined) {
    all = refinementClosure(child);
    refinementClosures.set(child, all);
  }
  return all.has(parent);
}

/** Every protocol `protocol` was checked to refine, directly or through its parents (refinement is transitive). */
function refinementClosure(protocol: AnyProtocol): ReadonlySet<AnyProtocol> {
  const all = new Set<AnyProtocol>();
  const stack = [protocol];
  while (stack.length > 0) {
    for (const p of refinedParents.get(stack.pop()!) ?? []) {
      if (all.has(p)) continue;
      all.add(p);
      stack.push(p);
    }
  }
  return all;
}

/** The protocol of the nearest decorated class whose metadata is `meta` or one of its prototypes (TC39). */
export function protocolOfMetadata(meta: object | undefined | null): { readonly protocol: AnyProtocol; readonly className: string } | undefined {
  for (let m: object | null | undefined = meta; m; m = Object.getPrototypeOf(m) as object | null) {
    const found = metadataProtocols.get(m);
    if (found) return found;
  }
  return undefined;
}

/** Records a legacy-mode `@tool` method; a class whose information is already fixed refuses. */
export function recordLegacyTool(cls: Function, key: PropertyKey, tool: string): void {
  if (sealed.has(cls) || enforcedClasses.has(cls))
    throw new TypeError(`@tool(): ${cls.name || "the class"} is already defined and in use; its tools are fixed. Fix: decorate methods in the class body.`);
  let t = legacyTables.get(cls);
  if (!t) legacyTables.set(cls, (t = new Map()));
  t.set(key, tool);
}

/** Notes that the class with TC39 metadata `meta` records its instances from a `@tool` method's initializer. */
export function markConstructionHook(meta: object): void {
  constructionHooks.add(meta);
}

/** Whether the class with TC39 metadata `meta` records its instances itself (`markConstructionHook`). */
export function hasConstructionHook(meta: object): boolean {
  return constructionHooks.has(meta);
}

/** Marks a class's information as fixed (no more tool registrations; a decorated class is fixed already). */
export function sealClass(cls: Function): void {
  if (!enforcedClasses.has(cls)) sealed.add(cls);
}

/** Own `@tool` methods of a class: the record `@enforce` froze (read-only), else a new table from the legacy table and TC39 metadata. */
export function ownTools(cls: Function): ReadonlyMap<PropertyKey, string> {
  const enforced = enforcedClasses.get(cls);
  if (enforced) return enforced.tools;
  return newOwnToolTable(cls);
}

/** A new table of the own `@tool` methods of a class not decorated yet (legacy table and TC39 metadata). */
export function newOwnToolTable(cls: Function): Map<PropertyKey, string> {
  const out = new Map<PropertyKey, string>(legacyTables.get(cls) ?? []);
  const metaKey = (Symbol as { metadata?: symbol }).metadata;
  if (metaKey !== undefined && Object.prototype.hasOwnProperty.call(cls, metaKey)) {
    const meta = (cls as unknown as Record<symbol, unknown>)[metaKey] as Record<symbol, unknown> | null | undefined;
    if (meta && Object.prototype.hasOwnProperty.call(meta, METADATA_TOOLS)) {
      const table = meta[METADATA_TOOLS] as Record<PropertyKey, unknown>;
      for (const k of Reflect.ownKeys(table)) if (typeof table[k] === "string") out.set(k, table[k] as string);
    }
  }
  return out;
}

/** The nearest `@enforce` protocol in the class chain, starting at `cls`. */
export function nearestDecorated(cls: Function): { cls: Function; record: EnforcedRecord } | undefined {
  for (let c: unknown = cls; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const r = enforcedClasses.get(c as Function);
    if (r) return { cls: c as Function, record: r };
  }
  return undefined;
}

/** @internal Bookkeeping of TC39 class decorators evaluated but not applied yet. */
export const classDecorators = {
  /** A token that stays pending until `end(token)` or the next microtask checkpoint, whichever comes first. */
  begin(): number {
    const token = ++lastToken;
    pendingClassDecorators.add(token);
    // (scheduled here, where the callback holds nothing of the caller's, not its protocol)
    if (!endQueued) {
      endQueued = true;
      queueMicrotask(endAllPending);
    }
    return token;
  },
  end(token: number): void {
    pendingClassDecorators.delete(token);
  },
  get pending(): boolean {
    return pendingClassDecorators.size > 0;
  },
};

/** What only `@enforce` may do: give a class its protocol (after checking refinement). */
export interface RegistryWriter {
  /**
   * Records that `cls` (the user's class) is enforced with `protocol` and `Enforced` is the
   * class the decorator returned (`cls` itself below a decorated class); `parent` is the protocol of the nearest decorated ancestor,
   * which `protocol` was checked to refine. `tools` becomes the record's table (read-only from
   * then on): the caller passes a table of its own and does not change it afterwards. Throws
   * when `cls` already has a protocol.
   */
  enforce(
    cls: Function,
    enforced: Function,
    protocol: AnyProtocol,
    className: string,
    tools: Map<PropertyKey, string>,
    metadata: object | undefined,
    parent: AnyProtocol | undefined,
  ): void;
}

let writerClaimed = false;

/**
 * Hands out the registry's writer, once per process: `@enforce` takes it when its module loads.
 * Code that reaches this module first and claims it makes the decorators fail to load (fail
 * closed) instead of sharing the writer.
 */
export function claimRegistryWriter(): RegistryWriter {
  if (writerClaimed) {
    throw new ConfigurationError(
      "decorators_tampered",
      "concordat/decorators: the class registry's writer was already claimed, so something other than @enforce tried to take it. The decorators refuse to load. Fix: do not import concordat's internal modules directly.",
    );
  }
  writerClaimed = true;
  return {
    enforce(cls, enforced, protocol, className, tools, metadata, parent) {
      if (enforcedClasses.has(cls) || enforcedClasses.has(enforced)) throw new TypeError(`${className} is already decorated with @enforce.`);
      // (the caller's table, made for this class and not kept by it: no copy)
      const frozenTools: ReadonlyMap<PropertyKey, string> = readonlyMap(tools);
      if (enforced === cls) enforcedClasses.set(cls, Object.freeze({ protocol, original: undefined, enforced: undefined, className, tools: frozenTools }));
      else {
        enforcedClasses.set(cls, Object.freeze({ protocol, original: undefined, enforced, className, tools: frozenTools }));
        enforcedClasses.set(enforced, Object.freeze({ protocol, original: cls, enforced: undefined, className, tools: NO_TOOLS }));
      }
      if (metadata) metadataProtocols.set(metadata, Object.freeze({ protocol, className }));
      if (parent !== undefined && parent !== protocol) {
        const parents = refinedParents.get(protocol);
        if (parents === undefined) refinedParents.set(protocol, [parent]);
        else if (!parents.includes(parent)) {
          parents.push(parent);
          refinementClosures.delete(protocol);
        }
      }
    },
  };
}

/**
 * A read-only view of a map: no `set`, `delete` or `clear` reachable (the map is a private
 * field; the class and its prototype are frozen, so no method can be swapped).
 */
class ReadonlyMapView<K, V> implements ReadonlyMap<K, V> {
  readonly #m: Map<K, V>;
  constructor(m: Map<K, V>) {
    this.#m = m;
    Object.freeze(this);
  }
  get(k: K): V | undefined {
    return this.#m.get(k);
  }
  has(k: K): boolean {
    return this.#m.has(k);
  }
  get size(): number {
    return this.#m.size;
  }
  forEach(f: (v: V, k: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    this.#m.forEach((v, k) => f.call(thisArg, v, k, this));
  }
  keys(): MapIterator<K> {
    return this.#m.keys();
  }
  values(): MapIterator<V> {
    return this.#m.values();
  }
  entries(): MapIterator<[K, V]> {
    return this.#m.entries();
  }
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.#m[Symbol.iterator]();
  }
}
Object.freeze(ReadonlyMapView.prototype);
Object.freeze(ReadonlyMapView);

/** The tool table of the class `@enforce` returns (it declares no methods of its own). */
const NO_TOOLS: ReadonlyMap<PropertyKey, string> = new ReadonlyMapView(new Map());

/** A read-only view of a map: no `set`, `delete` or `clear` reachable. */
export function readonlyMap<K, V>(m: Map<K, V>): ReadonlyMap<K, V> {
  return new ReadonlyMapView(m);
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

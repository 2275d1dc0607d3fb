import { ProtocolViolation } from "../src/violation/protocol-violation.js";
import { enforcedRecordOf, nearestDecorated, ownTools, readonlyMap, type ClassInfo } from "./registry.js";

interface ChainTools {
  readonly methods: ReadonlyMap<PropertyKey, string>;
  readonly implementations: ReadonlyMap<string, PropertyKey>;
  /** Read-only views of the two tables, shared by every class whose chain adds nothing to them. */
  readonly methodsView: ReadonlyMap<PropertyKey, string>;
  readonly implementationsView: ReadonlyMap<string, PropertyKey>;
}

function chainOf(methods: Map<PropertyKey, string>, implementations: Map<string, PropertyKey>): ChainTools {
  return { methods, implementations, methodsView: readonlyMap(methods), implementationsView: readonlyMap(implementations) };
}

/**
 * Views computed from the records, per class; module-private and computed once. One entry per
 * class holds them all (a WeakMap entry for a new class costs more than the views' own work).
 */
class ClassViews {
  chain: ChainTools | undefined = undefined;
  info: ClassInfo | undefined = undefined;
  /** Whether enforced-class.ts prepared the class (see `markPrepared`). */
  prepared = false;
}
const views = new WeakMap<Function, ClassViews>();

function viewsOf(cls: Function): ClassViews {
  let v = views.get(cls);
  if (v === undefined) views.set(cls, (v = new ClassViews()));
  return v;
}

/** Whether `prepareClass` ran for `cls` (@internal). */
export function isPrepared(cls: Function): boolean {
  return views.get(cls)?.prepared === true;
}

/** Notes that `prepareClass` ran for `cls` (@internal). */
export function markPrepared(cls: Function): void {
  viewsOf(cls).prepared = true;
}

/**
 * The effective protocol of a class and which methods implement which tools: the nearest
 * `@enforce` in its chain, the `@tool` methods of every class in the chain (the most derived
 * wins), and every method named exactly like a tool of the protocol. Computed once per class
 * and frozen.
 */
export function infoFor(cls: Function): ClassInfo | undefined {
  const cached = views.get(cls)?.info;
  if (cached) return cached;
  const decorated = nearestDecorated(cls);
  if (!decorated) return undefined;
  const protocol = decorated.record.protocol;
  const inherited = chainTools(cls);
  // (the chain's tables are copied only when a method named like a tool adds to them)
  let methods: Map<PropertyKey, string> | undefined;
  let implementations: Map<string, PropertyKey> | undefined;
  const proto = (cls as { prototype?: object }).prototype;
  for (const tool in protocol.tools) {
    if ((methods ?? inherited.methods).has(tool) || (implementations ?? inherited.implementations).has(tool)) continue;
    if (proto && isMethodOnChain(proto, tool)) {
      methods ??= new Map(inherited.methods);
      implementations ??= new Map(inherited.implementations);
      methods.set(tool, tool);
      implementations.set(tool, tool);
    }
  }
  const info: ClassInfo = Object.freeze({
    protocol,
    decorated: decorated.cls,
    original: decorated.record.original ?? decorated.cls,
    methods: methods ? readonlyMap(methods) : inherited.methodsView,
    implementations: implementations ? readonlyMap(implementations) : inherited.implementationsView,
  });
  viewsOf(cls).info = info;
  return info;
}

/**
 * `typeof proto[key] === "function"`, read without a property load through the prototype chain:
 * a load that misses walks every prototype of a fresh class chain, and V8 then re-shapes each
 * of them (it makes them "fast prototypes" and registers their users), which cost ~10 µs per
 * decorated class in a 20-deep chain (bench/decorators.ts). Own data properties are read along
 * the chain instead; an accessor is read as the property load would read it.
 */
function isMethodOnChain(proto: object, key: string): boolean {
  for (let o: object | null = proto; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    const d = Object.getOwnPropertyDescriptor(o, key);
    if (d === undefined) continue;
    if (d.get === undefined && d.set === undefined) return typeof d.value === "function";
    return typeof (proto as Record<string, unknown>)[key] === "function";
  }
  return false;
}

const EMPTY: ChainTools = chainOf(new Map(), new Map());

/**
 * `@tool` methods of a class and its ancestors (the most derived wins), cached per class. A class
 * without its own `@enforce` may add tool methods but not map a method its ancestors map to
 * another tool (that would run a parent's body as a different tool).
 */
function chainTools(cls: Function): ChainTools {
  if (typeof cls !== "function" || cls === Function.prototype) return EMPTY;
  const cached = views.get(cls)?.chain;
  if (cached) return cached;
  const parent = chainTools(Object.getPrototypeOf(cls) as Function);
  const own = ownTools(cls);
  const decorated = enforcedRecordOf(cls) !== undefined;
  let result = parent;
  let changes = false;
  for (const [key, tool] of own) {
    const before = parent.methods.get(key);
    if (!decorated && before !== undefined && before !== tool && nearestDecorated(cls) !== undefined) {
      throw new ProtocolViolation({
        code: "protocol_weakened",
        message: `${cls.name}.${String(key)} is declared as tool ${tool}, but its parent class implements tool ${before} with that method; a subclass without its own @enforce may not change what an inherited method is.`,
        tool,
        data: { class: cls.name, method: String(key), parentTool: before },
        hint: `Keep @tool("${before}") on the override, or decorate ${cls.name} with @enforce(aProtocolRefiningTheParent).`,
      });
    }
    if (before !== tool || parent.implementations.get(tool) !== key) changes = true;
  }
  if (changes) {
    const methods = new Map(parent.methods);
    const implementations = new Map(parent.implementations);
    for (const [key, tool] of own) {
      methods.set(key, tool);
      implementations.set(tool, key);
    }
    result = chainOf(methods, implementations);
  }
  viewsOf(cls).chain = result;
  return result;
}

/** `className` undefined: a TC39 method decorator, which cannot see its class's name yet. */
export function unknownToolInSubclass(
  className: string | undefined,
  method: string,
  tool: string,
  protocolName: string,
  parentName: string | undefined,
): ProtocolViolation {
  const weakened = parentName !== undefined;
  const where = className === undefined ? `Method ${method} of a subclass of ${parentName ?? "a decorated class"}` : `${className}.${method}`;
  className ??= `the subclass of ${parentName ?? "a decorated class"}`;
  return new ProtocolViolation({
    code: weakened ? "protocol_weakened" : "unknown_tool",
    message: weakened
      ? `${where} implements tool ${tool}, which ${parentName}'s protocol "${protocolName}" does not know: a subclass may not add tools (least of all writes) to the protocol it inherits.`
      : `${where} implements tool ${tool}, but protocol "${protocolName}" has no tool ${tool}.`,
    protocol: protocolName,
    tool,
    data: { class: className, method, ...(parentName !== undefined ? { parent: parentName } : {}) },
    hint: weakened
      ? `Add ${tool} to the protocol and decorate ${className} with @enforce(thatProtocol): the new protocol must refine "${protocolName}" (new tools must be inert reads or refine a parent tool).`
      : `Add ${tool} to protocol "${protocolName}", or fix the name in @tool(...).`,
  });
}

import { ProtocolViolation } from "../src/violation/protocol-violation.js";
import { bindGuardedWrapper, guardedToolOf, isGuardedWrapper, makeGuardedWrapper } from "./guarded-method.js";
import { enforcedRecordOf, nearestDecorated, ownTools, readonlyMap, sealClass, type ClassInfo } from "./registry.js";

type ChainTools = { readonly methods: ReadonlyMap<PropertyKey, string>; readonly implementations: ReadonlyMap<string, PropertyKey> };

/** Views computed from the records, per class; module-private and computed once. */
const chains = new WeakMap<Function, ChainTools>();
const infos = new WeakMap<Function, ClassInfo>();
const prepared = new WeakSet<Function>();

/**
 * The effective protocol of a class and which methods implement which tools: the nearest
 * `@enforce` in its chain, the `@tool` methods of every class in the chain (the most derived
 * wins), and every method named exactly like a tool of the protocol. Computed once per class
 * and frozen.
 */
export function infoFor(cls: Function): ClassInfo | undefined {
  const cached = infos.get(cls);
  if (cached) return cached;
  const decorated = nearestDecorated(cls);
  if (!decorated) return undefined;
  const protocol = decorated.record.protocol;
  const inherited = chainTools(cls);
  const methods = new Map(inherited.methods);
  const implementations = new Map(inherited.implementations);
  const proto = (cls as { prototype?: object }).prototype;
  for (const tool in protocol.tools) {
    if (methods.has(tool) || implementations.has(tool)) continue;
    if (proto && typeof (proto as Record<string, unknown>)[tool] === "function") {
      methods.set(tool, tool);
      implementations.set(tool, tool);
    }
  }
  const info: ClassInfo = Object.freeze({ protocol, decorated: decorated.cls, original: decorated.record.original ?? decorated.cls, methods: readonlyMap(methods), implementations: readonlyMap(implementations) });
  infos.set(cls, info);
  return info;
}

const EMPTY: ChainTools = { methods: new Map(), implementations: new Map() };

/**
 * `@tool` methods of a class and its ancestors (the most derived wins), cached per class. A class
 * without its own `@enforce` may add tool methods but not map a method its ancestors map to
 * another tool (that would run a parent's body as a different tool).
 */
function chainTools(cls: Function): ChainTools {
  if (typeof cls !== "function" || cls === Function.prototype) return EMPTY;
  const cached = chains.get(cls);
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
    result = { methods, implementations };
  }
  chains.set(cls, result);
  return result;
}

/**
 * Makes every guarded method reachable from instances of `cls` go through the session: own
 * methods of classes between `cls` and its decorated class are wrapped in place (this is how
 * an override in an undecorated subclass stays guarded), and a tool method inherited from an
 * undecorated base class is shadowed by a wrapper on the decorated class. Wrappers made here are
 * bound to the class's protocol. Runs once per class: at decoration for the decorated class, at
 * first instantiation for an undecorated subclass; the class's tools are fixed from then on.
 */
export function prepareClass(cls: Function): void {
  if (prepared.has(cls)) return;
  const info = infoFor(cls);
  if (!info) return;
  // classes from cls up to (and including) the class the user decorated
  const owned: Function[] = [];
  for (let c: unknown = cls; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    owned.push(c as Function);
    if (c === info.original) break;
  }
  checkOwnToolsKnown(owned, info);
  for (const [key, tool] of info.methods) {
    let definedInOwned = false;
    for (const c of owned) {
      const proto = (c as { prototype?: object }).prototype;
      if (!proto) continue;
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (!d) continue;
      definedInOwned = true;
      if (typeof d.value === "function" && !isGuardedWrapper(d.value)) {
        Object.defineProperty(proto, key, { ...d, value: makeGuardedWrapper(tool, d.value as Function, info.protocol) });
      }
    }
    if (!definedInOwned) {
      const target = (info.original as { prototype?: object }).prototype;
      const inherited = target ? (target as Record<PropertyKey, unknown>)[key as string] : undefined;
      if (target && typeof inherited === "function" && !isGuardedWrapper(inherited)) {
        Object.defineProperty(target, key, { value: makeGuardedWrapper(tool, inherited, info.protocol), writable: true, configurable: true, enumerable: false });
      }
    }
  }
  for (const c of owned) sealClass(c);
  prepared.add(cls);
}

/**
 * Binds the guarded methods a decorated class defines itself to its protocol (they run only on
 * sessions of that protocol or of one refining it).
 */
export function bindOwnWrappers(cls: Function, protocol: Parameters<typeof bindGuardedWrapper>[1]): void {
  const proto = (cls as { prototype?: object }).prototype;
  if (!proto) return;
  for (const k of Reflect.ownKeys(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, k);
    if (d && typeof d.value === "function" && guardedToolOf(d.value) !== undefined) bindGuardedWrapper(d.value, protocol);
  }
}

/** A `@tool` method in an undecorated subclass must name a tool of the inherited protocol. */
function checkOwnToolsKnown(owned: readonly Function[], info: ClassInfo): void {
  for (const c of owned) {
    if (c === info.original || c === info.decorated) continue;
    if (enforcedRecordOf(c)) continue;
    for (const [key, tool] of ownTools(c)) {
      if (!Object.prototype.hasOwnProperty.call(info.protocol.tools, tool)) throw unknownToolInSubclass(c.name, String(key), tool, info.protocol.name, info.original.name);
    }
  }
}

/** `className` undefined: a TC39 method decorator, which cannot see its class's name yet. */
export function unknownToolInSubclass(className: string | undefined, method: string, tool: string, protocolName: string, parentName: string | undefined): ProtocolViolation {
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

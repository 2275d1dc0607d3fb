import { bindGuardedWrapper, guardedToolOf, isGuardedWrapper, makeGuardedWrapper } from "./guarded-method.js";
import { infoFor, isPrepared, markPrepared, unknownToolInSubclass } from "./class-info.js";
import { register } from "./instance-session.js";
import { enforcedRecordOf, ownTools, sealClass, type ClassInfo } from "./registry.js";

/*
 * The class `@enforce` returns and the wrapping of its tool methods (kept apart from class-info,
 * which only reads the records, so that neither class-info nor instance-session imports
 * guarded-method: that was an import cycle at load time).
 */

/**
 * The class `@enforce` returns for the first decorated class of a chain: the user's class, plus
 * preparation of the class being constructed (before any constructor body runs) and the record
 * of each instance. Every class below it, decorated or not, is constructed through it, so a
 * decorated class below it is returned as written (no class per decorated class).
 * @internal
 */
export function makeEnforcedClass(cls: Function, name: string): Function {
  const Base = cls as new (...args: any[]) => object;
  const holder = {
    [name]: class extends Base {
      constructor(...args: any[]) {
        prepareClass(new.target);
        super(...args);
        register(this, new.target);
      }
    },
  };
  return holder[name]!;
}

/**
 * The initializer a `@tool` method adds to a class with no decorated ancestor (TC39 decorators):
 * it runs for each instance when its construction reaches that class, which for a base class
 * (`class X { … }`, no `extends`) is before any constructor body. It does what the constructor of
 * the class `makeEnforcedClass` returns does, for the class being constructed: prepare it, then
 * record the instance. The class is found from the instance's prototype, which is
 * `new.target.prototype` during construction: the prototype's own `constructor`, accepted only
 * when its own `prototype` is that very object (a class's `prototype` cannot be changed).
 * Anything else is left unrecorded, so its tools refuse to run (fail closed).
 * @internal
 */
export function recordConstructed(this: unknown): void {
  if (typeof this !== "object" || this === null) return;
  const proto = Object.getPrototypeOf(this) as object | null;
  if (proto === null) return;
  const cls = Object.getOwnPropertyDescriptor(proto, "constructor")?.value as unknown;
  if (typeof cls !== "function" || Object.getOwnPropertyDescriptor(cls, "prototype")?.value !== proto) return;
  prepareClass(cls);
  register(this, cls);
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
  if (isPrepared(cls)) return;
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
        Object.defineProperty(target, key, {
          value: makeGuardedWrapper(tool, inherited, info.protocol),
          writable: true,
          configurable: true,
          enumerable: false,
        });
      }
    }
  }
  for (const c of owned) sealClass(c);
  markPrepared(cls);
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
      if (!Object.prototype.hasOwnProperty.call(info.protocol.tools, tool))
        throw unknownToolInSubclass(c.name, String(key), tool, info.protocol.name, info.original.name);
    }
  }
}

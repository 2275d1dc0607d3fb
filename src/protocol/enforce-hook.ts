/**
 * `@protocol.enforce` lives on the `Protocol` class, but the decorator machinery lives in
 * `concordat/decorators` (so the core never loads it). The decorators module registers its
 * factory here, on a registry symbol, so every copy of the package finds it.
 */
const HOOK = Symbol.for("concordat.enforceHook");

/**
 * A class decorator usable in both TypeScript decorator modes: TC39 standard decorators
 * (`(value, context)`) and legacy `experimentalDecorators` (`(target)`).
 */
export interface EnforceDecorator {
  <C extends abstract new (...args: any) => any>(value: C, context: ClassDecoratorContext<C>): C;
  <C extends Function>(target: C): C;
}

type EnforceFactory = (protocol: object) => EnforceDecorator;

export function registerEnforceHook(factory: EnforceFactory): void {
  (globalThis as Record<symbol, unknown>)[HOOK] = factory;
}

/** The class decorator for a protocol; throws a helpful error when the decorators module is not loaded. */
export function enforceDecoratorFor(protocol: object & { readonly name: string }): EnforceDecorator {
  const factory = (globalThis as Record<symbol, unknown>)[HOOK] as EnforceFactory | undefined;
  if (typeof factory !== "function") {
    throw new Error(`@protocol.enforce (protocol "${protocol.name}") needs the decorators module: add \`import "concordat/decorators";\` (or import { enforce, tool } from it) before defining the class.`);
  }
  return factory(protocol);
}

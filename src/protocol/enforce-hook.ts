/**
 * `@protocol.enforce` lives on the `Protocol` class, but the decorator machinery lives in
 * `concordat/decorators` (so the core never loads it). The decorators module registers its
 * factory here, on a registry symbol, so every copy of the package finds it.
 */
import type { ToolArgs, ToolNameOf } from "./protocol.js";

const HOOK = Symbol.for("concordat.enforceHook");

/** Methods named exactly like a tool of `P` whose first parameter does not accept the tool's arguments. */
export type MismatchedToolMethods<I, P> = string extends ToolNameOf<P>
  ? never
  : { [K in keyof I & ToolNameOf<P>]: I[K] extends (...args: infer A) => any ? (A extends [] ? never : [ToolArgs<P, K>] extends [A[0]] ? never : K) : never }[keyof I & ToolNameOf<P>];

/** Compile-time check of a class under `@enforce(protocol)` (TC39 decorators). */
export type CheckEnforcedClass<C extends abstract new (...args: any) => any, P> = [MismatchedToolMethods<InstanceType<C>, P>] extends [never]
  ? unknown
  : { readonly "concordat: these methods are named like tools but do not accept the tool's arguments": MismatchedToolMethods<InstanceType<C>, P> };

/**
 * A class decorator usable in both TypeScript decorator modes: TC39 standard decorators
 * (`(value, context)`) and legacy `experimentalDecorators` (`(target)`). With TC39
 * decorators, TypeScript also checks that methods named like tools of protocol `P` accept
 * the tools' arguments.
 */
export interface EnforceDecorator<P = unknown> {
  <C extends abstract new (...args: any) => any>(value: C & CheckEnforcedClass<C, P>, context: ClassDecoratorContext<C>): C;
  /** Legacy `experimentalDecorators` (called with the class alone). */
  <C extends Function>(target: C, context?: undefined): C;
}

type EnforceFactory = (protocol: object) => EnforceDecorator<any>;

export function registerEnforceHook(factory: EnforceFactory): void {
  (globalThis as Record<symbol, unknown>)[HOOK] = factory;
}

/** The class decorator for a protocol; throws a helpful error when the decorators module is not loaded. */
export function enforceDecoratorFor<P extends object & { readonly name: string }>(protocol: P): EnforceDecorator<P> {
  const factory = (globalThis as Record<symbol, unknown>)[HOOK] as EnforceFactory | undefined;
  if (typeof factory !== "function") {
    throw new Error(`@protocol.enforce (protocol "${protocol.name}") needs the decorators module: add \`import "concordat/decorators";\` (or import { enforce, tool } from it) before defining the class.`);
  }
  return factory(protocol);
}

/**
 * `@protocol.enforce` lives on the `Protocol` class, but the decorator machinery lives in
 * `concordat/decorators` (so the core never loads it). The decorators module registers its
 * factory here when it loads.
 */
import type { ToolArgs, ToolNameOf } from "./protocol.js";
import { ConfigurationError } from "../errors/configuration-error.js";

/** Methods named exactly like a tool of `P` whose first parameter does not accept the tool's arguments. */
export type MismatchedToolMethods<I, P> =
  string extends ToolNameOf<P>
    ? never
    : {
        [K in keyof I & ToolNameOf<P>]: I[K] extends (...args: infer A) => any ? (A extends [] ? never : [ToolArgs<P, K>] extends [A[0]] ? never : K) : never;
      }[keyof I & ToolNameOf<P>];

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

let hook: EnforceFactory | undefined;

/**
 * Installs the `@protocol.enforce` factory, once: `concordat/decorators` does when it loads. The
 * factory is kept in this module (not on `globalThis`), so no other code can replace it with
 * one that does nothing; a second registration throws.
 * @internal
 */
export function registerEnforceHook(factory: EnforceFactory): void {
  if (hook !== undefined && hook !== factory) {
    throw new ConfigurationError(
      "decorators_tampered",
      "concordat: the @protocol.enforce factory is already installed; a second one is refused (only concordat/decorators installs it). Fix: do not call concordat's internal registerEnforceHook.",
    );
  }
  hook = factory;
}

/** The class decorator for a protocol; throws a helpful error when the decorators module is not loaded. */
export function enforceDecoratorFor<P extends object & { readonly name: string }>(protocol: P): EnforceDecorator<P> {
  if (typeof hook !== "function") {
    throw new ConfigurationError(
      "decorators_not_loaded",
      `@protocol.enforce (protocol "${protocol.name}") needs the decorators module: add \`import "concordat/decorators";\` (or import { enforce, tool } from it) before defining the class.`,
    );
  }
  return hook(protocol) as EnforceDecorator<P>;
}

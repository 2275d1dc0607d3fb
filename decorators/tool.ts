import type { ToolArgs, ToolNameOf } from "../src/protocol/protocol.js";
import { unknownToolInSubclass } from "./class-info.js";
import { recordConstructed } from "./enforced-class.js";
import { makeGuardedWrapper } from "./guarded-method.js";
import {
  METADATA_TOOLS,
  REFLECT_TOOL_KEY,
  classDecorators,
  markConstructionHook,
  mirrorMetadata,
  nearestDecorated,
  protocolOfMetadata,
  recordLegacyTool,
  type AnyProtocol,
} from "./registry.js";
import { ConfigurationError } from "../src/errors/configuration-error.js";

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/**
 * Compile-time checks of a `@tool` method (TC39 decorators, where TypeScript passes the
 * method's literal name): the tool must be one of the protocol's, the method must return a
 * promise, and its first parameter must accept the tool's parsed arguments. `P = undefined`
 * (no protocol given) checks only the promise.
 */
export type CheckToolMethod<P, K extends string, M> = M extends (...args: infer A) => infer R
  ? [R] extends [PromiseLike<unknown>]
    ? [P] extends [undefined]
      ? unknown
      : K extends ToolNameOf<P>
        ? A extends []
          ? unknown
          : true extends IsUnion<K>
            ? unknown
            : [ToolArgs<P, K>] extends [A[0]]
              ? unknown
              : { readonly "concordat: the method's first parameter does not accept the arguments of tool": K; readonly expected: ToolArgs<P, K> }
        : { readonly "concordat: not a tool of the protocol": K; readonly tools: ToolNameOf<P> }
    : { readonly "concordat: a tool method must return a promise (make it async); it runs through the session": K }
  : unknown;

/** A method decorator usable in both decorator modes. `N` is the explicit tool name, if any. */
export interface ToolDecorator<P, N extends string | undefined> {
  <This, K extends string, M extends (this: This, ...args: any) => any>(
    value: M & CheckToolMethod<P, N extends string ? N : K, M>,
    context: ClassMethodDecoratorContext<This, M> & { readonly name: K },
  ): M;
  (target: object, propertyKey: string | symbol, descriptor: PropertyDescriptor): any;
}

export interface ToolOptions<N extends string = string, P extends AnyProtocol | undefined = undefined> {
  /** The protocol tool this method implements; defaults to the method name. */
  readonly name?: N;
  /** Only for typing: lets TypeScript check the name and the parameter type against this protocol. */
  readonly protocol?: P;
}

/**
 * Marks a method as the implementation of a protocol tool. The tool name defaults to the
 * method name; its schema comes from the protocol. Works with TC39 standard decorators and
 * with legacy `experimentalDecorators`.
 *
 * - `@tool()` — the method name is the tool name.
 * - `@tool("issue_refund")` / `@tool({ name: "issue_refund" })` — an explicit tool name.
 * - `@tool<typeof refundProtocol>()`, `@tool({ name, protocol: refundProtocol })` or
 *   `toolFor(refundProtocol)(...)` — the same, checked by TypeScript against the protocol.
 *
 * The decorated method becomes guarded: every call goes through the instance's session and
 * returns a promise; the body receives the parsed arguments and runs only when allowed.
 */
export function tool<P extends AnyProtocol | undefined = undefined>(): ToolDecorator<P, undefined>;
export function tool<const N extends string, P extends AnyProtocol>(options: ToolOptions<N, P> & { readonly protocol: P }): ToolDecorator<P, N>;
export function tool<P extends AnyProtocol | undefined = undefined, const N extends string = P extends AnyProtocol ? ToolNameOf<P> : string>(
  nameOrOptions: N | ToolOptions<N>,
): ToolDecorator<P, N>;
export function tool(nameOrOptions?: string | ToolOptions<string, AnyProtocol | undefined>): ToolDecorator<any, any> {
  const explicit = typeof nameOrOptions === "string" ? nameOrOptions : nameOrOptions?.name;
  if (explicit !== undefined && (typeof explicit !== "string" || explicit.length === 0)) {
    throw new TypeError(`@tool(name): the tool name must be a non-empty string, got ${JSON.stringify(explicit)}.`);
  }
  if (nameOrOptions !== undefined && typeof nameOrOptions !== "string" && (typeof nameOrOptions !== "object" || nameOrOptions === null)) {
    throw new TypeError(`@tool(...) takes nothing, a tool name, or { name }; got ${String(nameOrOptions)}.`);
  }
  const options = typeof nameOrOptions === "object" ? nameOrOptions : undefined;
  return function toolDecorator(target: unknown, contextOrKey: unknown, descriptor?: PropertyDescriptor): any {
    if (typeof contextOrKey === "object" && contextOrKey !== null && "kind" in contextOrKey) {
      return decorateStandard(target, contextOrKey as DecoratorContext, explicit, options?.protocol);
    }
    if (
      (typeof contextOrKey === "string" || typeof contextOrKey === "symbol") &&
      target !== null &&
      (typeof target === "object" || typeof target === "function")
    ) {
      return decorateLegacy(target, contextOrKey, descriptor, explicit);
    }
    throw new TypeError("@tool() decorates methods: use it as `@tool() methodName(args) { ... }` inside a class.");
  } as ToolDecorator<any, any>;
}

/** A `tool` factory typed by one protocol: `const refundTool = toolFor(refundProtocol)`, then `@refundTool("issue_refund")`. */
export function toolFor<P extends AnyProtocol>(
  _protocol: P,
): { (): ToolDecorator<P, undefined>; <const N extends ToolNameOf<P>>(name: N): ToolDecorator<P, N> } {
  return ((name?: string) => (name === undefined ? tool() : tool(name))) as never;
}

function decorateStandard(value: unknown, context: DecoratorContext, explicit: string | undefined, _typingProtocol: AnyProtocol | undefined): unknown {
  if (context.kind !== "method") {
    throw new TypeError(`@tool() can only decorate methods; ${String(context.name)} is a ${context.kind}.`);
  }
  const ctx = context as ClassMethodDecoratorContext;
  if (ctx.static) throw new TypeError(`@tool() cannot decorate the static method ${String(ctx.name)}: tools run on an instance's session.`);
  if (ctx.private)
    throw new TypeError(`@tool() cannot decorate the private method ${String(ctx.name)}: make it public (outside code must be guarded too, and it is).`);
  if (typeof value !== "function") throw new TypeError(`@tool() decorates methods; ${String(ctx.name)} is not a function.`);
  const key = ctx.name;
  if (explicit === undefined && typeof key === "symbol")
    throw new TypeError(`@tool() on the symbol-named method ${String(key)} needs an explicit name: @tool("tool_name").`);
  const toolName = explicit ?? (key as string);
  const meta = ctx.metadata as Record<symbol, unknown> | undefined;
  if (!meta) {
    throw new ConfigurationError(
      "decorators_not_loaded",
      `@tool() needs Symbol.metadata, which is missing: import "concordat/decorators" before the module that defines your class (it installs the polyfill).`,
    );
  }
  // The protocol of the nearest decorated ancestor (through the metadata's prototype chain, as
  // recorded when that class was decorated): the body is bound to it from now on.
  const inherited = protocolOfMetadata(Object.getPrototypeOf(meta) as object | null);
  let own = Object.prototype.hasOwnProperty.call(meta, METADATA_TOOLS) ? (meta[METADATA_TOOLS] as Record<PropertyKey, string>) : undefined;
  if (!own) {
    own = Object.create(null) as Record<PropertyKey, string>;
    Object.defineProperty(meta, METADATA_TOOLS, { value: own, enumerable: false, configurable: true, writable: true });
    // A class with no decorated ancestor records its instances when they are constructed (once
    // per class; a decorated ancestor's construction records the instances of classes below it).
    if (!inherited) {
      ctx.addInitializer(recordConstructed);
      markConstructionHook(meta);
    }
  }
  own[key] = toolName;
  // An undecorated subclass: the inherited protocol must know the tool. (When a class
  // decorator is about to be applied, it checks against its own protocol instead.)
  if (inherited && !classDecorators.pending && !Object.prototype.hasOwnProperty.call(inherited.protocol.tools, toolName)) {
    throw unknownToolInSubclass(undefined, String(key), toolName, inherited.protocol.name, inherited.className);
  }
  return makeGuardedWrapper(toolName, value, inherited?.protocol);
}

function decorateLegacy(target: object, key: string | symbol, descriptor: PropertyDescriptor | undefined, explicit: string | undefined): PropertyDescriptor {
  if (typeof target === "function") throw new TypeError(`@tool() cannot decorate the static method ${String(key)}: tools run on an instance's session.`);
  if (!descriptor || typeof descriptor.value !== "function") throw new TypeError(`@tool() can only decorate methods; ${String(key)} is not one.`);
  if (explicit === undefined && typeof key === "symbol")
    throw new TypeError(`@tool() on the symbol-named method ${String(key)} needs an explicit name: @tool("tool_name").`);
  const toolName = explicit ?? (key as string);
  const ctor = (target as { constructor: Function }).constructor;
  recordLegacyTool(ctor, key, toolName);
  mirrorMetadata(REFLECT_TOOL_KEY, toolName, target, key);
  // bound to the nearest decorated ancestor's protocol; the class's own @enforce tightens it to its own
  const inherited = nearestDecorated(Object.getPrototypeOf(ctor) as Function)?.record.protocol;
  return { ...descriptor, value: makeGuardedWrapper(toolName, descriptor.value as Function, inherited) };
}

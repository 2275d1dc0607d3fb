import { registerEnforceHook, type EnforceDecorator } from "../src/protocol/enforce-hook.js";
import { Protocol } from "../src/protocol/protocol.js";
import { checkRefinement, sameInputsWith, verifyWith, type RefinementResult } from "../src/protocol/refinement.js";
import { ProtocolViolation } from "../src/violation/protocol-violation.js";
import { unknownToolInSubclass } from "./class-info.js";
import { bindOwnWrappers, makeEnforcedClass, prepareClass } from "./enforced-class.js";
import { availableTools } from "./instance-session.js";
import { mirrorMetadataLazily } from "./reflect-mirror.js";
import {
  METADATA_TOOLS,
  REFLECT_PROTOCOL_KEY,
  REFLECT_TOOLS_KEY,
  REFLECT_TOOL_KEY,
  claimRegistryWriter,
  classDecorators,
  enforcedRecordOf,
  hasConstructionHook,
  nearestDecorated,
  newOwnToolTable,
  protocolRefines,
  type AnyProtocol,
} from "./registry.js";

/** Only this module gives classes their protocols, after the refinement check. */
const writer = claimRegistryWriter();

/**
 * Class decorator: attaches a protocol to an agent class. `@enforce(refundProtocol)` and
 * `@refundProtocol.enforce` are the same. Works with TC39 standard decorators and with
 * legacy `experimentalDecorators` (the arguments tell which mode called it).
 *
 * When the class is defined (its module imported) it checks, and throws `ProtocolViolation`:
 * - every `@tool` method names a tool of the protocol (`unknown_tool`, or
 *   `protocol_weakened` in a subclass);
 * - the protocol refines the protocol of every decorated ancestor (`protocol_weakened`,
 *   with the shortest counterexample; see `checkRefinement`). Refinement is transitive, so
 *   the nearest decorated ancestor is the one compared.
 *
 * From then on every guarded method of every instance, including overrides in subclasses
 * without their own decorator, runs through the instance's session. The decorator returns the
 * class as written when it has a decorated ancestor, or (TC39 decorators) when it is a base class
 * with at least one `@tool` method, whose initializer then records each instance before any
 * constructor body runs. Otherwise (an `extends` clause, only methods named like tools, legacy
 * decorators) it returns a subclass of it (same name) whose constructor prepares subclasses on
 * their first instantiation and records every instance. It adds `availableTools()` to the
 * prototype when the class has none.
 */
export function enforce<P extends AnyProtocol>(protocol: P): EnforceDecorator<P> {
  assertProtocol(protocol);
  // TC39 evaluates class decorators before applying member decorators; a decorator that is
  // evaluated but never applied must not leave member checks deferred forever (the token ends at
  // the next microtask checkpoint at the latest).
  const token = classDecorators.begin();
  return function enforceDecorator(value: unknown, context?: unknown): unknown {
    classDecorators.end(token);
    if (context !== undefined) {
      if (typeof context !== "object" || context === null || (context as { kind?: unknown }).kind !== "class") {
        throw new TypeError(
          `@enforce(${protocol.name}) decorates classes; it was applied to a ${String((context as { kind?: unknown } | null)?.kind ?? typeof context)}.`,
        );
      }
      const ctx = context as ClassDecoratorContext;
      return decorateClass(value, protocol, ctx.metadata as Record<symbol, unknown> | undefined);
    }
    return decorateClass(value, protocol, undefined);
  } as EnforceDecorator<P>;
}

registerEnforceHook((protocol) => enforce(protocol as AnyProtocol));

function decorateClass(value: unknown, protocol: AnyProtocol, metadata: Record<symbol, unknown> | undefined): Function {
  if (typeof value !== "function") throw new TypeError(`@enforce(${protocol.name}) decorates classes; got ${typeof value}.`);
  const cls = value as Function;
  const name = cls.name || "(anonymous class)";
  const existing = enforcedRecordOf(cls);
  if (existing) {
    throw new TypeError(`${name} is decorated with @enforce twice (protocols "${existing.protocol.name}" and "${protocol.name}"). Fix: keep one decorator.`);
  }

  // own @tool methods: legacy mode recorded them in the registry, TC39 in the metadata (the
  // registry keeps this table as the class's record)
  const tools = newOwnToolTable(cls);
  if (metadata && Object.prototype.hasOwnProperty.call(metadata, METADATA_TOOLS)) {
    const own = metadata[METADATA_TOOLS] as Record<string, string>;
    const proto = (cls as { prototype?: object }).prototype;
    for (const k of Reflect.ownKeys(own)) {
      tools.set(k, own[k as string]!);
      // legacy mode mirrors each method when it is decorated; TC39 methods cannot see their class
      if (proto) {
        const toolName = own[k as string]!;
        mirrorMetadataLazily(proto, k as string | symbol, () => [[REFLECT_TOOL_KEY, toolName]]);
      }
    }
  }

  const parent = nearestDecorated(Object.getPrototypeOf(cls) as Function);
  const parentName = parent ? (parent.record.className ?? parent.cls.name) : undefined;
  for (const [key, toolName] of tools) {
    if (!Object.prototype.hasOwnProperty.call(protocol.tools, toolName)) throw unknownToolInSubclass(name, String(key), toolName, protocol.name, parentName);
  }

  // Refinement is transitive (and each decorated ancestor was checked against its own parent
  // when it was defined), so checking the nearest decorated ancestor checks every ancestor; it
  // also composes `refines`/`inert` mappings along the chain correctly.
  const ancestor = parent ? { protocol: parent.record.protocol, className: parentName! } : undefined;
  if (ancestor && ancestor.protocol !== protocol) {
    const result = refines(protocol, ancestor.protocol, name, ancestor.className);
    if (!result.ok) {
      throw new ProtocolViolation({
        code: "protocol_weakened",
        message: result.message,
        protocol: protocol.name,
        ...(result.trace.length > 0 ? { tool: parseTool(result.trace[result.trace.length - 1]!) } : {}),
        data: {
          child: name,
          parent: ancestor.className,
          childProtocol: protocol.name,
          parentProtocol: ancestor.protocol.name,
          kind: result.kind,
          trace: result.trace,
          ...(result.counterexample ? { counterexample: result.counterexample } : {}),
        },
        hint: `A subclass's protocol must refine its parent's: allow only what ${ancestor.className} allows (it may drop options, split states, add inert read tools and stricter guards and budgets). Fix ${name}'s protocol "${protocol.name}", or stop extending ${ancestor.className}.`,
      });
    }
  }

  // Only the first decorated class of a chain may need a returned subclass: its constructor
  // prepares the class being constructed before any constructor body runs and records every
  // instance of every class below it (see enforced-class.ts), so a class below it returns itself.
  // A base class whose @tool methods record its instances (TC39: their initializer runs before
  // any constructor body) needs none either; every other first decorated class gets one.
  const recordsItself = metadata !== undefined && hasConstructionHook(metadata) && Object.getPrototypeOf(cls) === Function.prototype;
  const Enforced = parent || recordsItself ? cls : makeEnforcedClass(cls, name);
  writer.enforce(cls, Enforced, protocol, name, tools, metadata, ancestor?.protocol);
  // the bodies this class defines run only under its protocol (or one refining it)
  bindOwnWrappers(cls, protocol);

  // on the class the program sees; reflect-metadata's getMetadata also finds it from subclasses
  mirrorMetadataLazily(Enforced, undefined, () => {
    const toolTable: Record<string, string> = {};
    for (const [k, t] of tools) toolTable[String(k)] = t;
    return [
      [REFLECT_PROTOCOL_KEY, protocol],
      [REFLECT_TOOLS_KEY, toolTable],
    ];
  });

  const proto = (cls as { prototype?: object }).prototype;
  if (proto && !("availableTools" in proto)) {
    Object.defineProperty(proto, "availableTools", {
      value: function availableToolsOfInstance(this: object) {
        return availableTools(this);
      },
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
  prepareClass(Enforced);
  return Enforced;
}

function refines(child: AnyProtocol, parent: AnyProtocol, childName: string, parentName: string): RefinementResult {
  // verified before (a class hierarchy reuses protocols; refinement is transitive)
  if (protocolRefines(child, parent)) return { ok: true };
  const result = checkRefinement(
    child.graph,
    parent.graph,
    { child: childName, parent: parentName },
    {
      verifyArguments: verifyWith(child, parent),
      sameInputs: sameInputsWith(child, parent),
    },
  );
  return result;
}

function parseTool(event: string): string {
  const i = event.indexOf("[");
  return i < 0 ? event : event.slice(0, i);
}

function assertProtocol(p: unknown): asserts p is AnyProtocol {
  // the runtime's own class, not a look-alike whose validateCall could wave calls through
  if (!Protocol.isProtocol(p)) {
    const what = p === null ? "null" : typeof p === "object" ? `an object that is not a Protocol of this copy of concordat` : typeof p;
    throw new TypeError(
      `@enforce(protocol): expected a protocol made by defineProtocol(...), got ${what}. Fix: pass the protocol object, e.g. @enforce(refundProtocol), from the same copy of concordat as the decorators.`,
    );
  }
}

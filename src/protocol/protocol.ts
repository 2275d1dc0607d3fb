// One concept, the Protocol value: a checked definition compiled to its states, with the
// operations every caller needs on it (validate a call, advance on a result, the graph, extend).
// Over 400 lines because the compiled tables and the calls that read them share private fields.
import { z } from "zod";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { bindArguments, pathParts, unboundMessage } from "../confirmation/bound-arguments.js";
import { firstDuplicateKey } from "../util/duplicate-json-keys.js";
import { failingConjunct, type Guard } from "./guard.js";
import type { AnyProtocolConfig, AnyToolSpec, GraphState, GraphTool, ProtocolConfigOf, ProtocolGraph, ToolCall, ToolDefinition, ToolResult } from "./types.js";
import { declaredOutcomes } from "./validate-definition.js";
import { enforceDecoratorFor, type EnforceDecorator } from "./enforce-hook.js";
import { shadowAbsent } from "../util/own-options.js";
import { argumentSchema, identityOf, type ArgumentSchema } from "./argument-schema.js";
import { extendedDefinition, type ExtendedTools, type ProtocolExtension } from "./extend-protocol.js";
import { compileArgumentSchema, type FastArgumentParser } from "./fast-argument-parser.js";

export type ToolNameOf<P> = P extends Protocol<infer T, any, any> ? keyof T & string : never;
export type StateNameOf<P> = P extends Protocol<any, infer S, any> ? S : never;
export type ContextOf<P> = P extends Protocol<any, any, infer C> ? C : never;
/** The parsed argument type of tool K of protocol P. */
export type ToolArgs<P, K extends string> = P extends Protocol<infer T, any, any> ? (K extends keyof T ? z.output<T[K]["input"]> : never) : never;

/** A call that passed validation: its arguments are the schema's parsed output. */
export interface ValidatedCall<TTool extends string = string> {
  readonly id?: string;
  readonly name: TTool;
  readonly arguments: unknown;
  readonly spec: AnyToolSpec;
}

interface CompiledState {
  readonly allowed: ReadonlyMap<string, ReadonlyMap<string, string>>;
  readonly guards: ReadonlyMap<string, Guard>;
  readonly toolList: readonly string[];
}

/**
 * What `validateCall` needs for one tool allowed in one non-terminal state, found with two map
 * lookups (state, then tool) instead of the checks' six; a call with no step takes the checks
 * in order, which word the refusal.
 */
interface Step {
  readonly spec: AnyToolSpec;
  readonly guard: Guard | undefined;
  readonly fast: FastArgumentParser | undefined;
  readonly toolList: readonly string[];
}

/**
 * A validated protocol: states, the tools each allows, and where each outcome leads.
 * Build one with `defineProtocol`.
 */
export class Protocol<TTools extends Record<string, AnyToolSpec> = Record<string, AnyToolSpec>, TState extends string = string, TContext = unknown> {
  readonly name: string;
  readonly description: string | undefined;
  readonly initial: TState;
  readonly terminal: ReadonlySet<TState>;
  readonly tools: TTools;
  /** The definition, as given to `defineProtocol` (spread it to derive: see `extend`). */
  readonly config: ProtocolConfigOf<TTools, TState, TContext> & AnyProtocolConfig;
  /** Plain data view: what refinement, graphs and the analyzer read. */
  readonly graph: ProtocolGraph;
  readonly #compiled: ReadonlyMap<string, CompiledState>;
  readonly #definitions = new Map<string, ToolDefinition>();
  /** Compiled shortcuts for the tools whose argument schema has one (see fast-argument-parser.ts). */
  readonly #fastParsers = new Map<string, FastArgumentParser>();
  /** Per non-terminal state, the steps of the tools it allows (see `Step`). */
  readonly #steps = new Map<string, Map<string, Step>>();
  /** The state, tool name and step of the last call that had a step (on any session): a repeated call skips the lookups. */
  #lastState: unknown;
  #lastName: unknown;
  #lastStep: Step | undefined;

  constructor(config: AnyProtocolConfig) {
    freezeDefinition(config);
    this.config = config as ProtocolConfigOf<TTools, TState, TContext> & AnyProtocolConfig;
    this.name = config.name;
    this.description = config.description;
    this.initial = config.initial as TState;
    this.terminal = new Set(config.terminal as readonly TState[]);
    this.tools = config.tools as TTools;
    const compiled = new Map<string, CompiledState>();
    const graphStates: Record<string, GraphState> = {};
    for (const [sn, spec] of Object.entries(config.states)) {
      const allowed = new Map<string, Map<string, string>>();
      const on: Record<string, Record<string, string>> = {};
      for (const [tn, tr] of Object.entries(spec.on ?? {})) {
        allowed.set(tn, new Map(Object.entries(tr)));
        on[tn] = { ...tr };
      }
      const guards = new Map<string, Guard>(Object.entries(spec.guards ?? {}).filter((e): e is [string, Guard] => e[1] !== undefined));
      compiled.set(sn, { allowed, guards, toolList: [...allowed.keys()] });
      graphStates[sn] = {
        on,
        ...(guards.size > 0 ? { guards: Object.fromEntries([...guards].map(([t, g]) => [t, g.conjuncts.map((c) => c.name)])) } : {}),
        ...(spec.budget ? { budget: spec.budget } : {}),
      };
    }
    this.#compiled = compiled;
    const graphTools: Record<string, GraphTool> = {};
    for (const [tn, spec] of Object.entries(config.tools)) {
      const args = compileArgumentSchema(spec.input as z.ZodType);
      graphTools[tn] = graphToolOf(spec, args?.form);
      if (args?.parse) this.#fastParsers.set(tn, args.parse);
    }
    for (const [sn, st] of compiled) {
      if (this.terminal.has(sn as TState)) continue;
      const steps = new Map<string, Step>();
      for (const tn of st.toolList) {
        if (!Object.prototype.hasOwnProperty.call(config.tools, tn)) continue;
        steps.set(tn, { spec: config.tools[tn]!, guard: st.guards.get(tn), fast: this.#fastParsers.get(tn), toolList: st.toolList });
      }
      this.#steps.set(sn, steps);
    }
    this.graph = {
      name: config.name,
      initial: config.initial,
      terminal: [...config.terminal],
      tools: graphTools,
      states: graphStates,
      ...(config.budget ? { budget: config.budget } : {}),
    };
    // fixed from now on: what validates calls cannot be changed by code that holds the protocol
    deepFreeze(this.graph);
    Object.freeze(this.terminal);
    Object.freeze(this);
  }

  /**
   * Whether `x` is a protocol built by this copy of concordat's `Protocol` constructor (not a
   * look-alike object, nor one merely given `Protocol.prototype`).
   * @param x Anything.
   * @example Protocol.isProtocol(refundProtocol) // true
   */
  static isProtocol(x: unknown): x is Protocol<any, any, any> {
    return typeof x === "object" && x !== null && #compiled in x;
  }

  /**
   * Class decorator: `@refundProtocol.enforce class RefundAgent { ... }`. Same as
   * `@enforce(refundProtocol)` from `concordat/decorators` (which must be imported).
   */
  get enforce(): EnforceDecorator<this> {
    return enforceDecoratorFor(this);
  }

  /**
   * Derives a protocol from this one: its definition with the given changes (states replaced
   * or added by name, `null` removes one; tools replaced or added by name; a new name). The way
   * to write a subclass's protocol: `@enforce(parent.extend({...}))` is then checked to refine
   * this one at import time and by `concordat check`.
   *
   * @example
   * const strictRefund = refundProtocol.extend({
   *   name: "strict-refund",
   *   states: { booked: { on: { request_confirmation: { sent: "awaiting" } } } },
   * });
   * @param changes The derived protocol's name and what differs.
   * @throws TypeError when `changes` has no name or an unknown option.
   * @throws ProtocolDefinitionError when the result is not a valid protocol.
   * @see extendProtocol
   */
  extend<const TO extends Record<string, string> = {}, TI extends Record<string, z.ZodType> = {}, const TNewState extends string = never>(
    changes: ProtocolExtension<TTools, TState, TContext, TO, TI, TNewState>,
  ): Protocol<ExtendedTools<TTools, TO, TI>, TState | TNewState, TContext> {
    return new Protocol<ExtendedTools<TTools, TO, TI>, TState | TNewState, TContext>(extendedDefinition(this, changes));
  }

  get stateNames(): TState[] {
    return [...this.#compiled.keys()] as TState[];
  }

  get toolNames(): (keyof TTools & string)[] {
    return Object.keys(this.tools) as (keyof TTools & string)[];
  }

  isTerminal(state: string): boolean {
    return this.terminal.has(state as TState);
  }

  /** Names of the tools allowed in a state (guards not applied). */
  allowedTools(state: TState): (keyof TTools & string)[] {
    return [...(this.#compiled.get(state)?.toolList ?? [])] as (keyof TTools & string)[];
  }

  /** Names of the tools allowed in a state whose guards hold on this context. */
  permittedTools(state: TState, context: unknown): (keyof TTools & string)[] {
    const st = this.#compiled.get(state);
    if (!st) return [];
    return st.toolList.filter((t) => {
      const g = st.guards.get(t);
      return !g || failingConjunct(g, context) === undefined;
    }) as (keyof TTools & string)[];
  }

  /** A tool's definition for an LLM's tool list (JSON Schema parameters). */
  toolDefinition(tool: keyof TTools & string): ToolDefinition<keyof TTools & string> {
    let d = this.#definitions.get(tool);
    if (!d) {
      const spec = this.tools[tool];
      if (!spec) throw this.unknownTool("<none>", { name: tool, arguments: undefined });
      const schema = z.toJSONSchema(spec.input, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
      delete schema["$schema"];
      d = {
        name: tool,
        description: spec.description ?? tool,
        parameters: schema,
        effect: spec.effect,
        requiresConfirmation: spec.requiresConfirmation === true,
      };
      this.#definitions.set(tool, d);
    }
    return d as ToolDefinition<keyof TTools & string>;
  }

  /** Tool definitions for a state, ready for an LLM's tools list. */
  toolsForState(state: TState, context?: unknown): ToolDefinition<keyof TTools & string>[] {
    const names = context === undefined ? this.allowedTools(state) : this.permittedTools(state, context);
    return names.map((t) => this.toolDefinition(t));
  }

  /**
   * Checks a call against a state before anything executes. Returns the call with parsed
   * arguments; throws `ProtocolViolation` (session_ended, unknown_tool, tool_not_allowed,
   * guard_failed, invalid_arguments) otherwise.
   */
  validateCall(state: TState, call: ToolCall, context?: unknown): ValidatedCall<keyof TTools & string> {
    // (a step exists exactly when the checks in #stepOf pass; the name is read once, so the step is the named tool's)
    const name = call.name;
    let step = this.#lastStep;
    if (step === undefined || state !== this.#lastState || name !== this.#lastName) {
      step = this.#steps.get(state)?.get(name) ?? this.#stepOf(state, name, call);
      this.#lastState = state;
      this.#lastName = name;
      this.#lastStep = step;
    }
    // (the id is always an own property, so a polluted Object.prototype.id is never taken for the call's id;
    // read first and checked for ownership only when there is one: a call without an id, the usual
    // case, costs one property read that the compiler folds, not a hasOwnProperty call)
    let id = call.id;
    if (id !== undefined && !Object.prototype.hasOwnProperty.call(call, "id")) id = undefined;
    const fast = step.fast;
    const spec = step.spec;
    let data: unknown = fast === undefined ? undefined : fast(call.arguments);
    if (data === undefined) {
      const parsed = (spec.input as z.ZodType).safeParse(call.arguments);
      if (!parsed.success) {
        // (arguments the schema refuses are refused for a failing guard first, as the guard read them)
        if (context !== undefined && step.guard !== undefined) this.#checkGuard(state, call, context, step.guard, call.arguments);
        const issues = parsed.error.issues.map((i) => ({ code: i.code, path: i.path.map(String), message: i.message }));
        throw new ProtocolViolation({
          code: "invalid_arguments",
          message: `Arguments of "${call.name}" do not match its schema: ${issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}.`,
          protocol: this.name,
          state,
          tool: call.name,
          arguments: call.arguments,
          allowedTools: step.toolList,
          data: { issues },
          hint:
            typeof call.arguments === "string"
              ? textArgumentsHint(call.name, call.arguments)
              : `Call "${call.name}" again with arguments matching its parameters.`,
        });
      }
      data = parsed.data;
    }
    if (spec.requiresConfirmation === true) data = this.#bound(state, call, data, step);
    // the guard judges the arguments the body will run with (parsed, and for a confirmed tool the bound copy),
    // never the raw ones: a getter, a transform or a "1,200" string could show it one value and the body another
    if (context !== undefined && step.guard !== undefined) this.#checkGuard(state, call, context, step.guard, data);
    // (two literals, not a conditional spread: V8 builds a spread object ~10x slower, and this is the hot path)
    return { id, name, arguments: data as object, spec };
  }

  /** Throws `guard_failed` when a conjunct of the guard does not hold for these (parsed) arguments. */
  #checkGuard(state: TState, call: ToolCall, context: unknown, guard: Guard, args: unknown): void {
    const failed = failingConjunct(guard, context, args);
    if (failed) {
      throw new ProtocolViolation({
        code: "guard_failed",
        message: `"${call.name}" is allowed in state "${state}" of protocol "${this.name}" only when "${failed.name}" holds, and it does not.${failed.description ? ` (${failed.description})` : ""}`,
        protocol: this.name,
        state,
        tool: call.name,
        arguments: call.arguments,
        allowedTools: this.permittedTools(state, context),
        data: { guard: failed.name },
      });
    }
  }

  /**
   * The arguments a confirmed write runs with and its grant is checked against: a plain-data
   * copy read once (see `bindArguments`), or `invalid_arguments` naming where it cannot be made.
   */
  #bound(state: string, call: ToolCall, data: unknown, step: Step): unknown {
    const bound = bindArguments(data);
    if (bound.ok) return bound.value;
    throw new ProtocolViolation({
      code: "invalid_arguments",
      message: unboundMessage(call.name, bound.problem),
      protocol: this.name,
      state,
      tool: call.name,
      arguments: call.arguments,
      allowedTools: step.toolList,
      data: { issues: [{ code: "not_plain_data", path: pathParts(bound.problem.path), message: `${bound.problem.found} cannot be bound to a grant` }] },
      hint: `Call "${call.name}" again with plain JSON arguments.`,
    });
  }

  /**
   * The checks before a call's arguments, in order (session ended, unknown tool, unknown state,
   * tool not allowed): throws the first that fails. Reached only for a call with no step.
   */
  #stepOf(state: string, name: string, call: ToolCall): Step {
    if (this.terminal.has(state as TState)) {
      throw new ProtocolViolation({
        code: "session_ended",
        message: `Protocol "${this.name}" is in terminal state "${state}"; "${name}" cannot run after the session ended.`,
        protocol: this.name,
        state,
        tool: name,
        arguments: call.arguments,
        allowedTools: [],
        hint: "Start a new session for a new conversation.",
      });
    }
    const spec = this.tools[name];
    if (spec === undefined || !Object.prototype.hasOwnProperty.call(this.tools, name)) throw this.unknownTool(state, call);
    const st = this.#compiled.get(state);
    if (st === undefined) {
      throw new ProtocolViolation({
        code: "tool_not_allowed",
        message: `Protocol "${this.name}" has no state "${state}".`,
        protocol: this.name,
        state,
        tool: name,
        arguments: call.arguments,
        hint: `Known states: ${this.stateNames.join(", ")}.`,
      });
    }
    if (!st.allowed.has(name)) {
      throw new ProtocolViolation({
        code: "tool_not_allowed",
        message: `"${name}" is not allowed in state "${state}" of protocol "${this.name}".`,
        protocol: this.name,
        state,
        tool: name,
        arguments: call.arguments,
        allowedTools: st.toolList,
        hint: this.hintFor(name, state),
      });
    }
    const step = this.#steps.get(state)?.get(name);
    if (step === undefined)
      throw new Error(`Protocol "${this.name}": internal error, "${String(name)}" passed the checks in state "${state}" but has no compiled step.`);
    return step;
  }

  /** The outcome label of a result, as the tool's outcome function decides it. */
  outcomeOf(tool: keyof TTools & string, args: unknown, result: ToolResult): string | undefined {
    const spec = this.tools[tool];
    if (!spec) return undefined;
    if (spec.outcome) return spec.outcome(result, args as never);
    if (result.ok) return "ok";
    return declaredOutcomes(spec).includes("error") ? "error" : undefined;
  }

  /** The next state after a call produced a result; throws `invalid_outcome` when the outcome has no transition. */
  nextState(state: TState, call: ToolCall, result: ToolResult): TState {
    const outcome = this.outcomeOf(call.name as keyof TTools & string, call.arguments, result);
    return this.targetOf(state, call.name, outcome);
  }

  /** Where an outcome of a tool leads from a state. */
  targetOf(state: string, tool: string, outcome: string | undefined): TState {
    const target = outcome === undefined ? undefined : this.#compiled.get(state)?.allowed.get(tool)?.get(outcome);
    if (target === undefined) {
      throw new ProtocolViolation({
        code: "invalid_outcome",
        message: `"${tool}" in state "${state}" of protocol "${this.name}" produced outcome ${JSON.stringify(outcome)}, which has no transition (declared: ${declaredOutcomes(this.tools[tool]).join(", ")}).`,
        protocol: this.name,
        state,
        tool,
        allowedTools: this.allowedTools(state as TState),
        hint: `Make tools.${tool}.outcome return one of its declared outcomes.`,
      });
    }
    return target as TState;
  }

  private unknownTool(state: string, call: ToolCall): ProtocolViolation {
    return new ProtocolViolation({
      code: "unknown_tool",
      message: `Protocol "${this.name}" has no tool "${call.name}".`,
      protocol: this.name,
      state,
      tool: call.name,
      arguments: call.arguments,
      allowedTools: this.allowedTools(state as TState),
      hint: `Known tools: ${this.toolNames.join(", ")}.`,
    });
  }

  /** Tells the model which state would allow the tool, when one does. */
  private hintFor(tool: string, state: string): string {
    const where = [...this.#compiled].filter(([, s]) => s.allowed.has(tool)).map(([n]) => n);
    if (where.length === 0) return `"${tool}" is not allowed in any state.`;
    const spec = this.tools[tool];
    const confirm = spec?.requiresConfirmation ? " It needs the user's explicit confirmation of the exact action first." : "";
    return `"${tool}" is allowed only in state${where.length > 1 ? "s" : ""} ${where.map((w) => `"${w}"`).join(", ")}; you are in "${state}".${confirm}`;
  }
}

// Protocol's methods are the validation: nothing may replace them on the prototype.
Object.freeze(Protocol.prototype);

/**
 * Freezes what a definition declares (tools, states, transitions, guards, budgets, the initial
 * context), leaving zod schemas and functions alone (zod keeps lazy internals on its schemas).
 */
const TOOL_KEYS = [
  "description",
  "outcomes",
  "outcome",
  "requiresConfirmation",
  "subjects",
  "inert",
  "refines",
  "exit",
  "sinks",
  "reduce",
  "confirmationTtlMs",
  "assumeRefinement",
];
const STATE_KEYS = ["description", "on", "guards", "budget"];
const CONFIG_KEYS = ["description", "context", "initialContext", "budget"];
const BUDGET_KEYS = ["inputTokens", "outputTokens", "totalTokens", "toolCalls", "reserve"];

function freezeDefinition(config: AnyProtocolConfig): void {
  // (absent optional keys get own undefined properties: a polluted Object.prototype cannot fill them in)
  shadowAbsent(config, CONFIG_KEYS);
  if (config.budget) {
    shadowAbsent(config.budget, BUDGET_KEYS);
    if (config.budget.reserve) shadowAbsent(config.budget.reserve, BUDGET_KEYS);
  }
  for (const spec of Object.values(config.tools)) {
    shadowAbsent(spec, TOOL_KEYS);
    if (spec.outcomes) Object.freeze(spec.outcomes);
    if (spec.subjects) Object.freeze(spec.subjects);
    if (spec.sinks) Object.freeze(spec.sinks);
    Object.freeze(spec);
  }
  Object.freeze(config.tools);
  for (const st of Object.values(config.states)) {
    shadowAbsent(st, STATE_KEYS);
    if (st.budget) shadowAbsent(st.budget, BUDGET_KEYS);
    if (st.on) {
      for (const tr of Object.values(st.on)) if (tr) Object.freeze(tr);
      Object.freeze(st.on);
    }
    if (st.guards) {
      for (const g of Object.values(st.guards)) {
        if (!g) continue;
        for (const c of g.conjuncts) Object.freeze(c);
        Object.freeze(g.conjuncts);
        Object.freeze(g);
      }
      Object.freeze(st.guards);
    }
    if (st.budget) Object.freeze(st.budget);
    Object.freeze(st);
  }
  Object.freeze(config.states);
  if (Array.isArray(config.terminal)) Object.freeze(config.terminal);
  if (config.budget) deepFreeze(config.budget);
  if (config.initialContext !== undefined) deepFreeze(config.initialContext);
  Object.freeze(config);
}

/** Freezes `x` and every object its data properties hold; accessors are left uncalled (a tool's `input` is computed on first read, and frozen then). */
function deepFreeze<T>(x: T): T {
  if (typeof x !== "object" || x === null || Object.isFrozen(x)) return x;
  Object.freeze(x);
  const props = Object.getOwnPropertyDescriptors(x);
  for (const k of Reflect.ownKeys(props)) {
    const d = props[k as keyof typeof props] as PropertyDescriptor;
    if ("value" in d) deepFreeze(d.value);
  }
  return x;
}

/**
 * The plain-data view of a tool spec. `input` (the argument schema the refinement check
 * compares) is computed on first access: most protocols are never compared with a parent.
 */
function graphToolOf(spec: AnyToolSpec, inputForm: string | undefined): GraphTool {
  const tool: GraphTool = {
    effect: spec.effect,
    outcomes: declaredOutcomes(spec),
    ...(spec.requiresConfirmation ? { requiresConfirmation: true } : {}),
    ...(spec.inert ? { inert: true } : {}),
    ...(spec.refines ? { refines: spec.refines } : {}),
    ...(spec.exit ? { exit: true } : {}),
    ...(spec.subjects ? { subjects: [...spec.subjects] } : {}),
    ...(spec.confirmationTtlMs !== undefined ? { confirmationTtlMs: spec.confirmationTtlMs } : {}),
    ...(spec.assumeRefinement ? { assumeRefinement: spec.assumeRefinement } : {}),
    ...(typeof spec.input === "object" && spec.input !== null ? { inputId: identityOf(spec.input) } : {}),
  };
  graphToolInputs.set(tool, { spec, computed: undefined });
  Object.defineProperty(tool, "input", INPUT_ACCESSOR);
  Object.defineProperty(tool, "inputUnknown", INPUT_UNKNOWN_ACCESSOR);
  // not enumerable: the graph's data (JSON, XState export) stays as it was; read by the refinement check only
  Object.defineProperty(tool, "inputForm", { value: inputForm, enumerable: false, configurable: false, writable: false });
  return tool;
}

/** Each graph tool's spec and, once read, its argument schema (or why it has none). */
const graphToolInputs = new WeakMap<object, { readonly spec: AnyToolSpec; computed: { input?: ArgumentSchema; unknown?: string } | undefined }>();

function computedInput(tool: object): { input?: ArgumentSchema; unknown?: string } {
  const entry = graphToolInputs.get(tool);
  if (!entry) return {};
  if (!entry.computed) {
    try {
      entry.computed = { input: deepFreeze(argumentSchema(entry.spec.input)) };
    } catch (e) {
      entry.computed = { unknown: e instanceof Error ? e.message : String(e) };
    }
  }
  return entry.computed;
}

// One getter per property for every graph tool (not a closure per tool): V8 then gives all graph
// tools of one shape one hidden class, and the refinement check's reads of them stay fast.
const INPUT_ACCESSOR: PropertyDescriptor = Object.freeze({
  enumerable: true,
  configurable: true,
  get(this: object) {
    return computedInput(this).input;
  },
});
const INPUT_UNKNOWN_ACCESSOR: PropertyDescriptor = Object.freeze({
  enumerable: true,
  configurable: true,
  get(this: object) {
    return computedInput(this).unknown;
  },
});

/** The hint for arguments that arrived as text: a duplicate key named, else "one JSON object". */
function textArgumentsHint(tool: string, text: string): string {
  let duplicate: string | undefined;
  try {
    JSON.parse(text);
    duplicate = firstDuplicateKey(text);
  } catch {
    duplicate = undefined;
  }
  return duplicate !== undefined
    ? `The arguments of "${tool}" name the key ${JSON.stringify(duplicate)} twice in one object, so readers disagree on its value; nothing ran. Call "${tool}" again with one JSON object that gives each key once.`
    : `Call "${tool}" again with its arguments as one JSON object matching its parameters (this text does not parse to one).`;
}

import type { z } from "zod";
import type { ArgumentSchema } from "./argument-schema.js";
import type { Guard } from "./guard.js";

/** Whether a tool only reads, or changes something outside the agent. */
export type Effect = "read" | "write";

/** What running a tool produced: its value, or the error it threw. */
export type ToolResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** A call the model (or code) wants to make. `id` is the provider's tool-call id when there is one. */
export interface ToolCall<TTool extends string = string> {
  readonly id?: string;
  readonly name: TTool;
  readonly arguments: unknown;
}

/** Token and call limits; every field optional. Used per run and per state. */
export interface BudgetLimits {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly totalTokens?: number;
  readonly toolCalls?: number;
}

/** How a tool is declared in a protocol. */
export interface ToolSpec<TOutcome extends string = string, TInput extends z.ZodType = z.ZodType> {
  /** Shown to the model. */
  readonly description?: string;
  /** zod schema of the arguments; it is also the JSON Schema the model sees. */
  readonly input: TInput;
  readonly effect: Effect;
  /** Every label `outcome` may return. Defaults to `["ok"]`. */
  readonly outcomes?: readonly TOutcome[];
  /**
   * Maps a result (or thrown error) to an outcome label. Defaults to `"ok"` for a value;
   * a thrown error maps to `"error"` when that outcome is declared, and is rethrown otherwise
   * (the state does not change).
   */
  readonly outcome?: (result: ToolResult, args: z.output<TInput>) => TOutcome;
  /** A write that may only run with the user's confirmation of these exact arguments. */
  readonly requiresConfirmation?: boolean;
  /** Argument fields naming the things a write changes (e.g. `reservation_id`), for stale-grant checks. */
  readonly subjects?: readonly string[];
  /**
   * The longest a user's confirmation of this tool stays valid, in milliseconds (the session's
   * confirmation `ttlMs` applies when it is shorter). A subclass may only lower it.
   */
  readonly confirmationTtlMs?: number;
  /**
   * In a subclass: why this tool's input schema is safe when the refinement check cannot prove
   * it accepts only what the parent tool accepts (a parent `.refine()`, different patterns).
   * It silences only "cannot prove refinement", never a proven counterexample.
   */
  readonly assumeRefinement?: string;
  /** A read-only tool new in a subclass, invisible to the parent's protocol. */
  readonly inert?: boolean;
  /** In a subclass: this tool stands for the named parent tool in the refinement check. */
  readonly refines?: string;
  /** Part of the exit path (end the conversation, transfer to a human): offered when only the reserve is left. */
  readonly exit?: boolean;
  /**
   * What performs this tool's effect (e.g. `"PaymentGateway.refund"`), for the static
   * analyzer's `bypass-call` rule; without it, the analyzer infers the sinks from the tool body.
   */
  readonly sinks?: readonly string[];
  /** Updates the session context from a result. */
  readonly reduce?: (context: any, args: z.output<TInput>, result: ToolResult, outcome: TOutcome) => any;
}

export type AnyToolSpec = ToolSpec<any, any>;

/** Outcome labels of a tool spec, as a literal union. */
export type OutcomesOf<T> = T extends ToolSpec<infer O, any> ? O : string;

/** The tools of a protocol, from per-tool outcome labels and input schemas (inferred by `defineProtocol`). */
export type ToolsOf<TO extends Record<string, string>, TI extends Record<string, z.ZodType>> = {
  readonly [K in keyof TO & keyof TI]: ToolSpec<TO[K], TI[K]>;
};

/** How a state is declared: for each allowed tool, the next state for every outcome. */
export type StateSpec<TO extends Record<string, string>, TState extends string> = {
  readonly description?: string;
  readonly on?: { readonly [K in keyof TO]?: { readonly [O in TO[K]]: TState } };
  /** Permission guards over the session context, per allowed tool. */
  readonly guards?: { readonly [K in keyof TO]?: Guard };
  /** Limits on what may be spent while in this state. */
  readonly budget?: BudgetLimits;
};

export interface ProtocolConfig<
  TO extends Record<string, string> = Record<string, string>,
  TI extends Record<string, z.ZodType> = Record<string, z.ZodType>,
  TState extends string = string,
  TContext = unknown,
> {
  readonly name: string;
  readonly description?: string;
  readonly initial: NoInfer<TState>;
  readonly terminal: readonly NoInfer<TState>[];
  readonly tools: ToolsOf<TO, TI>;
  readonly states: { readonly [S in TState]: StateSpec<NoInfer<TO>, NoInfer<TState>> };
  /** zod schema for the session context that guards read and reducers write. */
  readonly context?: z.ZodType<TContext>;
  readonly initialContext?: TContext;
  /** Limits for one agent run; `reserve` is kept for the exit path. */
  readonly budget?: BudgetLimits & { readonly reserve?: BudgetLimits };
}

/** The outcome labels of each tool of a tool map, as literal unions. */
export type OutcomeMapOf<TTools> = { [K in keyof TTools & string]: OutcomesOf<TTools[K]> };

/**
 * The config of a `Protocol<TTools, TState, TContext>`, typed precisely, so spreading it into
 * `defineProtocol({ ...parent.config, ... })` keeps tool outcomes and state names as literals.
 */
export interface ProtocolConfigOf<TTools, TState extends string, TContext> {
  readonly name: string;
  readonly description?: string;
  readonly initial: TState;
  readonly terminal: readonly TState[];
  readonly tools: TTools;
  readonly states: { readonly [S in TState]: StateSpec<OutcomeMapOf<TTools>, TState> };
  readonly context?: z.ZodType<TContext>;
  readonly initialContext?: TContext;
  readonly budget?: BudgetLimits & { readonly reserve?: BudgetLimits };
}

/** Any protocol config, loosely typed (what the runtime reads). */
export type AnyProtocolConfig = {
  readonly name: string;
  readonly description?: string;
  readonly initial: string;
  readonly terminal: readonly string[];
  readonly tools: Readonly<Record<string, AnyToolSpec>>;
  readonly states: Readonly<
    Record<
      string,
      {
        readonly description?: string;
        readonly on?: Readonly<Record<string, Readonly<Record<string, string>>>>;
        readonly guards?: Readonly<Record<string, Guard | undefined>>;
        readonly budget?: BudgetLimits;
      }
    >
  >;
  readonly context?: z.ZodType;
  readonly initialContext?: unknown;
  readonly budget?: BudgetLimits & { readonly reserve?: BudgetLimits };
};

/** A tool definition ready for an LLM's tool list. */
export interface ToolDefinition<TTool extends string = string> {
  readonly name: TTool;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
  readonly effect: Effect;
  readonly requiresConfirmation: boolean;
}

/** The plain-data shape of a protocol: what the refinement check, graphs and the analyzer read. */
export interface ProtocolGraph {
  readonly name: string;
  readonly initial: string;
  readonly terminal: readonly string[];
  readonly tools: Readonly<Record<string, GraphTool>>;
  readonly states: Readonly<Record<string, GraphState>>;
  readonly budget?: BudgetLimits & { readonly reserve?: BudgetLimits };
}

export interface GraphTool {
  readonly effect: Effect;
  readonly outcomes: readonly string[];
  readonly requiresConfirmation?: boolean;
  readonly inert?: boolean;
  readonly refines?: string;
  readonly exit?: boolean;
  readonly subjects?: readonly string[];
  readonly confirmationTtlMs?: number;
  /** The input schema as JSON Schema with zod-only marks (see `argumentSchema`). */
  readonly input?: ArgumentSchema;
  /** Identity of the input schema: equal ids are the same schema object (no comparison needed). */
  readonly inputId?: string;
  /**
   * The input schema's normal form, when it is a plain object of required string, number,
   * integer and boolean fields (see `compileArgumentSchema`): equal forms are equal argument
   * schemas (no comparison needed). Set by `defineProtocol` (not enumerable); @internal
   */
  readonly inputForm?: string | undefined;
  /** Why the input schema is not known (the static analyzer could not read it). */
  readonly inputUnknown?: string;
  readonly assumeRefinement?: string;
}

export interface GraphState {
  /** tool → outcome → next state */
  readonly on: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** tool → guard conjuncts (names), when the permission is guarded */
  readonly guards?: Readonly<Record<string, readonly string[]>>;
  readonly budget?: BudgetLimits;
}

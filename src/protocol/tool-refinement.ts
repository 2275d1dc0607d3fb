/**
 * Refinement of one tool's safety attributes: a child tool that stands for a parent tool (same
 * name, or `refines`) must be at least as strict as it. Part of `checkRefinement`, which calls
 * it for each child tool the first time a child trace uses it (so the counterexample trace is
 * the shortest one reaching the weaker tool).
 *
 * @internal
 */
import { sameInputSchema } from "./argument-schema.js";
import { formatSchemaPath, compareArgumentSchemas, type VerifyArguments } from "./schema-containment.js";
import type { GraphTool } from "./types.js";

export type ToolRefinementKind = "effect" | "confirmation" | "subjects" | "expiry" | "arguments" | "unprovable";

export interface ToolRefinementFailure {
  readonly kind: ToolRefinementKind;
  /** What is weaker, without the trace (the caller adds where). */
  readonly message: string;
  /** For `arguments`: arguments the child tool accepts and the parent tool rejects. */
  readonly counterexample?: unknown;
}

export interface ToolNames {
  readonly child: string;
  readonly parent: string;
  readonly tool: string;
  readonly parentTool: string;
}

/** Verifies a candidate counterexample with the real input schemas of a child tool and its parent tool. */
export type VerifyToolArguments = (childTool: string, parentTool: string, value: unknown) => ReturnType<VerifyArguments>;

/**
 * Whether a child tool's real input schema is its parent tool's written again (true only when
 * their argument schemas are equal; false: not known, compare them).
 */
export type SameToolInputs = (childTool: string, parentTool: string) => boolean;

/** What `compareToolAttributes` may use besides the graphs (at import time: the real zod schemas). */
export interface ToolSchemaAccess {
  readonly verify?: VerifyToolArguments | undefined;
  readonly sameInputs?: SameToolInputs | undefined;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 200 ? s.slice(0, 197) + "..." : s;
}

function toolRef(name: string, tool: string): string {
  return `${name}'s ${tool}`;
}

/** The first attribute in which the child tool is weaker than the parent tool, or undefined. */
export function compareToolAttributes(child: GraphTool, parent: GraphTool, n: ToolNames, schemas: ToolSchemaAccess = {}): ToolRefinementFailure | undefined {
  // (the messages are built only for a failure: this runs for every tool of every subclass at import time)
  if (child === parent) return undefined; // the very same tool (a shared graph part): identity before structure
  if (parent.effect === "write" && child.effect !== "write") {
    return {
      kind: "effect",
      message: `${toolRef(n.child, n.tool)} is declared effect "${child.effect}", but it stands for ${toolRef(n.parent, n.parentTool)}, a write: a subclass may not turn a write into a read (reads skip confirmation and exactly-once handling). Fix: declare ${n.tool} with effect: "write".`,
    };
  }
  if (parent.requiresConfirmation === true && child.requiresConfirmation !== true) {
    return {
      kind: "confirmation",
      message: `${toolRef(n.child, n.tool)} runs without the user's confirmation, but ${toolRef(n.parent, n.parentTool)} requires it (requiresConfirmation: true): the subclass would perform the write the parent refuses with confirmation_missing. Fix: declare ${n.tool} with requiresConfirmation: true.`,
    };
  }
  const pSubjects = parent.subjects;
  if (pSubjects !== undefined && pSubjects.length > 0) {
    const cSubjects = new Set(child.subjects ?? []);
    const dropped = pSubjects.filter((s) => !cSubjects.has(s));
    if (dropped.length > 0) {
      return {
        kind: "subjects",
        message: `${toolRef(n.child, n.tool)} names the subjects [${[...cSubjects].join(", ")}], but ${toolRef(n.parent, n.parentTool)} names [${pSubjects.join(", ")}]: a subclass may only add subjects (each one makes a confirmation of a changed thing go stale); it drops ${dropped.join(", ")}. Fix: keep subjects: [${[...new Set([...pSubjects, ...cSubjects])].map((s) => JSON.stringify(s)).join(", ")}].`,
      };
    }
  }
  if (parent.confirmationTtlMs !== undefined && !(child.confirmationTtlMs !== undefined && child.confirmationTtlMs <= parent.confirmationTtlMs)) {
    const childSays =
      child.confirmationTtlMs === undefined
        ? "sets no confirmationTtlMs (so the session's default lifetime applies)"
        : `keeps a confirmation valid for ${child.confirmationTtlMs} ms`;
    return {
      kind: "expiry",
      message: `${toolRef(n.child, n.tool)} ${childSays}, but ${toolRef(n.parent, n.parentTool)} lets a confirmation live at most ${parent.confirmationTtlMs} ms: a subclass may only make confirmations expire sooner. Fix: set confirmationTtlMs to at most ${parent.confirmationTtlMs} on ${n.tool}.`,
    };
  }
  return compareInputs(child, parent, n, schemas);
}

function compareInputs(child: GraphTool, parent: GraphTool, n: ToolNames, schemas: ToolSchemaAccess): ToolRefinementFailure | undefined {
  if (child.inputId !== undefined && child.inputId === parent.inputId) return undefined;
  // two schemas of the same normal form, computed when each protocol was defined: equal argument schemas
  if (child.inputForm !== undefined && child.inputForm === parent.inputForm) return undefined;
  // the parent's schema written again (equal argument schemas, so contained): nothing to convert
  if (schemas.sameInputs?.(n.tool, n.parentTool) === true) return undefined;
  const verify = schemas.verify;
  const c = toolRef(n.child, n.tool);
  const p = toolRef(n.parent, n.parentTool);
  const unprovable = (why: string): ToolRefinementFailure | undefined =>
    child.assumeRefinement
      ? undefined
      : {
          kind: "unprovable",
          message: `Cannot prove refinement: ${c} may accept arguments ${p} rejects (${why}). Fix: reuse ${n.parent}'s schema or make the difference decidable (same patterns, no parent-only .refine()), or, when the difference is safe, say why with assumeRefinement: "<reason>" on ${n.tool}.`,
        };
  // (read once: a protocol computes `input` on first access)
  const pInput = parent.input;
  const cInput = child.input;
  if (parent.inputUnknown !== undefined) return unprovable(`the input schema of ${p} cannot be read: ${parent.inputUnknown}`);
  if (pInput === undefined) return undefined; // the parent declares no schema: it accepts any arguments
  if (child.inputUnknown !== undefined) return unprovable(`the input schema of ${c} cannot be read: ${child.inputUnknown}`);
  // a child tool without a schema accepts any arguments
  const r = compareArgumentSchemas(cInput ?? {}, pInput, verify ? (v) => verify(n.tool, n.parentTool, v) : undefined);
  if (r.ok) return undefined;
  if (!r.proven) return unprovable(r.reason);
  return {
    kind: "arguments",
    message: `${c} accepts arguments ${p} rejects: ${r.reason}. Counterexample: ${n.tool}(${show(r.counterexample)}). Fix: make ${n.tool}'s input schema at least as strict at ${formatSchemaPath(r.path)} (a subclass may only narrow what a tool accepts).`,
    counterexample: r.counterexample,
  };
}

/**
 * A `sameInputs` for two protocols: whether the child tool's zod input schema is structurally
 * the parent tool's (see `sameInputSchema`), decided on the zod schemas without converting them.
 */
export function sameInputsWith(child: WithToolSchemas, parent: WithToolSchemas): SameToolInputs {
  return (childTool, parentTool) => {
    const c = child.tools[childTool];
    const p = parent.tools[parentTool];
    return c !== undefined && p !== undefined && c.input !== undefined && sameInputSchema(c.input, p.input);
  };
}

/** Objects with the tools of a protocol (a `Protocol`), whose inputs are zod schemas. */
interface WithToolSchemas {
  readonly tools: Readonly<Record<string, { readonly input?: unknown } | undefined>>;
}

/**
 * A `verifyArguments` for two protocols: runs each tool's zod input schema (`safeParse`) on a
 * candidate counterexample, so a difference only zod checks decide is shown with a real value.
 */
export function verifyWith(child: WithToolSchemas, parent: WithToolSchemas): VerifyToolArguments {
  const parses = (schema: unknown, value: unknown): boolean | undefined => {
    const parse = (schema as { safeParse?: (v: unknown) => { success: boolean } } | undefined)?.safeParse;
    if (typeof parse !== "function") return undefined;
    try {
      return parse.call(schema, value).success;
    } catch {
      return undefined;
    }
  };
  return (childTool, parentTool, value) => {
    const c = parses(child.tools[childTool]?.input, value);
    const p = parses(parent.tools[parentTool]?.input, value);
    return c === undefined || p === undefined ? undefined : { child: c, parent: p };
  };
}

/**
 * Guards over the session context. A guard is a conjunction of named predicates, so the
 * refinement check can compare guards syntactically: a child guard refines its parent's when
 * it is `parent ∧ extra`, i.e. its conjuncts include every conjunct of the parent's.
 */
export interface GuardConjunct {
  readonly name: string;
  /** `args` are the call's arguments as its schema parsed them (the ones the body runs with) when a call is validated; undefined when tools are listed for a state. (When the schema refuses them, the guard is asked first about the raw arguments.) */
  readonly test: (context: any, args?: any) => boolean;
  /** Shown when the guard fails: what must hold. */
  readonly description?: string;
}

export interface Guard {
  readonly kind: "concordat.guard";
  readonly conjuncts: readonly GuardConjunct[];
}

/** A named predicate over the session context. */
export function guard<TContext = any, TArgs = any>(name: string, test: (context: TContext, args?: TArgs) => boolean, description?: string): Guard {
  if (!name) throw new TypeError('guard(name, test): name must be a non-empty string, e.g. guard("eligible", ctx => ctx.eligible)');
  return { kind: "concordat.guard", conjuncts: [{ name, test, ...(description ? { description } : {}) }] };
}

/** The conjunction of guards (`parent ∧ extra`). */
export function allOf(...guards: Guard[]): Guard {
  const seen = new Map<string, GuardConjunct>();
  for (const g of guards) for (const c of g.conjuncts) if (!seen.has(c.name)) seen.set(c.name, c);
  return { kind: "concordat.guard", conjuncts: [...seen.values()] };
}

/** The first conjunct that fails on this context, or undefined when the guard holds. */
export function failingConjunct(g: Guard, context: unknown, args?: unknown): GuardConjunct | undefined {
  for (const c of g.conjuncts) {
    let ok = false;
    try {
      ok = c.test(context, args) === true;
    } catch {
      ok = false;
    }
    if (!ok) return c;
  }
  return undefined;
}

export function isGuard(x: unknown): x is Guard {
  return typeof x === "object" && x !== null && (x as Guard).kind === "concordat.guard";
}

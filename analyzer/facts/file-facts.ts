/**
 * What the analyzer extracts from one source file, on its own: declarations, imports, exports,
 * call sites and the raw expressions of decorators and protocol definitions. Facts refer to
 * other files only by module specifier and name, so they can be cached per file (content hash)
 * and linked later without parsing unchanged files again.
 */

/** 1-based source range. */
export interface Loc {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A statically readable expression, kept symbolic until the linker evaluates it. */
export type SValue =
  | { readonly k: "lit"; readonly v: string | number | boolean | null | undefined; readonly loc: Loc }
  | { readonly k: "obj"; readonly entries: readonly ObjEntry[]; readonly loc: Loc }
  | { readonly k: "arr"; readonly items: readonly ArrItem[]; readonly loc: Loc }
  | { readonly k: "ref"; readonly name: string; readonly loc: Loc }
  | { readonly k: "member"; readonly obj: SValue; readonly prop: string; readonly loc: Loc }
  | { readonly k: "call"; readonly callee: SValue; readonly args: readonly SValue[]; readonly loc: Loc }
  | { readonly k: "new"; readonly callee: SValue; readonly loc: Loc }
  | { readonly k: "index"; readonly obj: SValue; readonly key: SValue; readonly loc: Loc }
  | { readonly k: "cond"; readonly test: SValue; readonly then: SValue; readonly else: SValue; readonly loc: Loc }
  | { readonly k: "fn"; readonly loc: Loc }
  | { readonly k: "regex"; readonly source: string; readonly flags: string; readonly loc: Loc }
  | { readonly k: "unknown"; readonly text: string; readonly reason: string; readonly loc: Loc };

export type ObjEntry =
  | { readonly key: string; readonly value: SValue }
  | { readonly spread: SValue }
  | { readonly computed: string; readonly keyValue?: SValue; readonly value?: SValue; readonly loc: Loc };

export type ArrItem = SValue | { readonly k: "spread"; readonly value: SValue; readonly loc: Loc };

/** A type name as written: `Foo` → {name: "Foo", path: []}, `ns.Foo` → {name: "ns", path: ["Foo"]}. */
export interface TypeRef {
  readonly name: string;
  readonly path: readonly string[];
}

/** Where a member chain starts. `module` is an identifier of module scope (declaration or import). */
export type Recv =
  | { readonly k: "this" }
  | { readonly k: "super" }
  | { readonly k: "type"; readonly type: TypeRef }
  | { readonly k: "module"; readonly name: string }
  | { readonly k: "unknown" };

/** `this.payments.refund` → root this, path ["payments", "refund"]. */
export interface Chain {
  readonly root: Recv;
  readonly path: readonly string[];
}

export interface CallSite {
  readonly loc: Loc;
  readonly chain: Chain;
  readonly text: string;
  /** A builder step: its result is the receiver of another call (`db.prepare(sql)` in `db.prepare(sql).run()`). */
  readonly builder?: true;
  /**
   * The first argument of a call of a generic client method (`api.post("/refunds", ...)`,
   * `db.query("UPDATE ...")`): calls with different constant first arguments are different effects.
   */
  readonly arg0?: SValue;
  /** `f.call(thisArg, ...)` / `f.apply(thisArg, ...)`: the chain of `thisArg` (`this` for borrowed helpers). */
  readonly thisArg?: Chain;
}

export type DynKind = "computed" | "reflect" | "call-apply-bind" | "method-value" | "prototype" | "eval";

export interface DynSite {
  readonly loc: Loc;
  readonly kind: DynKind;
  /** The receiver or function the site reaches, when it can be read. */
  readonly chain?: Chain;
  readonly text: string;
}

/** `x.y = value` (an own-instance assignment when the chain is `this.name` or an agent variable). */
export interface AssignSite {
  readonly loc: Loc;
  readonly chain: Chain;
  readonly text: string;
  /** `this.m = this.m.bind(this)`: keeps the prototype's (wrapped) method. */
  readonly bindsSelf: boolean;
  readonly newType?: TypeRef;
}

export interface BodyFacts {
  readonly calls: CallSite[];
  readonly dyn: DynSite[];
  readonly assigns: AssignSite[];
}

export type MemberKind = "method" | "get" | "set" | "property" | "arrow-property" | "constructor";

export interface MemberFacts {
  readonly name: string;
  readonly loc: Loc;
  readonly isStatic: boolean;
  readonly kind: MemberKind;
  readonly decorators: readonly SValue[];
  /** Declared type of a property (annotation or `new X()` initializer), or a method's or getter's declared return type. */
  readonly type?: TypeRef;
  readonly body?: BodyFacts;
  /** An `async` method or arrow property, or one declared to return a Promise. */
  readonly async?: true;
  /** A getter or method whose body returns one member chain (`return this.payments`). */
  readonly returns?: Chain;
}

export interface ClassFacts {
  readonly kind: "class";
  readonly name: string;
  readonly loc: Loc;
  readonly extends?: SValue;
  /** `implements A, B`. */
  readonly implements?: readonly TypeRef[];
  /** Declared `abstract`. */
  readonly abstract?: true;
  readonly decorators: readonly SValue[];
  readonly members: readonly MemberFacts[];
}

export interface FunctionFacts {
  readonly kind: "function";
  readonly name: string;
  readonly loc: Loc;
  readonly params: readonly string[];
  readonly body: BodyFacts;
  /** `(a) => expr` or `{ return expr; }`: the returned expression, for static evaluation of builder helpers. */
  readonly returns?: SValue;
  /** `const x = expr;` statements before that `return`, in order. */
  readonly locals?: readonly (readonly [string, SValue])[];
  /** A mixin: the function returns `class extends <param> { ... }`. */
  readonly returnsClass?: ClassFacts;
  /** The declared return type (`: Gateway`, `: Promise<Gateway>`): what `const gw = make()` holds. */
  readonly returnType?: TypeRef;
}

export interface ValueFacts {
  readonly kind: "value";
  readonly name: string;
  readonly loc: Loc;
  readonly value: SValue;
  /** `const db = new Db()` or `const db: Db = ...`. */
  readonly type?: TypeRef;
}

export interface TypeFacts {
  readonly kind: "type";
  readonly name: string;
  readonly loc: Loc;
  /** `type X = Y` (a plain reference, type arguments dropped): what X stands for. */
  readonly alias?: TypeRef;
  /** `interface X extends A, B`. */
  readonly extends?: readonly TypeRef[];
  /** An interface (as opposed to a type alias). */
  readonly isInterface?: true;
  /** The alias is written with a type the syntax cannot follow (`Pick<...>`, `typeof x`, unions): the type checker is asked. */
  readonly complex?: true;
}

export type Decl = ClassFacts | FunctionFacts | ValueFacts | TypeFacts;

export interface ImportFacts {
  readonly from: string;
  /** Exported name, "default", or "*" for a namespace import. */
  readonly name: string;
}

export type ExportFacts = { readonly local: string } | { readonly from: string; readonly name: string };

export interface SuppressionFacts {
  readonly loc: Loc;
  /** The line the suppression applies to. */
  readonly targetLine: number;
  readonly rules: readonly string[];
  readonly reason: string;
}

export interface FileFacts {
  readonly version: number;
  readonly path: string;
  readonly hash: string;
  readonly decls: Record<string, Decl>;
  readonly imports: Record<string, ImportFacts>;
  readonly exports: Record<string, ExportFacts>;
  readonly exportStars: readonly string[];
  readonly topLevel: BodyFacts;
  readonly suppressions: readonly SuppressionFacts[];
  readonly lineCount: number;
  /** What the parser could not read: the file's other facts may be incomplete. */
  readonly syntaxErrors?: readonly { readonly loc: Loc; readonly message: string }[];
}

export const FACTS_VERSION = 10;

/**
 * Learned argument shapes for the trace chain's fold (trace-chain.ts): per tool, an encoder
 * compiled for the key list its arguments had when last walked. An encoder writes exactly the
 * bytes the fold's generic walk writes for a plain object with those own keys in that order, or
 * declines (having written nothing) for anything else, so the digest never depends on which
 * shapes were learned. test/runtime/trace-chain-encoder.test.ts holds it to an independent
 * reference.
 *
 * Built with `new Function` (keys embedded as JSON string literals, fixed checks); where code
 * generation is not allowed (a strict Content-Security-Policy), no shapes: the walk writes
 * everything.
 *
 * @internal
 */

/** What the generated code writes with (the fold's buffer and its walk). */
export interface ShapeWriter {
  /** Makes room for `n` more bytes; the position to write them at. */
  readonly reserve: (n: number) => number;
  /** The buffer (read after `reserve`, which may replace it). */
  readonly out: () => Buffer;
  /** Moves the position past `n` bytes written. */
  readonly advance: (n: number) => void;
  /** The walk, for a value (throws the walk's own error for data that is not plain). */
  readonly writeValue: (v: unknown, depth: number) => void;
  readonly writeByte: (c: number) => void;
  readonly writeQuoted: (s: string) => void;
}

/**
 * Writes `a` exactly as `writeValue(a, 0)` would when `a` is a plain object whose own enumerable
 * keys are the shape's keys, in that order, none of them undefined, a function or a symbol;
 * returns false, having written nothing, otherwise. The keys' bytes are constants of the
 * compiled code; the values go through `writeValue`. With `valuesOnly` (chain 3's repeated key
 * list), the same checks, and only the values are written: no `{`, no keys, no `}`.
 * `keysId` is `JSON.stringify` of the key list.
 */
export type ShapeEncoder = ((a: object, valuesOnly: boolean) => boolean) & { readonly keysId: string };

const MAX_TOOLS = 4096;
const MAX_SHAPES = 512;
const MAX_SHAPE_KEYS = 32;

/**
 * The fold's shapes: `shapes` (the encoder learned per tool) and `learnShape`.
 * @param w What the generated code writes with.
 */
export function shapeRegistry(w: ShapeWriter): {
  readonly shapes: Map<string, ShapeEncoder>;
  readonly learnShape: (tool: unknown, a: object, current: ShapeEncoder | undefined) => ShapeEncoder | undefined;
} {
  /** The shape each tool's arguments had when last walked (bounded: see learnShape). */
  const shapes = new Map<string, ShapeEncoder>();
  /** Compiled encoders by key list (bounded). */
  const compiledShapes = new Map<string, ShapeEncoder>();

  /**
   * After the walk wrote `a` (a plain object), remembers its key list for `tool`; the encoder now
   * in effect for the tool. Bounded: at most `MAX_TOOLS` tools and `MAX_SHAPES` compiled key lists
   * per process (past that, the walk writes what has no shape yet).
   */
  function learnShape(tool: unknown, a: object, current: ShapeEncoder | undefined): ShapeEncoder | undefined {
    if (typeof tool !== "string" || (current === undefined && shapes.size >= MAX_TOOLS) || codegen === false) return current;
    const keys = Object.keys(a);
    if (keys.length > MAX_SHAPE_KEYS || keys.includes("__proto__")) return current;
    const id = JSON.stringify(keys);
    let shape = compiledShapes.get(id);
    if (shape === undefined) {
      if (compiledShapes.size >= MAX_SHAPES) return current;
      shape = shapeEncoder(keys, id, w);
      if (shape === undefined) return current;
      compiledShapes.set(id, shape);
    }
    shapes.set(tool, shape);
    return shape;
  }
  return { shapes, learnShape };
}

/** Whether code generation is allowed (a strict Content-Security-Policy forbids it: no shapes, the walk writes everything). */
let codegen: boolean | undefined;

/**
 * The encoder of one key list: generated code that checks the object (prototype, no `toJSON`,
 * exactly these own enumerable keys in this order, no value JSON leaves out) before writing
 * anything, then stores each key's bytes (`"key"` as JSON writes it, UTF-8) as constants and
 * writes each value with `writeValue`. Keys are embedded as JSON string literals.
 */
function shapeEncoder(keys: readonly string[], keysId: string, w: ShapeWriter): ShapeEncoder | undefined {
  // (keys as string literals, compared in the order for-in gives them; the globals' own
  // methods, which the optimizing compiler knows: `hasOwnProperty.call` in a for-in over the
  // object is a map check)
  const lit = keys.map((k) => JSON.stringify(k));
  let body = `if (typeof a.toJSON === "function") return false;
const pr = Object.getPrototypeOf(a);
if (pr !== Object.prototype && pr !== null) return false;
let i = 0;
for (const k in a) {
  switch (i++) {
${lit.map((k, i) => `    case ${i}: if (k !== ${k}) return false; break;`).join("\n")}
    default: return false;
  }
  if (!Object.prototype.hasOwnProperty.call(a, k)) return false;
}
if (i !== ${keys.length}) return false;
`;
  lit.forEach((k, i) => {
    body += `const v${i} = a[${k}];
if (v${i} === undefined || typeof v${i} === "function" || typeof v${i} === "symbol") return false;
`;
  });
  // (`{` goes with the first key's bytes; a key's bytes are stored as constants after one capacity check)
  keys.forEach((k, i) => {
    const bytes = [...(i === 0 ? [0x7b] : []), ...Buffer.from(JSON.stringify(k), "utf8")];
    body += `if (!valuesOnly) { const p = reserve(${bytes.length}); const b = out(); ${bytes.map((c, j) => `b[p + ${j}] = ${c};`).join(" ")} advance(${bytes.length}); }\nif (typeof v${i} === "string") writeQuoted(v${i}); else writeValue(v${i}, 1);\n`;
  });
  body += keys.length === 0 ? `if (!valuesOnly) { writeByte(0x7b);\nwriteByte(0x7d); }\nreturn true;` : `if (!valuesOnly) writeByte(0x7d);\nreturn true;`;
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code holds the keys as JSON string literals and fixed checks only
    const make = new Function(
      "reserve",
      "out",
      "advance",
      "writeValue",
      "writeByte",
      "writeQuoted",
      `return function shapeEncoder(a, valuesOnly) {\n${body}\n};`,
    ) as (...args: unknown[]) => (a: object, valuesOnly: boolean) => boolean;
    codegen = true;
    return Object.assign(make(w.reserve, w.out, w.advance, w.writeValue, w.writeByte, w.writeQuoted), { keysId });
  } catch {
    codegen = false;
    return undefined;
  }
}

/**
 * The analyzer rebuilds input schemas from zod source and must see the same argument schema the
 * runtime builds from the real zod objects (so both refinement checks compare the same thing).
 * Each expression below is evaluated both ways; identities of refine/pipe marks differ between
 * the two (they are per object) and are compared as placeholders.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { extractFileFacts } from "../../analyzer/facts/extract-file-facts.js";
import { loadTsMorphProject } from "../../analyzer/load-project.js";
import { Analysis } from "../../analyzer/model/analysis.js";
import { ProgramModel } from "../../analyzer/model/program.js";
import { argumentSchema } from "../../src/protocol/argument-schema.js";
import { buildProject } from "./harness.js";

const EXPRESSIONS = [
  `z.object({ id: z.string().min(1).max(40), amount: z.number().positive().max(500).multipleOf(0.01) })`,
  `z.strictObject({ id: z.uuid(), when: z.iso.datetime(), mail: z.email().optional() })`,
  `z.looseObject({ tags: z.array(z.string().regex(/^[a-z]+$/i)).min(1).max(5) })`,
  `z.object({ kind: z.enum(["full", "partial"]), n: z.int().gte(0).lt(10), flag: z.boolean().default(false) })`,
  `z.object({ pair: z.tuple([z.string(), z.number()]), rest: z.tuple([z.string()], z.number()) })`,
  `z.object({ v: z.union([z.string(), z.number().nullable()]), lit: z.literal("x"), lits: z.literal([1, 2]) })`,
  `z.discriminatedUnion("t", [z.object({ t: z.literal("a"), a: z.string() }), z.object({ t: z.literal("b"), b: z.number() })])`,
  `z.object({ m: z.record(z.string(), z.number()), e: z.record(z.enum(["x", "y"]), z.boolean()) })`,
  `z.object({ a: z.number().refine((n) => n > 1), b: z.string().transform((s) => s.length), c: z.coerce.number() })`,
  `z.object({ a: z.preprocess((x) => Number(x), z.number()), b: z.number().catch(0), c: z.string().pipe(z.string().min(2)) })`,
  `z.object({ id: z.string() }).extend({ amount: z.number().max(5) }).partial().required({ id: true })`,
  `z.object({ a: z.string(), b: z.number() }).pick({ a: true }).catchall(z.number())`,
  `z.object({ when: z.date(), big: z.bigint(), any: z.any(), none: z.never().optional() })`,
  `z.object({ url: z.url(), ip: z.ipv4(), phone: z.e164(), starts: z.string().startsWith("B").endsWith("9") })`,
];

function stripIds(x: unknown): unknown {
  return JSON.parse(JSON.stringify(x), (k, v) => (k === "id" && typeof v === "string" && v.startsWith("#") ? "#" : v));
}

describe("argument schemas: read from source = built at run time", () => {
  const source = `import { z } from "zod";
import { defineProtocol } from "concordat";

export const p = defineProtocol({
  name: "p",
  initial: "a",
  terminal: ["b"],
  tools: {
${EXPRESSIONS.map((e, i) => `    t${i}: { input: ${e}, effect: "read" },`).join("\n")}
  },
  states: { a: { on: { ${EXPRESSIONS.map((_, i) => `t${i}: { ok: "b" }`).join(", ")} } }, b: {} },
});
`;
  const loaded = loadTsMorphProject(buildProject([{ dir: "case", files: { "p.ts": source } }]));
  const analysis = new Analysis(new ProgramModel(loaded.host, loaded.rootFiles, (p, t) => extractFileFacts(p, t)));
  analysis.extractProtocols();
  const graph = analysis.extractedProtocols().find((x) => x.graph.name === "p")?.graph;

  EXPRESSIONS.forEach((expr, i) => {
    it(expr, () => {
      const runtime = argumentSchema(new Function("z", `return ${expr};`)(z));
      const tool = graph?.tools[`t${i}`];
      expect(tool?.inputUnknown).toBeUndefined();
      expect(stripIds(tool?.input)).toEqual(stripIds(runtime));
    });
  });

  it("z.lazy and non-static arguments are unreadable, with the reason", () => {
    const src = `import { z } from "zod";\nimport { defineProtocol } from "concordat";\ndeclare const max: number;\nconst Node = z.lazy(() => z.string());\nexport const q = defineProtocol({ name: "q", initial: "a", terminal: ["b"], tools: { lazy: { input: z.object({ n: Node }), effect: "read" }, dyn: { input: z.object({ n: z.number().max(max) }), effect: "read" } }, states: { a: { on: { lazy: { ok: "b" }, dyn: { ok: "b" } } }, b: {} } });\n`;
    const l = loadTsMorphProject(buildProject([{ dir: "case", files: { "q.ts": src } }]));
    const a = new Analysis(new ProgramModel(l.host, l.rootFiles, (p, t) => extractFileFacts(p, t)));
    a.extractProtocols();
    const g = a.extractedProtocols().find((x) => x.graph.name === "q")?.graph;
    expect(g?.tools["lazy"]?.inputUnknown).toMatch(/z\.lazy\(\) cannot be read statically \(recursive schemas are not compared\)/);
    expect(g?.tools["dyn"]?.inputUnknown).toMatch(/max has no initializer/);
  });
});

/**
 * Where syntax cannot tell which method a call runs or which constant a tool name has, the
 * analyzer asks the TypeScript checker (analyzer/model/type-oracle.ts). Each invalid case was
 * missed, and each constant-name case falsely reported, before the oracle; the valid cases are
 * look-alikes the checker must not turn into findings.
 */
import { describe, expect, it } from "vitest";
import { base } from "./fixtures.js";
import { checkFiles, errorAt, ruleTable, type Files } from "./harness.js";

const agentText = base["refund-agent.ts"];

/** A module of code outside the agent, with the project's payment classes imported. */
const outside = (body: string, extra: Files = {}): Files => ({
  ...base,
  ...extra,
  "ops.ts": `import { BookingDb, PaymentGateway } from "./payments.js";\n\n${body}`,
});

// ---------------------------------------------------------------- receivers typed by a utility type

const pickReceiver = outside(`export async function payout(r: Pick<PaymentGateway, "refund">, id: string) {
  await r.refund(id, 1);
}
`);
const readonlyReceiver = outside(`export async function payout(r: Readonly<PaymentGateway>, id: string) {
  await r.refund(id, 2);
}
`);
const pickRead = outside(`export async function lookup(r: Pick<BookingDb, "find">, id: string) {
  return r.find(id);
}
`);

// ---------------------------------------------------------------- callbacks and loops over arrays

const forEachCallback = outside(`export function payAll(gateways: PaymentGateway[], id: string) {
  gateways.forEach((g) => void g.refund(id, 3));
}
`);
const mapCallback = outside(`export async function payAll(gateways: readonly PaymentGateway[], id: string) {
  await Promise.all(gateways.map((g) => g.refund(id, 4)));
}
`);
const forOf = outside(`export async function payAll(gateways: PaymentGateway[], id: string) {
  for (const g of gateways) await g.refund(id, 5);
}
`);
/** An unrelated class with a method named refund: the checker knows it is not the gateway. */
const ledger = `export class Ledger {\n  async refund(id: string, amount: number): Promise<void> {\n    console.log(id, amount);\n  }\n}\n`;
const lookAlikeCallback = outside(
  `import { Ledger } from "./ledger.js";

export function undoAll(ledgers: Ledger[], dbs: BookingDb[], id: string) {
  ledgers.forEach((l) => void l.refund(id, 6));
  dbs.forEach((d) => void d.find(id));
}
`,
  { "ledger.ts": ledger },
);

// ---------------------------------------------------------------- containers and maps

const containerModule = `export class Container {
  private readonly made = new Map<unknown, unknown>();
  get<T>(ctor: new () => T): T {
    if (!this.made.has(ctor)) this.made.set(ctor, new ctor());
    return this.made.get(ctor) as T;
  }
}
export const container = new Container();
`;
const containerInline = outside(
  `import { container } from "./container.js";

export async function nightly(id: string) {
  await container.get(PaymentGateway).refund(id, 7);
}
`,
  { "container.ts": containerModule },
);
const containerRead = outside(
  `import { container } from "./container.js";

export async function lookup(id: string) {
  return container.get(BookingDb).find(id);
}
`,
  { "container.ts": containerModule },
);
const mapOfGateways = outside(`export class Router {
  constructor(private readonly byRegion: Map<string, PaymentGateway>) {}

  async payEu(id: string) {
    await this.byRegion.get("eu")?.refund(id, 8);
  }
}
`);

ruleTable("bypass-call", {
  valid: [
    { name: "Pick<> of a read-only class", files: pickRead },
    { name: "callbacks over arrays of an unrelated class with a same-named method, and of a read class", files: lookAlikeCallback },
    { name: "container.get(X) of a read class", files: containerRead },
  ],
  invalid: [
    { name: "a receiver typed Pick<PaymentGateway, 'refund'>", files: pickReceiver, errors: [errorAt(pickReceiver, "ops.ts", "r.refund(id, 1)")] },
    { name: "a receiver typed Readonly<PaymentGateway>", files: readonlyReceiver, errors: [errorAt(readonlyReceiver, "ops.ts", "r.refund(id, 2)")] },
    { name: "forEach callback over PaymentGateway[]", files: forEachCallback, errors: [errorAt(forEachCallback, "ops.ts", "g.refund(id, 3)")] },
    { name: "map callback over readonly PaymentGateway[]", files: mapCallback, errors: [errorAt(mapCallback, "ops.ts", "g.refund(id, 4)")] },
    { name: "for...of over PaymentGateway[]", files: forOf, errors: [errorAt(forOf, "ops.ts", "g.refund(id, 5)")] },
    {
      name: "container.get(PaymentGateway).refund() inline, on a generic container class",
      files: containerInline,
      errors: [errorAt(containerInline, "ops.ts", "container.get(PaymentGateway).refund(id, 7)")],
    },
    {
      name: "a Map<string, PaymentGateway> value, optionally called",
      files: mapOfGateways,
      errors: [errorAt(mapOfGateways, "ops.ts", `this.byRegion.get("eu")?.refund(id, 8)`)],
    },
  ],
});

// ---------------------------------------------------------------- computed constant tool names

/** The agent with `@tool("issue_refund")` replaced by another name expression. */
const named = (expr: string, names: string): Files => ({
  ...base,
  "names.ts": names,
  "refund-agent.ts": agentText
    .replace(
      `import { refundProtocol } from "./refund-protocol.js";`,
      `import { refundProtocol } from "./refund-protocol.js";\nimport * as names from "./names.js";`,
    )
    .replace(`@tool("issue_refund")`, `@tool(${expr})`),
});
const literalReturn = named("names.refundName()", `export function refundName(): "issue_refund" {\n  return "issue_refund";\n}\n`);
const templateConst = named(
  "names.REFUND",
  `const VERB = "issue" as const;\nconst NOUN = "refund" as const;\nexport const REFUND = \`\${VERB}_\${NOUN}\` as const;\n`,
);
const typedConst = named(
  "names.REFUND",
  `export type ToolId = "lookup_booking" | "issue_refund";\nfunction id<T extends ToolId>(t: T): T {\n  return t;\n}\nexport const REFUND = id("issue_refund");\n`,
);
const wideName = named("names.refundName()", `export function refundName(): string {\n  return ["issue", "refund"].join("_");\n}\n`);

ruleTable("unknown-tool", {
  valid: [
    { name: "a function whose return type is the literal name", files: literalReturn },
    { name: "a template literal of as-const parts, as const", files: templateConst },
    { name: "a constant returned by a generic identity over the tool-name union", files: typedConst },
  ],
  invalid: [
    {
      name: "a name whose type is only string (no constant to read): reported, never guessed",
      files: wideName,
      errors: [
        errorAt(wideName, "refund-agent.ts", "enforce(refundProtocol)", { message: /issue_refund/ }),
        errorAt(wideName, "refund-agent.ts", "tool(names.refundName())", { message: /not a string literal/ }),
      ],
    },
  ],
});

// ---------------------------------------------------------------- the checker is built only when needed

describe("type oracle cost", () => {
  const builds = async (files: Files): Promise<number> => {
    const { TypeOracle } = await import("../../analyzer/model/type-oracle.js");
    const proto = TypeOracle.prototype as unknown as { programFor: (file: string) => unknown };
    const original = proto.programFor;
    let n = 0;
    proto.programFor = function (this: { builds: number }, file: string) {
      const before = this.builds;
      const r = original.call(this, file);
      n += this.builds - before;
      return r;
    };
    try {
      await checkFiles(files);
    } finally {
      proto.programFor = original;
    }
    return n;
  };

  it("builds no checker program where syntax answers everything (calls on arrays, numbers and typed fields)", async () => {
    const agent = base["refund-agent.ts"].replace(
      `console.log(JSON.stringify(args));`,
      `const seen: string[] = [];\n    seen.push(args.id);\n    console.log(args.amount.toFixed(2), seen);`,
    );
    expect(await builds({ ...base, "refund-agent.ts": agent })).toBe(0);
  });

  it("builds one program for a project with a Pick<> receiver", async () => {
    expect(await builds(pickReceiver)).toBe(1);
  });
});

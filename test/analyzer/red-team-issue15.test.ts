/**
 * Red-team round after issue 15: the next shapes a colleague would try to reach a guarded
 * write's effect (`PaymentGateway.refund`, performed by the `issue_refund` tool) around the
 * protocol. Each is reported by `bypass-call`; the shapes the analyzer cannot see are in the
 * "known blind spots" table at the end, which pins that they are NOT reported today and is
 * mirrored in docs/analyzer.md ("Known blind spots"): a shape moved out of it must move there too.
 */
import { describe, expect, it } from "vitest";
import { base } from "./fixtures.js";
import { checkFiles, errorAt, ruleTable, type Files } from "./harness.js";

const agentText = base["refund-agent.ts"];

/** The base agent with one extra (non-tool) method before `end_conversation`. */
const inAgent = (method: string): Files => ({
  ...base,
  "refund-agent.ts": agentText.replace("  @tool()\n  async end_conversation", `${method}\n\n  @tool()\n  async end_conversation`),
});
/** A module of code outside the agent. */
const outside = (body: string): Files => ({ ...base, "ops.ts": `import { PaymentGateway } from "./payments.js";\n\n${body}` });

const bound = inAgent(`  async quietly(id: string) {
    const pay = this.payments.refund.bind(this.payments);
    await pay(id, 10);
  }`);
const reflectApply = inAgent(`  async quietly(id: string) {
    await Reflect.apply(this.payments.refund, this.payments, [id, 11]);
  }`);
const destructuredCall = inAgent(`  async quietly(id: string) {
    const { refund } = this.payments;
    await refund.call(this.payments, id, 12);
  }`);
const optionalCall = inAgent(`  async quietly(id: string) {
    await this.payments?.refund?.(id, 13);
  }`);
const dynamicImport = outside(`export async function nightly(id: string) {
  const { PaymentGateway: Gw } = await import("./payments.js");
  await new Gw().refund(id, 14);
}
`);
const dynamicImportNs = outside(`export async function nightly(id: string) {
  const m = await import("./payments.js");
  await new m.PaymentGateway().refund(id, 15);
}
`);
const objectHolder = inAgent(`  async quietly(id: string) {
    const ctx = { gw: this.payments, id };
    await ctx.gw.refund(ctx.id, 16);
  }`);
const spreadHolder = inAgent(`  async quietly(id: string) {
    const ctx = { gw: this.payments };
    const copy = { ...ctx, id };
    await copy.gw.refund(copy.id, 17);
  }`);
const objectGetter = outside(`const services = {
  get gw(): PaymentGateway {
    return new PaymentGateway();
  },
};

export async function nightly(id: string) {
  await services.gw.refund(id, 18);
}
`);
const callAlias = inAgent(`  async quietly(id: string) {
    const call = Function.prototype.call;
    await call.call(this.payments.refund, this.payments, id, 19);
  }`);
const applyOfApply = inAgent(`  async quietly(id: string) {
    await Function.prototype.apply.call(this.payments.refund, this.payments, [id, 20]);
  }`);
const constKey = inAgent(`  async quietly(id: string) {
    const m = "refund" as const;
    await this.payments[m](id, 21);
  }`);
const conditionalReceiver = outside(`export async function nightly(id: string, a: PaymentGateway, b: PaymentGateway) {
  await (id.length > 3 ? a : b).refund(id, 22);
}
`);
const timerClosure = inAgent(`  later(id: string) {
    setTimeout(() => void this.payments.refund(id, 23), 0);
  }`);
const constrainedGeneric = outside(`export class Payer<G extends PaymentGateway> {
  constructor(private readonly gw: G) {}

  async run(id: string) {
    await this.gw.refund(id, 24);
  }
}
`);
const instanceTypeParam = outside(`export async function nightly(gw: InstanceType<typeof PaymentGateway>, id: string) {
  await gw.refund(id, 25);
}
`);
const prototypeCallOnClient = outside(`export async function nightly(gw: object, id: string) {
  await PaymentGateway.prototype.refund.call(gw, id, 26);
}
`);
const generatorStep = outside(`export function* steps(gw: PaymentGateway, id: string) {
  yield gw.refund(id, 27);
}
`);

ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team 15] a bound method of the client",
      files: bound,
      errors: [errorAt(bound, "refund-agent.ts", "this.payments.refund.bind(this.payments)")],
    },
    {
      name: "[red team 15] Reflect.apply on the client's method inside the agent",
      files: reflectApply,
      errors: [errorAt(reflectApply, "refund-agent.ts", "Reflect.apply(this.payments.refund")],
    },
    {
      name: "[red team 15] a destructured method called with .call",
      files: destructuredCall,
      errors: [errorAt(destructuredCall, "refund-agent.ts", "refund.call(this.payments, id, 12)")],
    },
    {
      name: "[red team 15] optional chaining on receiver and call",
      files: optionalCall,
      errors: [errorAt(optionalCall, "refund-agent.ts", "this.payments?.refund?.(id, 13)")],
    },
    {
      name: "[red team 15] the client held in a local object",
      files: objectHolder,
      errors: [errorAt(objectHolder, "refund-agent.ts", "ctx.gw.refund(ctx.id, 16)")],
    },
    {
      name: "[red team 15] the client spread into another object",
      files: spreadHolder,
      errors: [errorAt(spreadHolder, "refund-agent.ts", "copy.gw.refund(copy.id, 17)")],
    },
    {
      name: "[red team 15] a getter of a module object returning the client",
      files: objectGetter,
      errors: [errorAt(objectGetter, "ops.ts", "services.gw.refund(id, 18)")],
    },
    {
      name: "[red team 15] Function.prototype.call through an alias",
      files: callAlias,
      errors: [errorAt(callAlias, "refund-agent.ts", "call.call(this.payments.refund")],
    },
    {
      name: "[red team 15] Function.prototype.apply.call",
      files: applyOfApply,
      errors: [errorAt(applyOfApply, "refund-agent.ts", "Function.prototype.apply.call(")],
    },
    {
      name: "[red team 15] a conditional receiver",
      files: conditionalReceiver,
      errors: [errorAt(conditionalReceiver, "ops.ts", "(id.length > 3 ? a : b).refund(id, 22)")],
    },
    {
      name: "[red team 15] a timer closure in a non-tool method",
      files: timerClosure,
      errors: [errorAt(timerClosure, "refund-agent.ts", "this.payments.refund(id, 23)")],
    },
    {
      name: "[red team 15] a type parameter constrained to the client class",
      files: constrainedGeneric,
      errors: [errorAt(constrainedGeneric, "ops.ts", "this.gw.refund(id, 24)")],
    },
    { name: "[red team 15] InstanceType<typeof Client>", files: instanceTypeParam, errors: [errorAt(instanceTypeParam, "ops.ts", "gw.refund(id, 25)")] },
    {
      name: "[red team 15] Client.prototype.method.call(other)",
      files: prototypeCallOnClient,
      errors: [errorAt(prototypeCallOnClient, "ops.ts", "PaymentGateway.prototype.refund.call(gw, id, 26)")],
    },
    { name: "[red team 15] a generator step", files: generatorStep, errors: [errorAt(generatorStep, "ops.ts", "gw.refund(id, 27)")] },
  ],
});

/**
 * Known blind spots (docs/analyzer.md): shapes that reach the effect and are NOT reported today.
 * Pinned so that a change that starts reporting one is noticed and moves it to the table above.
 */
describe("bypass-call: known blind spots (documented, not reported)", () => {
  const blind: [string, Files][] = [
    ["a class from a dynamic import, destructured and renamed", dynamicImport],
    ["a class from a dynamic import's namespace", dynamicImportNs],
    ["element access with a const key on the client", constKey],
  ];
  for (const [name, files] of blind) {
    it(name, async () => {
      const r = await checkFiles(files);
      expect(r.diagnostics.filter((d) => d.rule === "bypass-call")).toEqual([]);
    });
  }
});

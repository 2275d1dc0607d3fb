import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const withMethod = (method: string, extra: Files = {}): Files => ({
  ...base,
  ...extra,
  "refund-agent.ts": base["refund-agent.ts"].replace("  @tool()\n  async end_conversation", `${method}\n\n  @tool()\n  async end_conversation`),
});

const computed = withMethod(`  async dispatch(name: string, args: any) {
    return (this as any)[name](args);
  }`);
const reflect = withMethod(`  async viaReflect(args: any) {
    return Reflect.apply(this.issueRefund, this, [args]);
  }`);
const callApply = withMethod(`  async viaCall(args: any) {
    return this.issueRefund.call(this, args);
  }`);
const bound = withMethod(`  later(args: any) {
    const f = this.issueRefund.bind(this);
    return f(args);
  }`);
const asCallback = withMethod(`  async all(list: { id: string; amount: number }[]) {
    return Promise.all(list.map(this.issueRefund));
  }`);
const asValue = withMethod(`  grab() {
    const refund = this.issueRefund;
    return refund;
  }`);
const prototypePatch: Files = {
  ...base,
  "patch.ts": `import { RefundAgent } from "./refund-agent.js";

RefundAgent.prototype.issueRefund = async function () {};
`,
};
const evalUse = withMethod(`  run(code: string) {
    return eval(code);
  }`);
const newFunction: Files = { ...base, "dyn.ts": `export const make = (src: string) => new Function("agent", src);\n` };
const outsideComputed: Files = {
  ...base,
  "router.ts": `import type { RefundAgent } from "./refund-agent.js";

export function route(agent: RefundAgent, tool: string, args: unknown) {
  return (agent as any)[tool](args);
}
`,
};

const benign: Files = withMethod(
  `  private handlers: Record<string, (x: string) => string> = { a: (x) => x };

  async safe(name: string, list: string[]) {
    const h = this.handlers[name];
    const helper = this.findBooking.bind(this);
    await Promise.all(list.map((id) => this.lookup_booking({ id })));
    await this["issueRefund"]({ id: "x", amount: 1 });
    return [h, helper, Reflect.ownKeys({}), Object.keys(this)];
  }`,
  {
    "util.ts": `export class Registry {
  private items: Record<string, () => void> = {};
  run(name: string) {
    return this.items[name]?.();
  }
  issueRefund() {}
  wire() {
    return [1, 2].map(this.issueRefund);
  }
}
export function pick(obj: Record<string, number>, k: string) {
  return obj[k];
}
`,
  },
);

ruleTable("dynamic-dispatch", {
  valid: [{ name: "field lookups, wrapped callbacks, literal keys, unrelated classes", files: benign }],
  invalid: [
    { name: "computed member access this[name]()", files: computed, errors: [errorAt(computed, "refund-agent.ts", "(this as any)[name]")] },
    { name: "Reflect.apply", files: reflect, errors: [errorAt(reflect, "refund-agent.ts", "Reflect.apply(")] },
    { name: ".call", files: callApply, errors: [errorAt(callApply, "refund-agent.ts", "this.issueRefund.call(")] },
    { name: ".bind", files: bound, errors: [errorAt(bound, "refund-agent.ts", "this.issueRefund.bind(")] },
    { name: "method passed as a callback", files: asCallback, errors: [errorAt(asCallback, "refund-agent.ts", "this.issueRefund))")] },
    { name: "method taken as a value", files: asValue, errors: [errorAt(asValue, "refund-agent.ts", "this.issueRefund;")] },
    { name: "prototype patch in another file", files: prototypePatch, errors: [errorAt(prototypePatch, "patch.ts", "RefundAgent.prototype.issueRefund =")] },
    { name: "eval", files: evalUse, errors: [errorAt(evalUse, "refund-agent.ts", "eval(code)")] },
    { name: "new Function", files: newFunction, errors: [errorAt(newFunction, "dyn.ts", "new Function(")] },
    {
      name: "computed access on a typed agent outside the class",
      files: outsideComputed,
      errors: [errorAt(outsideComputed, "router.ts", "(agent as any)[tool]")],
    },
  ],
});

import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const sub = (body: string, name = "child.ts"): Files => ({
  ...base,
  [name]: `import { RefundAgent } from "./refund-agent.js";

export class ChildAgent extends RefundAgent {
${body}
}
`,
});

const arrow = sub(`  override issueRefund = async (args: { id: string; amount: number }) => {
    await this.payments.refund(args.id, args.amount);
  };`);
const getter = sub(`  // @ts-ignore
  get lookup_booking() {
    return async () => null;
  }`);
const ctorAssign = sub(`  constructor(...a: ConstructorParameters<typeof RefundAgent>) {
    super(...a);
    this.issueRefund = async () => undefined;
  }`);
const outside: Files = {
  ...base,
  "monkey.ts": `import { RefundAgent } from "./refund-agent.js";

export function stub(agent: RefundAgent) {
  agent.issueRefund = async () => undefined;
}
`,
};

ruleTable("unguarded-override", {
  valid: [
    {
      name: "override as a method calling super",
      files: sub(
        `  override async issueRefund(args: { id: string; amount: number }) {\n    console.log("refunding");\n    return super.issueRefund(args);\n  }`,
      ),
    },
    {
      name: "binding the guarded method to the instance",
      files: sub(
        `  constructor(...a: ConstructorParameters<typeof RefundAgent>) {\n    super(...a);\n    this.issueRefund = this.issueRefund.bind(this);\n  }`,
      ),
    },
    { name: "arrow properties that are not tools", files: sub(`  format = (n: number) => n.toFixed(2);\n  get label() { return "child"; }`) },
    {
      name: "an unrelated class with an arrow property of the same name",
      files: { ...base, "other.ts": `export class Other {\n  issueRefund = async () => 1;\n  constructor() { this.issueRefund = async () => 2; }\n}\n` },
    },
  ],
  invalid: [
    { name: "arrow-function property", files: arrow, errors: [errorAt(arrow, "child.ts", "issueRefund =")] },
    { name: "getter", files: getter, errors: [errorAt(getter, "child.ts", "lookup_booking()")] },
    { name: "own-instance assignment in the constructor", files: ctorAssign, errors: [errorAt(ctorAssign, "child.ts", "this.issueRefund =")] },
    { name: "assignment on a typed agent outside the class", files: outside, errors: [errorAt(outside, "monkey.ts", "agent.issueRefund =")] },
  ],
});

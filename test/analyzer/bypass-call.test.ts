import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const withMethod = (method: string): Files => ({
  ...base,
  "refund-agent.ts": base["refund-agent.ts"].replace("  @tool()\n  async end_conversation", `${method}\n\n  @tool()\n  async end_conversation`),
});

const direct = withMethod(`  async quickRefund(id: string) {
    await this.payments.refund(id, 10);
  }`);

const subclass: Files = {
  ...base,
  "vip-agent.ts": `import { RefundAgent } from "./refund-agent.js";

export class VipAgent extends RefundAgent {
  async courtesy(id: string) {
    return this.payments.refund(id, 5);
  }
}
`,
};

/** The tool reaches the effect three helpers deep across files; a bypass calls the first helper. */
const toolSideChain: Files = {
  ...base,
  "ledger.ts": `import type { PaymentGateway as Gw } from "./payments.js";

export function applyRefund(gw: Gw, id: string, amount: number) {
  return gw.refund(id, amount);
}
`,
  "settle.ts": `import { applyRefund } from "./ledger.js";
import type { PaymentGateway } from "./payments.js";

export function settleBooking(gw: PaymentGateway, id: string, amount: number) {
  return applyRefund(gw, id, amount);
}
`,
  "refund-agent.ts": base["refund-agent.ts"]
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { settleBooking } from "./settle.js";`,
    )
    .replace("await this.payments.refund(args.id, args.amount);", "await this.settle(args.id, args.amount);")
    .replace(
      "  @tool()\n  async end_conversation",
      `  private settle(id: string, amount: number) {
    return settleBooking(this.payments, id, amount);
  }

  async goodwill(id: string) {
    return settleBooking(this.payments, id, 5);
  }

  @tool()
  async end_conversation`,
    ),
};

/** The bypass reaches the effect through three helpers of its own. */
const bypassSideChain = withMethod(`  async sneaky(id: string) {
    return this.stepOne(id);
  }

  private stepOne(id: string) {
    return this.stepTwo(id);
  }

  private stepTwo(id: string) {
    return this.stepThree(id);
  }

  private stepThree(id: string) {
    return this.payments.refund(id, 1);
  }`);

const outside: Files = {
  ...base,
  "script.ts": `import { RefundAgent } from "./refund-agent.js";

export async function refundEveryone(agent: RefundAgent, ids: string[]) {
  for (const id of ids) await agent.payments.refund(id, 1);
}
`,
};

const singleton: Files = {
  ...base,
  "gateway.ts": `import { PaymentGateway } from "./payments.js";\nexport const gateway = new PaymentGateway();\n`,
  "services.ts": `export { gateway as paymentService } from "./gateway.js";\n`,
  "refund-agent.ts": base["refund-agent.ts"]
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { gateway } from "./gateway.js";`,
    )
    .replace("await this.payments.refund(args.id, args.amount);", "await gateway.refund(args.id, args.amount);"),
  "cron.ts": `import { paymentService } from "./services.js";

export async function nightly() {
  await paymentService.refund("b-1", 3);
}
`,
};

const suppressed = withMethod(`  async migrate(id: string) {
    // concordat-disable-next-line bypass-call -- one-off data migration, reviewed in #123
    await this.payments.refund(id, 0);
  }`);

const noReason = withMethod(`  async migrate(id: string) {
    // concordat-disable-next-line bypass-call
    await this.payments.refund(id, 0);
  }`);

const benignLookAlikes: Files = {
  ...base,
  "accounting.ts": `export class Ledger {
  async refund(id: string, amount: number) { return { id, amount }; }
}

export class Accounting {
  private ledger = new Ledger();
  payments = { refund: (id: string) => id };

  async issueRefund(args: { id: string; amount: number }) {
    return this.ledger.refund(args.id, args.amount);
  }

  async quick(id: string) {
    this.payments.refund(id);
    return this.issueRefund({ id, amount: 1 });
  }
}

export async function close(acc: Accounting, ledger: Ledger) {
  await acc.issueRefund({ id: "x", amount: 1 });
  await ledger.refund("x", 2);
}
`,
};

const readOnlyHelpers = withMethod(`  async describe(id: string) {
    const b = await this.findBooking(id);
    console.log(JSON.stringify(b));
    return this.db.find(id);
  }

  async retry(args: { id: string; amount: number }) {
    return this.issueRefund(args);
  }`);

/** The protocol names the effect of issue_refund: only that call is guarded, the audit write is not. */
const declaredSinks = (method: string): Files => {
  const f = withMethod(method);
  return {
    ...f,
    "refund-protocol.ts": f["refund-protocol.ts"]!.replace(
      `effect: "write", requiresConfirmation: true }`,
      `effect: "write", requiresConfirmation: true, sinks: ["PaymentGateway.refund"] }`,
    ),
    "refund-agent.ts": f["refund-agent.ts"]!.replace(
      "await this.payments.refund(args.id, args.amount);",
      "await this.payments.refund(args.id, args.amount);\n    await this.audit.write(args.id);",
    ).replace("readonly db: BookingDb", "readonly db: BookingDb, readonly audit: { write(id: string): Promise<void> }"),
  };
};
const declaredOk = declaredSinks(`  async note(id: string) {
    await this.audit.write(id);
  }`);
const declaredBypass = declaredSinks(`  async sneaky(id: string) {
    await this.payments.refund(id, 2);
  }`);

ruleTable("bypass-call", {
  valid: [
    { name: "the tool itself, and an agent method that calls the guarded tool", files: readOnlyHelpers },
    { name: "same method names on unrelated classes (benign look-alikes)", files: benignLookAlikes },
    { name: "a reasoned suppression", files: suppressed },
    { name: "effects outside the sinks the protocol declares", files: declaredOk },
  ],
  invalid: [
    { name: "a sink the protocol declares", files: declaredBypass, errors: [errorAt(declaredBypass, "refund-agent.ts", "this.payments.refund(id, 2)")] },
    {
      name: "an agent method calling the tool's effect directly",
      files: direct,
      errors: [
        errorAt(direct, "refund-agent.ts", "this.payments.refund(id, 10)", {
          message: /RefundAgent\.quickRefund reaches this\.payments\.refund, the effect of guarded tool "issue_refund"/,
        }),
      ],
    },
    { name: "a subclass in another file", files: subclass, errors: [errorAt(subclass, "vip-agent.ts", "this.payments.refund(id, 5)")] },
    {
      name: "tool-side helper chain three calls deep across files (aliased type import)",
      files: toolSideChain,
      errors: [
        errorAt(toolSideChain, "refund-agent.ts", "settleBooking(this.payments, id, 5)", {
          message: /RefundAgent\.goodwill → settleBooking\(\) → applyRefund\(\) → Gw\.refund/,
        }),
      ],
    },
    {
      name: "bypass-side helper chain three calls deep",
      files: bypassSideChain,
      errors: [errorAt(bypassSideChain, "refund-agent.ts", "this.payments.refund(id, 1)")],
    },
    { name: "outside code through a typed agent variable", files: outside, errors: [errorAt(outside, "script.ts", "agent.payments.refund(id, 1)")] },
    {
      name: "a module singleton imported through a re-export alias",
      files: singleton,
      errors: [errorAt(singleton, "cron.ts", `paymentService.refund("b-1", 3)`)],
    },
    {
      name: "a suppression without a reason does not suppress and is reported",
      files: noReason,
      errors: [
        errorAt(noReason, "refund-agent.ts", "// concordat-disable-next-line", { rule: "invalid-suppression" }),
        errorAt(noReason, "refund-agent.ts", "this.payments.refund(id, 0)"),
      ],
    },
  ],
});

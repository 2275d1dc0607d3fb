/**
 * The analyzer misses, false alarms and silent passes a review found (issue 15), as rule
 * tables. Each invalid case was missed, and each valid case falsely reported, before.
 */
import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const agentText = base["refund-agent.ts"];

/** The base agent with extra members before `end_conversation`. */
const withMethod = (method: string, extra: Files = {}): Files => ({
  ...base,
  ...extra,
  "refund-agent.ts": agentText.replace("  @tool()\n  async end_conversation", `${method}\n\n  @tool()\n  async end_conversation`),
});

// ---------------------------------------------------------------- aliases and interfaces

const typeAlias: Files = {
  ...base,
  "types.ts": `import type { PaymentGateway } from "./payments.js";\nexport type Refunder = PaymentGateway;\n`,
  "ops.ts": `import type { Refunder } from "./types.js";

export async function payout(r: Refunder, id: string) {
  await r.refund(id, 1);
}
`,
};

const interfaceOfClass: Files = {
  ...base,
  "ports.ts": `export interface RefundPort {\n  refund(id: string, amount: number): Promise<void>;\n}\n`,
  "payments.ts": base["payments.ts"].replace(
    "export class PaymentGateway {",
    `import type { RefundPort } from "./ports.js";\n\nexport class PaymentGateway implements RefundPort {`,
  ),
  "ops.ts": `import type { RefundPort } from "./ports.js";

export class Payouts {
  constructor(private readonly port: RefundPort) {}

  async run(id: string) {
    await this.port.refund(id, 2);
  }
}
`,
};

/** The tool pays through the interface; other code calls the concrete class. */
const toolViaInterface: Files = {
  ...interfaceOfClass,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb } from "./payments.js";\nimport type { RefundPort } from "./ports.js";`,
    )
    .replace("readonly payments: PaymentGateway", "readonly payments: RefundPort"),
  "ops.ts": `import { PaymentGateway } from "./payments.js";

export async function nightly(id: string) {
  await new PaymentGateway().refund(id, 3);
}
`,
};

// ---------------------------------------------------------------- hooks

const hookBase = (hook: string, extra = ""): Files => ({
  ...base,
  "refund-agent.ts": agentText
    .replace("export class RefundAgent extends Agent {", `export abstract class RefundAgent extends Agent {\n${hook}\n`)
    .replace("await this.payments.refund(args.id, args.amount);", "await this.settle(args.id, args.amount);")
    .replace(
      "  @tool()\n  async end_conversation",
      `  async cleanup(id: string) {\n    await this.settle(id, 0);\n  }\n${extra}\n  @tool()\n  async end_conversation`,
    ),
  "stripe-agent.ts": `import { RefundAgent } from "./refund-agent.js";

export class StripeRefundAgent extends RefundAgent {
  protected override async settle(id: string, amount: number): Promise<void> {
    await this.payments.refund(id, amount);
  }
}
`,
});

const abstractHook = hookBase("  protected abstract settle(id: string, amount: number): Promise<void>;");
const overridableHook = hookBase("  protected async settle(id: string, amount: number): Promise<void> {\n    console.log(id, amount);\n  }");
const hookOnlyInTool = ((): Files => {
  const f = hookBase("  protected abstract settle(id: string, amount: number): Promise<void>;");
  return { ...f, "refund-agent.ts": f["refund-agent.ts"]!.replace("  async cleanup(id: string) {\n    await this.settle(id, 0);\n  }\n", "") };
})();

// ---------------------------------------------------------------- borrowed helpers

const borrowed = withMethod(
  `  async quietly(id: string) {
    await LegacyOps.prototype.refundQuietly.call(this, id);
  }`,
  {
    "legacy.ts": `export class LegacyOps {
  async refundQuietly(this: any, id: string) {
    await this.payments.refund(id, 4);
  }
}
`,
  },
);
borrowed["refund-agent.ts"] = borrowed["refund-agent.ts"]!.replace(
  `import { refundProtocol } from "./refund-protocol.js";`,
  `import { refundProtocol } from "./refund-protocol.js";\nimport { LegacyOps } from "./legacy.js";`,
);
const borrowedApply: Files = {
  ...borrowed,
  "refund-agent.ts": borrowed["refund-agent.ts"]!.replace(
    "LegacyOps.prototype.refundQuietly.call(this, id)",
    "LegacyOps.prototype.refundQuietly.apply(this, [id])",
  ),
};

// ---------------------------------------------------------------- one generic client

const api = `export class ApiClient {
  constructor(private readonly base: string) {}
  async post(path: string, body: unknown): Promise<unknown> {
    const r = await fetch(this.base + path, { method: "POST", body: JSON.stringify(body) });
    return r.json();
  }
  async get(path: string): Promise<unknown> {
    return (await fetch(this.base + path)).json();
  }
}
`;
const apiAgent = (tool: string): Files => ({
  ...base,
  "api.ts": api,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { ApiClient } from "./api.js";`,
    )
    .replace("readonly db: BookingDb", "readonly db: BookingDb, readonly api: ApiClient")
    .replace("await this.payments.refund(args.id, args.amount);", tool),
});
const notes = (call: string): Files => ({
  ...apiAgent(`await this.api.post("/refunds", { id: args.id, amount: args.amount });`),
  "notes.ts": `import type { ApiClient } from "./api.js";

const ROUTES = { notes: "/notes", refunds: "/refunds" } as const;

export async function addNote(api: ApiClient, id: string, text: string) {
  ${call}
}
`,
});
const otherEndpoint = notes(`await api.post("/notes", { id, text });`);
const otherEndpointConst = notes(`await api.post(ROUTES.notes, { id, text });`);
const sameEndpoint = notes(`await api.post("/refunds", { id, amount: 5 });`);
const sameEndpointConst = notes(`await api.post(ROUTES.refunds, { id, amount: 6 });`);
const templatePaths: Files = {
  ...apiAgent("await this.api.post(`/bookings/${args.id}/refunds`, { amount: args.amount });"),
  "notes.ts": `import type { ApiClient } from "./api.js";

export async function addNote(api: ApiClient, id: string, text: string) {
  await api.post(\`/bookings/\${id}/notes\`, { text });
}

export async function sneaky(api: ApiClient, id: string) {
  await api.post(\`/bookings/\${id}/refunds\`, { amount: 7 });
}
`,
};

ruleTable("bypass-call", {
  valid: [
    { name: "a hook only the tool calls", files: hookOnlyInTool },
    { name: "one generic client: another endpoint (literal)", files: otherEndpoint },
    { name: "one generic client: another endpoint (as const table)", files: otherEndpointConst },
  ],
  invalid: [
    { name: "a service reached through a type alias of its class", files: typeAlias, errors: [errorAt(typeAlias, "ops.ts", "r.refund(id, 1)")] },
    {
      name: "a service reached through an interface its class implements",
      files: interfaceOfClass,
      errors: [errorAt(interfaceOfClass, "ops.ts", "this.port.refund(id, 2)")],
    },
    {
      name: "the tool pays through the interface, other code through the class",
      files: toolViaInterface,
      errors: [errorAt(toolViaInterface, "ops.ts", "new PaymentGateway().refund(id, 3)")],
    },
    {
      name: "an abstract hook implemented in a subclass, called from a non-tool method",
      files: abstractHook,
      errors: [errorAt(abstractHook, "refund-agent.ts", "this.settle(id, 0)")],
    },
    {
      name: "an overridable hook whose override performs the write",
      files: overridableHook,
      errors: [errorAt(overridableHook, "refund-agent.ts", "this.settle(id, 0)")],
    },
    {
      name: "a helper borrowed with X.prototype.m.call(this)",
      files: borrowed,
      errors: [errorAt(borrowed, "refund-agent.ts", "LegacyOps.prototype.refundQuietly.call(this, id)")],
    },
    {
      name: "a helper borrowed with X.prototype.m.apply(this)",
      files: borrowedApply,
      errors: [errorAt(borrowedApply, "refund-agent.ts", "LegacyOps.prototype.refundQuietly.apply(this, [id])")],
    },
    { name: "one generic client: the tool's endpoint (literal)", files: sameEndpoint, errors: [errorAt(sameEndpoint, "notes.ts", `api.post("/refunds"`)] },
    {
      name: "one generic client: the tool's endpoint (as const table)",
      files: sameEndpointConst,
      errors: [errorAt(sameEndpointConst, "notes.ts", "api.post(ROUTES.refunds")],
    },
    {
      name: "one generic client: template paths, only the tool's is reported",
      files: templatePaths,
      errors: [errorAt(templatePaths, "notes.ts", "api.post(`/bookings/${id}/refunds`")],
    },
  ],
});

// ---------------------------------------------------------------- constant tool names

const enumNames: Files = {
  ...base,
  "names.ts": `export enum ToolName {\n  Lookup = "lookup_booking",\n  Refund = "issue_refund",\n}\n`,
  "refund-agent.ts": agentText
    .replace(
      `import { refundProtocol } from "./refund-protocol.js";`,
      `import { refundProtocol } from "./refund-protocol.js";\nimport { ToolName } from "./names.js";`,
    )
    .replace(`@tool("issue_refund")`, "@tool(ToolName.Refund)")
    .replace("  @tool()\n  async lookup_booking", "  @tool(ToolName.Lookup)\n  async lookupBooking"),
};
const nestedConst: Files = {
  ...base,
  "names.ts": `export const TOOLS = { write: { refund: { name: "issue_refund" } } } as const;\nexport const NAMES = ["lookup_booking"] as const;\n`,
  "refund-agent.ts": agentText
    .replace(
      `import { refundProtocol } from "./refund-protocol.js";`,
      `import { refundProtocol } from "./refund-protocol.js";\nimport { TOOLS, NAMES } from "./names.js";`,
    )
    .replace(`@tool("issue_refund")`, "@tool(TOOLS.write.refund.name)")
    .replace("  @tool()\n  async lookup_booking", "  @tool({ name: NAMES[0] })\n  async lookupBooking"),
};
const enumProtocolKeys: Files = {
  ...enumNames,
  "refund-protocol.ts": base["refund-protocol.ts"]
    .replace(`import { defineProtocol } from "concordat";`, `import { defineProtocol } from "concordat";\nimport { ToolName } from "./names.js";`)
    .replace("    issue_refund: { input:", "    [ToolName.Refund]: { input:")
    .replace("confirmed: { on: { issue_refund: {", "confirmed: { on: { [ToolName.Refund]: {"),
};
const namespaceNames: Files = {
  ...base,
  "names.ts": `export namespace Tools {\n  export const Refund = "issue_refund";\n}\n`,
  "refund-agent.ts": agentText
    .replace(
      `import { refundProtocol } from "./refund-protocol.js";`,
      `import { refundProtocol } from "./refund-protocol.js";\nimport { Tools } from "./names.js";`,
    )
    .replace(`@tool("issue_refund")`, "@tool(Tools.Refund)"),
};

ruleTable("unknown-tool", {
  valid: [
    { name: "tool names from a string enum", files: enumNames },
    { name: "tool names from nested as-const objects and tuples", files: nestedConst },
    { name: "protocol tool keys from an enum", files: enumProtocolKeys },
    { name: "tool names from a namespace", files: namespaceNames },
  ],
  invalid: [],
});

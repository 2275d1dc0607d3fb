import { base, refundProtocol } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const agentWith = (protocolFile: string, name = "refundProtocol"): Files => ({
  ...base,
  "refund-protocol.ts": protocolFile,
  "refund-agent.ts": base["refund-agent.ts"].replace(/refundProtocol/g, name),
});

const fromCall = agentWith(
  `import { defineProtocol } from "concordat";\nimport { buildConfig } from "./config.js";\nexport const refundProtocol = defineProtocol(buildConfig());\n`,
);
fromCall["config.ts"] = `export function buildConfig(): any {\n  return JSON.parse(process.env["REFUND_PROTOCOL"] ?? "{}");\n}\n`;
const computedKey = agentWith(
  refundProtocol
    .replace(`    lookup_booking: {`, `    [toolName]: {`)
    .replace(`import { defineProtocol } from "concordat";`, `import { defineProtocol } from "concordat";\nconst toolName = "lookup_" + "booking";`),
);
const template = agentWith(refundProtocol.replace(`initial: "start",`, "initial: `st${'art'}`,"));
const external: Files = { ...base, "refund-agent.ts": base["refund-agent.ts"].replace(`"./refund-protocol.js"`, `"@acme/protocols"`) };
const decoratorCall: Files = {
  ...base,
  "picked.ts": `import { enforce } from "concordat/decorators";\nimport { RefundAgent } from "./refund-agent.js";\nimport { pick } from "./pick.js";\n\n@enforce(pick("refund"))\nexport class Picked extends RefundAgent {}\n`,
  "pick.ts": `export function pick(name: string): any {\n  return name;\n}\n`,
};

const staticForms: Files = {
  ...base,
  "names.ts": `export const START = "start";\nexport const DONE = "done" as const;\nexport const terminal = [DONE];\n`,
  "guards.ts": `import { guard, allOf } from "concordat";\nexport const eligible = guard("eligible", (c: any) => c.ok);\nexport const both = allOf(eligible, guard("small", (c: any) => c.amount < 100));\n`,
  "strict-protocol.ts": `import { defineProtocol, defineTool } from "concordat";
import { z } from "zod";
import { refundProtocol as parent } from "./refund-protocol.js";
import * as names from "./names.js";
import { both } from "./guards.js";

const parentStates = parent.config.states;
const audit = defineTool({ input: z.object({}), effect: "read", inert: true });

export const strictProtocol = defineProtocol({
  ...parent.config,
  name: "strict",
  initial: names.START,
  terminal: [...names.terminal],
  tools: { ...parent.config.tools, audit },
  states: {
    ...parentStates,
    confirmed: { on: { ...parentStates.confirmed.on, audit: { ok: "confirmed" } }, guards: { issue_refund: both }, budget: { toolCalls: 3 } },
  },
} as const);
`,
  "strict-agent.ts": `import { enforce, tool } from "concordat/decorators";
import { strictProtocol } from "./strict-protocol.js";
import { RefundAgent } from "./refund-agent.js";

@enforce(strictProtocol)
export class StrictAgent extends RefundAgent {
  @tool()
  async audit() { return []; }
}
`,
};

const helpers: Files = {
  ...base,
  "specs.ts": `const spec = (name: string, effect: "read" | "write", subjects?: string[]) => ({ name, effect, ...(subjects ? { subjects } : {}) });
export const SPECS = {
  lookup_booking: spec("lookup_booking", "read"),
  issue_refund: spec("issue_refund", "write", ["id"]),
};
`,
  "refund-protocol.ts": `import { defineProtocol, guard, allOf } from "concordat";
import { SPECS } from "./specs.js";

const tool = (n: keyof typeof SPECS, outcomes: string[]) => ({ ...SPECS[n], outcomes });
function guards(name: string) {
  const known = guard("known", () => true);
  return allOf(known, guard(name, () => true));
}
const END = "end_conversation";

export const refundProtocol = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: tool("lookup_booking", ["found", "not_found"]),
    request_confirmation: { effect: "read", outcomes: ["sent"] },
    receive_message: { effect: "read", outcomes: ["confirmed", "denied"] },
    issue_refund: tool("issue_refund", ["ok"]),
    [END]: { effect: "read", exit: true },
  },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, [END]: { ok: "done" } } },
    booked: { on: { request_confirmation: { sent: "awaiting" }, end_conversation: { ok: "done" } } },
    awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked" } } },
    confirmed: { on: { issue_refund: { ok: "refunded" } }, guards: { issue_refund: guards("small_amount") } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
} as any);
`,
};

ruleTable("unanalyzable-protocol", {
  valid: [
    { name: "builder helpers (arrow and block bodies), conditional spreads, computed keys from constants", files: helpers },
    { name: "imported constants, namespaces, spreads of other protocols, defineTool, guard/allOf, as const", files: staticForms },
  ],
  invalid: [
    {
      name: "defineProtocol(someCall())",
      files: fromCall,
      errors: [
        errorAt(fromCall, "refund-protocol.ts", "buildConfig()", {
          message: /buildConfig\(\) does not return a static value: `JSON` is a global.*\(config\.ts:2:10\)/,
        }),
      ],
    },
    { name: "a computed tool key", files: computedKey, errors: [errorAt(computedKey, "refund-protocol.ts", "[toolName]", { message: /computed key/ })] },
    { name: "a template literal with substitutions", files: template, errors: [errorAt(template, "refund-protocol.ts", "`st${")] },
    {
      name: "a protocol imported from a module the analyzer cannot read",
      files: external,
      errors: [errorAt(external, "refund-agent.ts", "refundProtocol)", { message: /@acme\/protocols/ })],
    },
    { name: "a decorator argument that is not a protocol", files: decoratorCall, errors: [errorAt(decoratorCall, "picked.ts", `pick("refund")`)] },
  ],
});

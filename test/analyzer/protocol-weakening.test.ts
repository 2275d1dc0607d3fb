import { base, fastProtocol, strictProtocol } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const fastAgent = `import { enforce } from "concordat/decorators";
import { fastProtocol } from "./fast-protocol.js";
import { RefundAgent } from "./refund-agent.js";

@enforce(fastProtocol)
export class FastRefundAgent extends RefundAgent {}
`;

const viaIndex: Files = {
  ...base,
  "fast-protocol.ts": fastProtocol,
  "index.ts": `export { RefundAgent } from "./refund-agent.js";\nexport * from "./fast-protocol.js";\n`,
  "fast-agent.ts": `import { RefundAgent as Base, fastProtocol as fp } from "./index.js";

@fp.enforce
export class FastRefundAgent extends Base {}
`,
};

const defaultExport: Files = {
  ...base,
  "refund-agent.ts": base["refund-agent.ts"].replace("export class RefundAgent", "export default class RefundAgent"),
  "fast-protocol.ts": fastProtocol,
  "fast-agent.ts": `import { enforce as guardWith } from "concordat/decorators";
import RefundAgent from "./refund-agent.js";
import * as protocols from "./fast-protocol.js";

@guardWith(protocols.fastProtocol)
export class FastRefundAgent extends RefundAgent {}
`,
};

const mixin: Files = {
  ...base,
  "fast-protocol.ts": fastProtocol,
  "loggable.ts": `type Ctor<T = object> = abstract new (...args: any[]) => T;
export function Loggable<B extends Ctor>(Base: B) {
  abstract class WithLog extends Base {
    log(msg: string) { console.log(msg); }
  }
  return WithLog;
}
`,
  "fast-agent.ts": `import { enforce } from "concordat/decorators";
import { fastProtocol } from "./fast-protocol.js";
import { RefundAgent } from "./refund-agent.js";
import { Loggable } from "./loggable.js";

@enforce(fastProtocol)
export class FastRefundAgent extends Loggable(RefundAgent) {}
`,
};

const grandchild: Files = {
  ...base,
  "fast-protocol.ts": fastProtocol,
  "middle.ts": `import { RefundAgent } from "./refund-agent.js";
export class MiddleAgent extends RefundAgent {
  note() { return "middle"; }
}
`,
  "fast-agent.ts": `import { enforce } from "concordat/decorators";
import { fastProtocol } from "./fast-protocol.js";
import { MiddleAgent } from "./middle.js";

@enforce(fastProtocol)
export class FastRefundAgent extends MiddleAgent {}
`,
};

const newWriteTool: Files = {
  ...base,
  "wire-agent.ts": `import { defineProtocol } from "concordat";
import { enforce, tool } from "concordat/decorators";
import { refundProtocol } from "./refund-protocol.js";
import { RefundAgent } from "./refund-agent.js";

const wireProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "wire",
  tools: { ...refundProtocol.config.tools, wire_money: { input: null as never, effect: "write" } },
  states: { ...refundProtocol.config.states, refunded: { on: { wire_money: { ok: "refunded" }, end_conversation: { ok: "done" } } } },
});

@enforce(wireProtocol)
export class WireAgent extends RefundAgent {
  @tool()
  async wire_money() {}
}
`,
};

const aliased: Files = {
  "fast-protocol.ts": fastProtocol.replace("./refund-protocol.js", "@shared/refund-protocol.js"),
  "fast-agent.ts": `import { enforce } from "concordat/decorators";
import { fastProtocol } from "./fast-protocol.js";
import { RefundAgent } from "@shared/refund-agent.js";

@enforce(fastProtocol)
export class FastRefundAgent extends RefundAgent {}
`,
};

ruleTable(
  "protocol-weakening",
  {
    valid: [
      {
        name: "a stricter subclass in another file",
        files: {
          ...base,
          "strict-protocol.ts": strictProtocol,
          "strict-agent.ts": fastAgent
            .replaceAll("fastProtocol", "strictProtocol")
            .replace("./fast-protocol.js", "./strict-protocol.js")
            .replace("FastRefundAgent", "StrictRefundAgent"),
        },
      },
      {
        name: "a subclass adding an inert read tool",
        files: {
          ...base,
          "audit-agent.ts": `import { defineProtocol } from "concordat";
import { enforce, tool } from "concordat/decorators";
import { refundProtocol } from "./refund-protocol.js";
import { RefundAgent } from "./refund-agent.js";

const auditProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "audited-refund",
  tools: { ...refundProtocol.config.tools, show_log: { input: null as never, effect: "read", inert: true } },
  states: { ...refundProtocol.config.states, start: { on: { ...refundProtocol.config.states.start.on, show_log: { ok: "start" } } } },
});

@enforce(auditProtocol)
export class AuditAgent extends RefundAgent {
  @tool()
  async show_log() { return []; }
}
`,
        },
      },
      {
        name: "a subclass without its own decorator inherits the protocol",
        files: { ...base, "child.ts": `import { RefundAgent } from "./refund-agent.js";\nexport class ChildAgent extends RefundAgent {}\n` },
      },
      {
        name: "re-enforcing the parent's own protocol",
        files: {
          ...base,
          "same.ts": `import { enforce } from "concordat/decorators";\nimport { refundProtocol } from "./refund-protocol.js";\nimport { RefundAgent } from "./refund-agent.js";\n@enforce(refundProtocol)\nexport class SameAgent extends RefundAgent {}\n`,
        },
      },
    ],
    invalid: [
      {
        name: "a weakened subclass in another file (counterexample in the message)",
        files: { ...base, "fast-protocol.ts": fastProtocol, "fast-agent.ts": fastAgent },
        errors: [
          errorAt({ "fast-agent.ts": fastAgent }, "fast-agent.ts", "enforce(fastProtocol)", {
            message: /FastRefundAgent \(protocol "fast-refund"\) weakens RefundAgent \(protocol "refund"\).*lookup_booking\[found\].*issue_refund/,
          }),
        ],
      },
      { name: "aliased and re-exported imports, @protocol.enforce", files: viaIndex, errors: [errorAt(viaIndex, "fast-agent.ts", "fp.enforce")] },
      {
        name: "default export base, namespace import of the protocol, aliased decorator",
        files: defaultExport,
        errors: [errorAt(defaultExport, "fast-agent.ts", "guardWith(")],
      },
      { name: "a mixin between child and parent", files: mixin, errors: [errorAt(mixin, "fast-agent.ts", "enforce(fastProtocol)")] },
      { name: "an undecorated class in between", files: grandchild, errors: [errorAt(grandchild, "fast-agent.ts", "enforce(fastProtocol)")] },
      { name: "a new write tool", files: newWriteTool, errors: [errorAt(newWriteTool, "wire-agent.ts", "enforce(wireProtocol)", { message: /wire_money/ })] },
      { name: "parent resolved through a tsconfig path alias", files: aliased, errors: [errorAt(aliased, "fast-agent.ts", "enforce(fastProtocol)")] },
    ],
  },
  base,
);

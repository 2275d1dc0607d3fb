/**
 * Red-team tables: code shapes the per-rule tables do not cover, written the way TypeScript
 * agent code is written in practice (arrow helpers, static helpers, barrels, client fields,
 * destructuring, optional chaining, getters, generic and abstract bases, default exports), plus
 * benign look-alikes that must stay silent.
 */
import { describe, expect, it } from "vitest";
import { isNonEffectName } from "../../analyzer/rules/bypass-call.js";
import { base, fastProtocol } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const agentText = base["refund-agent.ts"];

/** The base agent with extra members before `end_conversation`. */
const withMethod = (method: string, extra: Files = {}): Files => ({
  ...base,
  ...extra,
  "refund-agent.ts": agentText.replace("  @tool()\n  async end_conversation", `${method}\n\n  @tool()\n  async end_conversation`),
});

/** A subclass of the base agent in `child.ts`. */
const child = (body: string, header = ""): Files => ({
  ...base,
  "child.ts": `import { RefundAgent } from "./refund-agent.js";
${header}
export class ChildAgent extends RefundAgent {
${body}
}
`,
});

// ---------------------------------------------------------------- bypass-call

const arrowHelper = withMethod(`  private quick = async (id: string) => {
    await this.payments.refund(id, 1);
  };`);

const staticHelper = withMethod(`  static async emergency(gw: PaymentGateway, id: string) {
    await gw.refund(id, 1);
  }`);

const barrel: Files = {
  ...base,
  "ops.ts": `import type { PaymentGateway } from "./payments.js";

export function refundAll(gw: PaymentGateway, ids: string[]) {
  return Promise.all(ids.map((id) => gw.refund(id, 1)));
}
`,
  "index.ts": `export * from "./ops.js";\nexport { RefundAgent } from "./refund-agent.js";\n`,
  "cron.ts": `import { refundAll } from "./index.js";
import { PaymentGateway } from "./payments.js";

export async function nightly() {
  await refundAll(new PaymentGateway(), ["a", "b"]);
}
`,
};

const serviceField: Files = {
  ...base,
  "billing.ts": `import { PaymentGateway } from "./payments.js";

export class BillingService {
  private readonly gw = new PaymentGateway();

  async compensate(id: string) {
    await this.gw.refund(id, 20);
  }
}
`,
};

const destructured = withMethod(`  async sneaky(id: string) {
    const { refund } = this.payments;
    await refund(id, 2);
  }`);

const destructuredThis = withMethod(`  async sneaky(id: string) {
    const { payments } = this;
    await payments.refund(id, 2);
  }`);

const optionalChain = withMethod(`  async maybe(id: string) {
    await this.payments?.refund(id, 3);
  }`);

const promiseAll = withMethod(`  async bulk(ids: string[]) {
    await Promise.all(ids.map((id) => this.payments.refund(id, 4)));
  }`);

const getterClient = withMethod(`  private get gateway() {
    return this.payments;
  }

  async viaGetter(id: string) {
    await this.gateway.refund(id, 5);
  }`);

/** The tool itself reaches the client through a getter; the bypass uses the field. */
const toolViaGetter: Files = {
  ...base,
  "refund-agent.ts": agentText.replace("await this.payments.refund(args.id, args.amount);", "await this.gateway.refund(args.id, args.amount);").replace(
    "  @tool()\n  async end_conversation",
    `  get gateway(): PaymentGateway {
    return this.payments;
  }

  async sneaky(id: string) {
    await this.payments.refund(id, 6);
  }

  @tool()
  async end_conversation`,
  ),
};

const genericBase: Files = {
  ...base,
  "base-agent.ts": `import { Agent } from "concordat/decorators";
import type { PaymentGateway } from "./payments.js";

export abstract class BaseAgent<TCtx> extends Agent {
  protected abstract readonly ctx: TCtx;
  constructor(readonly payments: PaymentGateway) {
    super();
  }
}
`,
  "refund-agent.ts": agentText
    .replace(
      `import { Agent, enforce, tool } from "concordat/decorators";`,
      `import { enforce, tool } from "concordat/decorators";\nimport { BaseAgent } from "./base-agent.js";`,
    )
    .replace(
      "export class RefundAgent extends Agent {",
      'export class RefundAgent extends BaseAgent<{ user: string }> {\n  protected readonly ctx = { user: "u" };',
    )
    .replace(
      "constructor(readonly payments: PaymentGateway, readonly db: BookingDb) {\n    super();",
      "constructor(payments: PaymentGateway, readonly db: BookingDb) {\n    super(payments);",
    ),
  "vip.ts": `import { RefundAgent } from "./refund-agent.js";

export class VipAgent<T extends string> extends RefundAgent {
  tier?: T;
  async goodwill(id: string) {
    await this.payments.refund(id, 7);
  }
}
`,
};

const benignBypass: Files = {
  ...base,
  "other.ts": `export class Shop {
  refund(id: string) { return id; }
}

export class Cart {
  private readonly shop = new Shop();
  payments = { refund: (id: string) => id };
  get gateway() { return this.shop; }

  checkout(id: string) {
    this.shop.refund(id);
    this.payments.refund(id);
    const { refund } = this.shop;
    return [this.gateway.refund(id), refund];
  }
}
`,
  "logging.ts": `import type { RefundAgent } from "./refund-agent.js";

export async function withLogging<T>(label: string, fn: () => Promise<T>): Promise<T> {
  console.log("start", label);
  try {
    return await fn();
  } finally {
    console.log("end", label);
  }
}

export async function refundWithLog(agent: RefundAgent, id: string) {
  return withLogging("refund", () => agent.issueRefund({ id, amount: 1 }));
}

export async function lookups(agent: RefundAgent, ids: string[]) {
  return Promise.all(ids.map((id) => agent.lookup_booking({ id })));
}
`,
  "refund-agent.test.ts": `import { RefundAgent } from "./refund-agent.js";
import { BookingDb, PaymentGateway } from "./payments.js";

export async function scenario() {
  const agent = new RefundAgent(new PaymentGateway(), new BookingDb());
  await agent.lookup_booking({ id: "b" });
  await agent.issueRefund({ id: "b", amount: 3 });
}
`,
};

/** `loadBooking` reads through the db for a read tool, the write tool and a plain method. */
const sharedReader: Files = {
  ...base,
  "load.ts": `import type { BookingDb } from "./payments.js";

export const loadBooking = async (db: BookingDb, id: string) => {
  const b = await db.find(id);
  console.debug("loaded", id);
  return b;
};
`,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { loadBooking } from "./load.js";`,
    )
    .replace("return this.findBooking(args.id);", "return loadBooking(this.db, args.id);")
    .replace("const booking = await this.findBooking(args.id);", "const booking = await loadBooking(this.db, args.id);")
    .replace(
      "  @tool()\n  async end_conversation",
      `  async preview(id: string) {
    return loadBooking(this.db, id);
  }

  @tool()
  async end_conversation`,
    ),
};

ruleTable("bypass-call", {
  valid: [
    { name: "[red team] same-name methods on unrelated classes, logging wrappers, tests calling tools", files: benignBypass },
    { name: "[red team] a module read helper shared by read tools, the write tool and other code", files: sharedReader },
  ],
  invalid: [
    { name: "[red team] arrow-function property helper", files: arrowHelper, errors: [errorAt(arrowHelper, "refund-agent.ts", "this.payments.refund(id, 1)")] },
    { name: "[red team] static method with a typed parameter", files: staticHelper, errors: [errorAt(staticHelper, "refund-agent.ts", "gw.refund(id, 1)")] },
    { name: "[red team] module function exported through a barrel", files: barrel, errors: [errorAt(barrel, "ops.ts", "gw.refund(id, 1)")] },
    { name: "[red team] service class holding a client field", files: serviceField, errors: [errorAt(serviceField, "billing.ts", "this.gw.refund(id, 20)")] },
    { name: "[red team] destructured method of the client", files: destructured, errors: [errorAt(destructured, "refund-agent.ts", "refund(id, 2)")] },
    {
      name: "[red team] destructured client field of this",
      files: destructuredThis,
      errors: [errorAt(destructuredThis, "refund-agent.ts", "payments.refund(id, 2)")],
    },
    { name: "[red team] optional chaining", files: optionalChain, errors: [errorAt(optionalChain, "refund-agent.ts", "this.payments?.refund(id, 3)")] },
    { name: "[red team] Promise.all over a map callback", files: promiseAll, errors: [errorAt(promiseAll, "refund-agent.ts", "this.payments.refund(id, 4)")] },
    { name: "[red team] a getter returning the client", files: getterClient, errors: [errorAt(getterClient, "refund-agent.ts", "this.gateway.refund(id, 5)")] },
    {
      name: "[red team] the tool reaches the client through a getter, the bypass through the field",
      files: toolViaGetter,
      errors: [errorAt(toolViaGetter, "refund-agent.ts", "this.payments.refund(id, 6)")],
    },
    {
      name: "[red team] generic abstract base and a generic subclass",
      files: genericBase,
      errors: [errorAt(genericBase, "vip.ts", "this.payments.refund(id, 7)")],
    },
  ],
});

// ---------------------------------------------------------------- dynamic-dispatch

const templateKey = withMethod(`  async run(kind: string, args: any) {
    return this[\`issue_\${kind}\` as keyof this];
  }`);
const templateCall = withMethod(`  async run(kind: string, args: any) {
    return (this as any)[\`issue\${kind}\`](args);
  }`);
const getPrototypeOf = withMethod(`  async viaProto(args: any) {
    return Object.getPrototypeOf(this).issueRefund.call(this, args);
  }`);
const setTimeoutValue = withMethod(`  schedule() {
    setTimeout(this.issueRefund, 0);
  }`);
const arrayForEach = withMethod(`  all(args: any) {
    [this.issueRefund].forEach((f) => f(args));
  }`);
const objectAssignProto: Files = {
  ...base,
  "patch.ts": `import { RefundAgent } from "./refund-agent.js";

Object.assign(RefundAgent.prototype, { issueRefund: async () => undefined });
`,
};
const destructuredTool = withMethod(`  async grab(args: any) {
    const { issueRefund } = this;
    return issueRefund(args);
  }`);
const reflectGet = withMethod(`  async viaGet(name: string, args: any) {
    return Reflect.get(this, name)(args);
  }`);
const indirectEval = withMethod(`  run(code: string) {
    return (0, eval)(code);
  }`);
const childDynamic = child(`  route(name: "issueRefund" | "lookup_booking", args: any) {
    return this[name](args);
  }`);

const benignDynamic = withMethod(`  private readonly routes = { a: 1, b: 2 };

  async safe(kind: "a" | "b", args: { id: string; amount: number }) {
    setTimeout(() => this.issueRefund(args), 0);
    [args].forEach((a) => this.issueRefund(a));
    const { db } = this;
    const n = this.routes[kind];
    const proto = Object.getPrototypeOf(args);
    return [n, db, proto, Object.keys(this.routes)];
  }`);

ruleTable("dynamic-dispatch", {
  valid: [{ name: "[red team] wrapped callbacks, destructured non-tool fields, lookups on plain objects", files: benignDynamic }],
  invalid: [
    { name: "[red team] template-literal key", files: templateKey, errors: [errorAt(templateKey, "refund-agent.ts", "this[`issue_")] },
    {
      name: "[red team] template-literal key called through (this as any)",
      files: templateCall,
      errors: [errorAt(templateCall, "refund-agent.ts", "(this as any)[`issue")],
    },
    {
      name: "[red team] Object.getPrototypeOf(this).tool.call(this)",
      files: getPrototypeOf,
      errors: [errorAt(getPrototypeOf, "refund-agent.ts", "Object.getPrototypeOf(this).issueRefund.call(")],
    },
    { name: "[red team] setTimeout(this.tool, 0)", files: setTimeoutValue, errors: [errorAt(setTimeoutValue, "refund-agent.ts", "this.issueRefund, 0")] },
    { name: "[red team] [this.tool].forEach(f => f())", files: arrayForEach, errors: [errorAt(arrayForEach, "refund-agent.ts", "this.issueRefund]")] },
    { name: "[red team] Object.assign(Agent.prototype, {...})", files: objectAssignProto, errors: [errorAt(objectAssignProto, "patch.ts", "Object.assign(")] },
    {
      name: "[red team] destructuring a tool method off this",
      files: destructuredTool,
      errors: [errorAt(destructuredTool, "refund-agent.ts", "issueRefund } = this")],
    },
    { name: "[red team] Reflect.get(this, name)", files: reflectGet, errors: [errorAt(reflectGet, "refund-agent.ts", "Reflect.get(")] },
    { name: "[red team] indirect eval (0, eval)(code)", files: indirectEval, errors: [errorAt(indirectEval, "refund-agent.ts", "(0, eval)(code)")] },
    { name: "[red team] computed access in a subclass", files: childDynamic, errors: [errorAt(childDynamic, "child.ts", "this[name]")] },
  ],
});

// ---------------------------------------------------------------- unguarded-override

const arrowNoOverride = child(`  // @ts-ignore
  issueRefund = async (args: { id: string; amount: number }) => {
    await this.payments.refund(args.id, args.amount);
  };`);
const defineProp = child(`  constructor(...a: ConstructorParameters<typeof RefundAgent>) {
    super(...a);
    Object.defineProperty(this, "issueRefund", { value: async () => undefined });
  }`);
const elementAssign = child(`  constructor(...a: ConstructorParameters<typeof RefundAgent>) {
    super(...a);
    this["issueRefund"] = async () => undefined;
  }`);
const outsideFactory: Files = {
  ...base,
  "factory.ts": `import { RefundAgent } from "./refund-agent.js";
import { BookingDb, PaymentGateway } from "./payments.js";

export function makeAgent() {
  const agent = new RefundAgent(new PaymentGateway(), new BookingDb());
  agent.issueRefund = async () => undefined;
  return agent;
}
`,
};
const grandchildGetter: Files = {
  ...base,
  "middle.ts": `import { RefundAgent } from "./refund-agent.js";\nexport abstract class MiddleAgent extends RefundAgent {}\n`,
  "leaf.ts": `import { MiddleAgent } from "./middle.js";

export default class LeafAgent extends MiddleAgent {
  // @ts-ignore
  get issueRefund() {
    return async () => undefined;
  }
}
`,
};

const benignOverride = child(
  `  override async issueRefund(args: { id: string; amount: number }) {
    return super.issueRefund({ ...args, amount: Math.min(args.amount, 100) });
  }

  refundLater = async (args: { id: string; amount: number }) => this.issueRefund(args);

  get issueRefundLabel() {
    return "issue_refund";
  }`,
);

ruleTable("unguarded-override", {
  valid: [{ name: "[red team] method override calling super, arrow wrappers that call the tool, look-alike getter names", files: benignOverride }],
  invalid: [
    { name: "[red team] arrow property without override keyword", files: arrowNoOverride, errors: [errorAt(arrowNoOverride, "child.ts", "issueRefund =")] },
    {
      name: "[red team] Object.defineProperty(this, tool) in the constructor",
      files: defineProp,
      errors: [errorAt(defineProp, "child.ts", "Object.defineProperty(")],
    },
    { name: '[red team] this["tool"] = ... in the constructor', files: elementAssign, errors: [errorAt(elementAssign, "child.ts", `this["issueRefund"] =`)] },
    {
      name: "[red team] assignment on a freshly constructed agent",
      files: outsideFactory,
      errors: [errorAt(outsideFactory, "factory.ts", "agent.issueRefund =")],
    },
    {
      name: "[red team] getter in a default-exported grandchild of an abstract class",
      files: grandchildGetter,
      errors: [errorAt(grandchildGetter, "leaf.ts", "issueRefund()")],
    },
  ],
});

// ---------------------------------------------------------------- protocol-weakening

const spreadStates = `import { defineProtocol } from "concordat";
import { refundProtocol } from "./refund-protocol.js";

const { states } = refundProtocol.config;
const looser = { ...states, awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "confirmed" } } } };

export const looseProtocol = defineProtocol({ ...refundProtocol.config, name: "loose", states: looser });
`;
const decoratedDefault = (protocolFile: string, protocolName: string): Files => ({
  ...base,
  [`${protocolName}.ts`]: protocolFile,
  "derived.ts": `import { enforce } from "concordat/decorators";
import { ${protocolName} } from "./${protocolName}.js";
import { RefundAgent } from "./refund-agent.js";

@enforce(${protocolName})
export default class DerivedAgent<T = unknown> extends RefundAgent {
  extra?: T;
}
`,
});
const looseAgent = decoratedDefault(spreadStates, "looseProtocol");
const fastDefault = decoratedDefault(fastProtocol.replace(/fastProtocol/g, "fastProtocol"), "fastProtocol");
const sameProtocol = decoratedDefault(
  `import { defineProtocol } from "concordat";
import { refundProtocol } from "./refund-protocol.js";

export const sameProtocol = defineProtocol({ ...refundProtocol.config, name: "same" });
`,
  "sameProtocol",
);

ruleTable("protocol-weakening", {
  valid: [{ name: "[red team] a spread copy of the parent protocol on a default-exported generic subclass", files: sameProtocol }],
  invalid: [
    {
      name: "[red team] a state overridden through a destructured, spread states object",
      files: looseAgent,
      errors: [errorAt(looseAgent, "derived.ts", "enforce(looseProtocol)")],
    },
    {
      name: "[red team] default-exported generic subclass with a weaker protocol",
      files: fastDefault,
      errors: [errorAt(fastDefault, "derived.ts", "enforce(fastProtocol)")],
    },
  ],
});

// ---------------------------------------------------------------- round 2: more shapes

const privateHelper: Files = {
  ...base,
  "refund-agent.ts": agentText.replace("await this.payments.refund(args.id, args.amount);", "await this.#pay(args.id, args.amount);").replace(
    "  @tool()\n  async end_conversation",
    `  async #pay(id: string, amount: number) {
    await this.payments.refund(id, amount);
  }

  async promo(id: string) {
    await this.#pay(id, 8);
  }

  @tool()
  async end_conversation`,
  ),
};

const externalSdk: Files = {
  ...base,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport Stripe from "stripe";`,
    )
    .replace("await this.payments.refund(args.id, args.amount);", "await this.stripe.refunds.create({ payment_intent: args.id, amount: args.amount });")
    .replace("export class RefundAgent extends Agent {", `export class RefundAgent extends Agent {\n  private readonly stripe = new Stripe("sk_test");`),
  "admin.ts": `import Stripe from "stripe";

const stripe = new Stripe("sk_test");

export async function refundFromDashboard(id: string) {
  await stripe.refunds.create({ payment_intent: id });
  await stripe.customers.retrieve(id);
}
`,
};

const interfaceClient: Files = {
  ...base,
  "ports.ts": `export interface RefundPort {\n  refund(id: string, amount: number): Promise<void>;\n}\n`,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport type { RefundPort } from "./ports.js";`,
    )
    .replace("readonly db: BookingDb", "readonly db: BookingDb, private readonly port: RefundPort")
    .replace("await this.payments.refund(args.id, args.amount);", "await this.port.refund(args.id, args.amount);"),
  "worker.ts": `import type { RefundPort as Port } from "./ports.js";

export const drain = async (port: Port, ids: string[]) => {
  for (const id of ids) await port.refund(id, 9);
};
`,
};

const literalKeyCall = withMethod(`  async viaKey(id: string) {
    await this.payments["refund"](id, 10);
  }`);

const callbackClosure = withMethod(`  private async withRetry<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch {
      return fn();
    }
  }

  async retrying(id: string) {
    return this.withRetry(() => this.payments.refund(id, 11));
  }`);

ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team] a #private helper shared by the tool and another method",
      files: privateHelper,
      errors: [errorAt(privateHelper, "refund-agent.ts", "this.#pay(id, 8)")],
    },
    {
      name: "[red team] an external SDK client (default import, field and module singleton)",
      files: externalSdk,
      errors: [errorAt(externalSdk, "admin.ts", "stripe.refunds.create(")],
    },
    {
      name: "[red team] a client typed by an interface, used by an aliased type import",
      files: interfaceClient,
      errors: [errorAt(interfaceClient, "worker.ts", "port.refund(id, 9)")],
    },
    {
      name: "[red team] literal element access on the client",
      files: literalKeyCall,
      errors: [errorAt(literalKeyCall, "refund-agent.ts", `this.payments["refund"](id, 10)`)],
    },
    {
      name: "[red team] a closure handed to a retry helper",
      files: callbackClosure,
      errors: [errorAt(callbackClosure, "refund-agent.ts", "this.payments.refund(id, 11)")],
    },
  ],
});

const literalKeyValue = withMethod(`  grab(args: any) {
    const fn = this["issueRefund"];
    return fn(args);
  }`);
const toolTable = withMethod(`  table() {
    return { refund: this.issueRefund, lookup: (a: { id: string }) => this.lookup_booking(a) };
  }`);
const registerOutside: Files = {
  ...base,
  "registry.ts": `import type { RefundAgent } from "./refund-agent.js";

const handlers = new Map<string, (a: any) => unknown>();

export function register(agent: RefundAgent) {
  handlers.set("refund", agent.issueRefund);
}
`,
};
const optionalComputed = withMethod(`  maybe(name: string, args: any) {
    return (this as any)?.[name]?.(args);
  }`);
const selfAlias = withMethod(`  viaSelf(name: string, args: any) {
    const self: any = this;
    return self[name](args);
  }`);
const selfAliasUntyped = withMethod(`  viaSelf(name: "issueRefund", args: any) {
    const self = this;
    return self[name](args);
  }`);

const benignDynamic2 = withMethod(`  async fine(args: { id: string; amount: number }) {
    const name = this.issueRefund.name;
    const isFn = typeof this.issueRefund === "function";
    await this.issueRefund(args).then((r) => r);
    const same = Object.getPrototypeOf(this) === RefundAgent.prototype;
    return [name, isFn, same];
  }`);

ruleTable("dynamic-dispatch", {
  valid: [{ name: "[red team] .name, typeof, .then on the call, prototype comparison", files: benignDynamic2 }],
  invalid: [
    {
      name: "[red team] literal element access taken as a value",
      files: literalKeyValue,
      errors: [errorAt(literalKeyValue, "refund-agent.ts", `this["issueRefund"]`)],
    },
    { name: "[red team] a tool method stored in an object table", files: toolTable, errors: [errorAt(toolTable, "refund-agent.ts", "this.issueRefund,")] },
    {
      name: "[red team] a tool method registered as a handler from outside",
      files: registerOutside,
      errors: [errorAt(registerOutside, "registry.ts", "agent.issueRefund)")],
    },
    { name: "[red team] optional computed call", files: optionalComputed, errors: [errorAt(optionalComputed, "refund-agent.ts", "(this as any)?.[name]")] },
    { name: "[red team] computed access through an annotated alias of this", files: selfAlias, errors: [errorAt(selfAlias, "refund-agent.ts", "self[name]")] },
    {
      name: "[red team] computed access through an alias of this",
      files: selfAliasUntyped,
      errors: [errorAt(selfAliasUntyped, "refund-agent.ts", "self[name]")],
    },
  ],
});

const objectAssignThis = child(`  constructor(...a: ConstructorParameters<typeof RefundAgent>) {
    super(...a);
    Object.assign(this, { issueRefund: async () => undefined });
  }`);
const classExpression: Files = {
  ...base,
  "child.ts": `import { RefundAgent } from "./refund-agent.js";

export const QuickAgent = class extends RefundAgent {
  // @ts-ignore
  issueRefund = async () => undefined;
};
`,
};
const declared = child(`  declare issueRefund: (args: { id: string; amount: number }) => Promise<void>;`);
const definiteField = child(`  // @ts-ignore
  issueRefund!: (args: { id: string; amount: number }) => Promise<void>;`);

ruleTable("unguarded-override", {
  valid: [{ name: "[red team] a `declare` field only retypes the inherited method", files: declared }],
  invalid: [
    {
      name: "[red team] Object.assign(this, { tool }) in the constructor",
      files: objectAssignThis,
      errors: [errorAt(objectAssignThis, "child.ts", "Object.assign(")],
    },
    {
      name: "[red team] a class expression subclass with an arrow property",
      files: classExpression,
      errors: [errorAt(classExpression, "child.ts", "issueRefund =")],
    },
    {
      name: "[red team] a definite-assignment field (own property under ES2022 class fields)",
      files: definiteField,
      errors: [errorAt(definiteField, "child.ts", "issueRefund!")],
    },
  ],
});

const guardedParent = (childProtocol: string): Files => ({
  ...base,
  "refund-protocol.ts": base["refund-protocol.ts"]
    .replace(
      `import { defineProtocol } from "concordat";`,
      `import { defineProtocol, guard } from "concordat";\nexport const small = guard("small", (c: any) => c.amount < 100);`,
    )
    .replace(
      `confirmed: { on: { issue_refund: { ok: "refunded" } } },`,
      `confirmed: { on: { issue_refund: { ok: "refunded" } }, guards: { issue_refund: small } },`,
    ),
  "child-protocol.ts": childProtocol,
  "child.ts": `import { enforce } from "concordat/decorators";
import { childProtocol } from "./child-protocol.js";
import { RefundAgent } from "./refund-agent.js";

@enforce(childProtocol)
export class ChildAgent extends RefundAgent {}
`,
});
const droppedGuard = guardedParent(`import { defineProtocol } from "concordat";
import { refundProtocol } from "./refund-protocol.js";

const { states } = refundProtocol.config;

export const childProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "unguarded",
  states: { ...states, confirmed: { on: states.confirmed.on } },
});
`);
const keptGuard = guardedParent(`import { defineProtocol } from "concordat";
import { refundProtocol } from "./refund-protocol.js";

export const childProtocol = defineProtocol({ ...refundProtocol.config, name: "same-guards" });
`);
const viaHelper = guardedParent(`import { defineProtocol } from "concordat";
import { refundProtocol } from "./refund-protocol.js";

function withShortcut(p: typeof refundProtocol, name: string) {
  return defineProtocol({
    ...p.config,
    name,
    states: { ...p.config.states, awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "confirmed" } } } },
  });
}

export const childProtocol = withShortcut(refundProtocol, "shortcut");
`);

ruleTable("protocol-weakening", {
  valid: [{ name: "[red team] a copy keeping the parent's guards", files: keptGuard }],
  invalid: [
    {
      name: "[red team] a guard dropped through destructured states",
      files: droppedGuard,
      errors: [errorAt(droppedGuard, "child.ts", "enforce(childProtocol)", { message: /guard/ })],
    },
    { name: "[red team] a weaker protocol built by a helper function", files: viaHelper, errors: [errorAt(viaHelper, "child.ts", "enforce(childProtocol)")] },
  ],
});

// ---------------------------------------------------------------- round 3: everyday agent code

/** The write tool logs, validates with a zod schema, makes an id and reads the booking; other code does the same. */
const everydayBenign: Files = {
  ...base,
  "logger.ts": `export class Logger {
  info(msg: string, data?: unknown) { console.log(msg, data); }
  warn(msg: string) { console.warn(msg); }
}
export const logger = new Logger();
`,
  "schemas.ts": `import { z } from "zod";
export const RefundArgs = z.object({ id: z.string(), amount: z.number() });
`,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { Logger, logger } from "./logger.js";\nimport { RefundArgs } from "./schemas.js";`,
    )
    .replace("readonly db: BookingDb", "readonly db: BookingDb, private readonly log: Logger")
    .replace(
      "const booking = await this.findBooking(args.id);",
      `const parsed = RefundArgs.parse(args);
    const requestId = crypto.randomUUID();
    this.log.info("refund", { requestId, at: performance.now() });
    logger.info("refund");
    const booking = await this.db.find(parsed.id);`,
    )
    .replace(
      "  @tool()\n  async end_conversation",
      `  validate(input: unknown) {
    const ok = RefundArgs.safeParse(input).success;
    this.log.warn(ok ? "valid" : "invalid");
    logger.info("validated");
    return { ok, id: crypto.randomUUID() };
  }

  @tool()
  async end_conversation`,
    ),
};

const subclassedClient: Files = {
  ...base,
  "logged-gateway.ts": `import { PaymentGateway } from "./payments.js";

export class LoggedGateway extends PaymentGateway {
  note() { return "logged"; }
}

export async function refundLogged(id: string) {
  await new LoggedGateway().refund(id, 12);
}
`,
};

const topLevelAwait: Files = {
  ...base,
  "script.ts": `import { PaymentGateway } from "./payments.js";

const gw = new PaymentGateway();
await gw.refund("b-9", 13);
`,
};

const objectLiteralHandlers: Files = {
  ...base,
  "handlers.ts": `import { PaymentGateway } from "./payments.js";

const gw = new PaymentGateway();

export const handlers = {
  async refund(id: string) {
    await gw.refund(id, 14);
  },
  ping: () => "pong",
};
`,
};

const effectFunction: Files = {
  ...base,
  "api.ts": `export async function postRefund(id: string, amount: number) {
  await fetch("https://pay.example/refunds", { method: "POST", body: JSON.stringify({ id, amount }) });
}
`,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { postRefund } from "./api.js";`,
    )
    .replace("await this.payments.refund(args.id, args.amount);", "await postRefund(args.id, args.amount);"),
  "batch.ts": `import { postRefund as send } from "./api.js";

export async function batch(ids: string[]) {
  for (const id of ids) await send(id, 15);
}
`,
};

const nestedAgent: Files = {
  ...base,
  "supervisor.ts": `import type { RefundAgent } from "./refund-agent.js";

export class Supervisor {
  constructor(private readonly inner: RefundAgent) {}

  async override(id: string) {
    await this.inner.payments.refund(id, 16);
  }

  async proper(id: string) {
    await this.inner.issueRefund({ id, amount: 16 });
  }
}
`,
};

/** The same everyday calls next to a real bypass: only the refund is reported. */
const everydayBypass: Files = {
  ...everydayBenign,
  "refund-agent.ts": everydayBenign["refund-agent.ts"]!.replace(
    "    return { ok, id: crypto.randomUUID() };",
    "    if (ok) await this.payments.refund(String(input), 17);\n    return { ok, id: crypto.randomUUID() };",
  ).replace("  validate(input: unknown) {", "  async validate(input: unknown) {"),
};

ruleTable("bypass-call", {
  valid: [{ name: "[red team] logging, schema validation, ids and timers shared by the write tool and other code", files: everydayBenign }],
  invalid: [
    {
      name: "[red team] a real bypass among everyday calls",
      files: everydayBypass,
      errors: [errorAt(everydayBypass, "refund-agent.ts", "this.payments.refund(String(input), 17)")],
    },
    {
      name: "[red team] a subclass of the client class",
      files: subclassedClient,
      errors: [errorAt(subclassedClient, "logged-gateway.ts", "new LoggedGateway().refund(id, 12)")],
    },
    { name: "[red team] top-level await in a script", files: topLevelAwait, errors: [errorAt(topLevelAwait, "script.ts", `gw.refund("b-9", 13)`)] },
    {
      name: "[red team] an object-literal handler method",
      files: objectLiteralHandlers,
      errors: [errorAt(objectLiteralHandlers, "handlers.ts", "gw.refund(id, 14)")],
    },
    {
      name: "[red team] the effect is an imported function (aliased import elsewhere)",
      files: effectFunction,
      errors: [errorAt(effectFunction, "batch.ts", "send(id, 15)")],
    },
    {
      name: "[red team] a supervisor reaching through an agent field",
      files: nestedAgent,
      errors: [errorAt(nestedAgent, "supervisor.ts", "this.inner.payments.refund(id, 16)")],
    },
  ],
});

const mixinArrow: Files = {
  ...base,
  "fast.ts": `import { RefundAgent } from "./refund-agent.js";

type Ctor<T> = abstract new (...args: any[]) => T;

export const Instant = <B extends Ctor<RefundAgent>>(Base: B) => {
  abstract class InstantRefund extends Base {
    // @ts-ignore
    issueRefund = async () => undefined;
  }
  return InstantRefund;
};

export class InstantAgent extends Instant(RefundAgent) {}
`,
};
const setter = child(`  // @ts-ignore
  set issueRefund(v: unknown) {
    void v;
  }`);

ruleTable("unguarded-override", {
  valid: [],
  invalid: [
    { name: "[red team] a setter", files: setter, errors: [errorAt(setter, "child.ts", "issueRefund(v")] },
    { name: "[red team] an arrow property added by a mixin", files: mixinArrow, errors: [errorAt(mixinArrow, "fast.ts", "issueRefund =")] },
  ],
});

// ---------------------------------------------------------------- round 4: client classes with shared transport

const httpClient = `export class PaymentsApi {
  constructor(private readonly baseUrl: string) {}

  private async request(method: string, path: string, body?: unknown) {
    const res = await fetch(this.baseUrl + path, { method, body: JSON.stringify(body) });
    return res.json();
  }

  refund(id: string, amount: number) {
    return this.request("POST", "/refunds", { id, amount });
  }

  charge(id: string) {
    return this.request("GET", "/charges/" + id);
  }
}
`;
const withApi = (extra: Files): Files => ({
  ...base,
  "payments-api.ts": httpClient,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { PaymentsApi } from "./payments-api.js";`,
    )
    .replace(
      "export class RefundAgent extends Agent {",
      `export class RefundAgent extends Agent {\n  private readonly api = new PaymentsApi("https://pay.example");`,
    )
    .replace("await this.payments.refund(args.id, args.amount);", "await this.api.refund(args.id, args.amount);"),
  ...extra,
});
const apiBenign = withApi({
  "weather.ts": `export async function forecast(city: string) {
  const res = await fetch("https://weather.example/" + city);
  return res.json();
}
`,
  "report.ts": `import { PaymentsApi } from "./payments-api.js";

export async function chargeReport(api: PaymentsApi, ids: string[]) {
  return Promise.all(ids.map((id) => api.charge(id)));
}
`,
});
const apiBypass = withApi({
  "ops.ts": `import { PaymentsApi } from "./payments-api.js";

export async function manualRefund(id: string) {
  const api = new PaymentsApi("https://pay.example");
  await api.refund(id, 18);
}
`,
});

/** Layers: the tool calls a service, the service calls the gateway; a bypass calls the gateway. */
const layered: Files = {
  ...base,
  "refund-service.ts": `import { PaymentGateway } from "./payments.js";

export class RefundService {
  constructor(private readonly gw: PaymentGateway) {}

  async process(id: string, amount: number) {
    if (amount <= 0) throw new Error("amount must be positive");
    await this.gw.refund(id, amount);
  }
}
`,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { RefundService } from "./refund-service.js";`,
    )
    .replace("readonly db: BookingDb", "readonly db: BookingDb, private readonly service: RefundService")
    .replace("await this.payments.refund(args.id, args.amount);", "await this.service.process(args.id, args.amount);"),
  "cli.ts": `import { PaymentGateway } from "./payments.js";
import { RefundService } from "./refund-service.js";

export async function main(id: string) {
  const gw = new PaymentGateway();
  await gw.refund(id, 19);
  await new RefundService(gw).process(id, 20);
}
`,
};

ruleTable("bypass-call", {
  valid: [{ name: "[red team] an HTTP client whose read methods share the transport with refund; fetch elsewhere", files: apiBenign }],
  invalid: [
    { name: "[red team] the client's refund method called outside the tool", files: apiBypass, errors: [errorAt(apiBypass, "ops.ts", "api.refund(id, 18)")] },
    {
      name: "[red team] tool → service → gateway; bypasses at both layers",
      files: layered,
      errors: [errorAt(layered, "cli.ts", "gw.refund(id, 19)"), errorAt(layered, "cli.ts", "new RefundService(gw).process(id, 20)")],
    },
  ],
});

// ---------------------------------------------------------------- round 5

const defaultAgent: Files = {
  ...base,
  "refund-agent.ts": agentText.replace("export class RefundAgent", "export default class RefundAgent"),
  "ops.ts": `import Agent from "./refund-agent.js";

export async function sneak(agent: Agent) {
  await agent.payments.refund("b", 21);
  return (agent as any)["issue" + "Refund"]({ id: "b", amount: 1 });
}
`,
};

const superHelper: Files = {
  ...base,
  "refund-agent.ts": agentText.replace("await this.payments.refund(args.id, args.amount);", "await this.settle(args.id, args.amount);").replace(
    "  @tool()\n  async end_conversation",
    `  protected async settle(id: string, amount: number) {
    await this.payments.refund(id, amount);
  }

  @tool()
  async end_conversation`,
  ),
  "child.ts": `import { RefundAgent } from "./refund-agent.js";

export class ChildAgent extends RefundAgent {
  async bonus(id: string) {
    await super.settle(id, 22);
  }
}
`,
};

const otherAgentReadTool: Files = {
  ...base,
  "audit-agent.ts": `import { z } from "zod";
import { defineProtocol } from "concordat";
import { Agent, enforce, tool } from "concordat/decorators";
import type { PaymentGateway } from "./payments.js";

const auditProtocol = defineProtocol({
  name: "audit",
  initial: "start",
  terminal: ["done"],
  tools: { inspect: { input: z.object({ id: z.string() }), effect: "read", outcomes: ["ok"], exit: true } },
  states: { start: { on: { inspect: { ok: "done" } } }, done: {} },
});

@enforce(auditProtocol)
export class AuditAgent extends Agent {
  constructor(private readonly gw: PaymentGateway) {
    super();
  }

  @tool()
  async inspect(args: { id: string }) {
    await this.gw.refund(args.id, 23);
  }
}
`,
};

ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team] a default-exported agent imported under another name",
      files: defaultAgent,
      errors: [errorAt(defaultAgent, "ops.ts", `agent.payments.refund("b", 21)`)],
    },
    {
      name: "[red team] a subclass calling the tool's helper through super",
      files: superHelper,
      errors: [errorAt(superHelper, "child.ts", "super.settle(id, 22)")],
    },
    {
      name: "[red team] another agent's read tool performing this agent's write effect",
      files: otherAgentReadTool,
      errors: [errorAt(otherAgentReadTool, "audit-agent.ts", "this.gw.refund(args.id, 23)")],
    },
  ],
});

const descriptor: Files = {
  ...base,
  "peek.ts": `import { RefundAgent } from "./refund-agent.js";

export const raw = Object.getOwnPropertyDescriptor(RefundAgent.prototype, "issueRefund")!.value;
`,
};
const genericDispatcher = withMethod(`  async handle(call: { name: keyof this; args: unknown }) {
    const fn = this[call.name] as unknown as (a: unknown) => Promise<unknown>;
    return fn.call(this, call.args);
  }`);
const defaultOutside: Files = {
  ...base,
  "refund-agent.ts": agentText.replace("export class RefundAgent", "export default class RefundAgent"),
  "ops.ts": `import Agent from "./refund-agent.js";

export function run(agent: Agent, name: string) {
  return (agent as any)["issue" + name]({ id: "b", amount: 1 });
}
`,
};

ruleTable("dynamic-dispatch", {
  valid: [],
  invalid: [
    {
      name: "[red team] Object.getOwnPropertyDescriptor(Agent.prototype, tool)",
      files: descriptor,
      errors: [errorAt(descriptor, "peek.ts", "Object.getOwnPropertyDescriptor(")],
    },
    {
      name: "[red team] a generic dispatcher over keyof this",
      files: genericDispatcher,
      errors: [errorAt(genericDispatcher, "refund-agent.ts", "this[call.name]")],
    },
    {
      name: "[red team] a computed key on a default-imported agent type",
      files: defaultOutside,
      errors: [errorAt(defaultOutside, "ops.ts", `(agent as any)["issue" + name]`)],
    },
  ],
});

const configConst = (text: string): Files => ({ ...base, "refund-protocol.ts": text });
const constConfig = configConst(
  base["refund-protocol.ts"]
    .replace(`import { defineProtocol } from "concordat";`, `import { defineProtocol } from "concordat";\nimport type { ProtocolConfig } from "concordat";`)
    .replace("export const refundProtocol = defineProtocol({", "const config = {")
    .replace(/\}\);\n$/, "} satisfies ProtocolConfig;\n\nexport const refundProtocol = defineProtocol(config);\n"),
);
const toolNames = {
  ...base,
  "names.ts": `export const TOOLS = { refund: "issue_refund", lookup: "lookup_booking" } as const;\n`,
  "refund-agent.ts": agentText
    .replace(
      `import { refundProtocol } from "./refund-protocol.js";`,
      `import { refundProtocol } from "./refund-protocol.js";\nimport { TOOLS } from "./names.js";`,
    )
    .replace(`@tool("issue_refund")`, "@tool(TOOLS.refund)")
    .replace("  @tool()\n  async lookup_booking", "  @tool(TOOLS.lookup)\n  async lookupBooking"),
};

ruleTable("unknown-tool", {
  valid: [
    { name: "[red team] a protocol config held in a const and passed to defineProtocol", files: constConfig },
    { name: "[red team] tool names from an `as const` table", files: toolNames },
  ],
  invalid: [],
});

// ---------------------------------------------------------------- round 6: value objects and errors

const valueObjects: Files = {
  ...base,
  "errors.ts": `export class BookingError extends Error {
  constructor(readonly bookingId: string) {
    super("booking " + bookingId);
  }
}
export class Receipt {
  constructor(readonly id: string, readonly amount: number) {}
  total() { return this.amount; }
}
export class Money {
  static of(n: number) { return new Money(n); }
  private constructor(readonly n: number) {}
}
`,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { BookingError, Money, Receipt } from "./errors.js";`,
    )
    .replace(
      `if (!booking) throw new Error("no booking");`,
      `if (!booking) throw new BookingError(args.id);\n    const receipt = new Receipt(args.id, Money.of(args.amount).n);\n    console.log(receipt.total());`,
    )
    .replace(
      "  @tool()\n  async end_conversation",
      `  preview(id: string) {
    if (!id) throw new BookingError(id);
    const r = new Receipt(id, Money.of(1).n);
    return r.total();
  }

  @tool()
  async end_conversation`,
    ),
};

/** Effects that are not `async`: an in-memory ledger and a Promise-returning client. */
const syncEffects: Files = {
  ...base,
  "ledger.ts": `export class Ledger {
  private readonly rows: string[] = [];
  record(id: string) {
    this.rows.push(id);
  }
}
export class Wire {
  send(id: string): Promise<void> {
    return Promise.resolve(void id);
  }
}
`,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { Ledger, Wire } from "./ledger.js";`,
    )
    .replace("readonly db: BookingDb", "readonly db: BookingDb, readonly ledger: Ledger, readonly wire: Wire")
    .replace("await this.payments.refund(args.id, args.amount);", "this.ledger.record(args.id);\n    await this.wire.send(args.id);")
    .replace(
      "  @tool()\n  async end_conversation",
      `  async manual(id: string) {
    this.ledger.record(id);
    await this.wire.send(id);
  }

  @tool()
  async end_conversation`,
    ),
};

ruleTable("bypass-call", {
  valid: [{ name: "[red team] errors, value objects and static factories used by the write tool and by other code", files: valueObjects }],
  invalid: [
    {
      name: "[red team] synchronous effects (in-memory ledger) and a Promise-returning client",
      files: syncEffects,
      errors: [errorAt(syncEffects, "refund-agent.ts", "this.ledger.record(id)"), errorAt(syncEffects, "refund-agent.ts", "this.wire.send(id)")],
    },
  ],
});

// ---------------------------------------------------------------- round 7: built-in collections as agent state

const collections = (extra: string): Files => ({
  ...base,
  "refund-agent.ts": agentText
    .replace(
      "export class RefundAgent extends Agent {",
      "export class RefundAgent extends Agent {\n  private readonly refunded = new Set<string>();\n  private readonly notes: Map<string, string> = new Map();",
    )
    .replace(
      "await this.payments.refund(args.id, args.amount);",
      'await this.payments.refund(args.id, args.amount);\n    this.refunded.add(args.id);\n    this.notes.set(args.id, "refunded");',
    )
    .replace(
      "  @tool()\n  async end_conversation",
      `${extra}

  @tool()
  async end_conversation`,
    ),
  "util.ts": `export function unique(ids: string[]) {
  const seen = new Set<string>();
  const index: Map<string, number> = new Map();
  for (const id of ids) {
    seen.add(id);
    index.set(id, 1);
  }
  return [...seen];
}
`,
});
const collectionsBenign = collections(`  annotate(id: string) {
    const local = new Set<string>();
    local.add(id);
    return this.notes.get(id) ?? [...local].join();
  }`);
const collectionsBypass = collections(`  markDone(id: string) {
    this.refunded.add(id);
  }`);

ruleTable("bypass-call", {
  valid: [{ name: "[red team] local Sets and Maps, and reads of the agent's state", files: collectionsBenign }],
  invalid: [
    {
      name: "[red team] another method writing the agent state the write tool writes",
      files: collectionsBypass,
      errors: [errorAt(collectionsBypass, "refund-agent.ts", "this.refunded.add(id)")],
    },
  ],
});

// ---------------------------------------------------------------- round 8: richer protocol definitions

const MAX = "const MAX_REFUND = 500;\n";
const richProtocol = base["refund-protocol.ts"]
  .replace(
    `import { defineProtocol } from "concordat";`,
    `import { defineProtocol } from "concordat";\n${MAX}const schemas = { id: z.string().min(1).describe("booking id") };`,
  )
  .replace(
    `issue_refund: { input: z.object({ id: z.string(), amount: z.number() }), effect: "write", requiresConfirmation: true },`,
    `issue_refund: {
      description: \`Refund up to \${MAX_REFUND} EUR\`,
      input: z.object({ id: schemas.id, amount: z.number().max(MAX_REFUND) }),
      effect: "write",
      requiresConfirmation: true,
      outcome: (result: unknown) => (result ? "ok" : "ok"),
      reduce: (ctx: any, args: any) => ({ ...ctx, refunded: args.amount }),
    },`,
  );
const richFiles: Files = { ...base, "refund-protocol.ts": richProtocol };
const envProtocol: Files = {
  ...base,
  "refund-protocol.ts": base["refund-protocol.ts"].replace(`initial: "start",`, `initial: process.env["REFUND_START"] ?? "start",`),
};

ruleTable("unanalyzable-protocol", {
  valid: [{ name: "[red team] template descriptions, zod chains from a local table, outcome and reduce functions", files: richFiles }],
  invalid: [
    {
      name: "[red team] a state name read from the environment",
      files: envProtocol,
      errors: [errorAt(envProtocol, "refund-protocol.ts", `process.env["REFUND_START"] ?? "start"`)],
    },
  ],
});

// ---------------------------------------------------------------- round 9: dispatch in an undecorated base class

const dispatcherBase: Files = {
  ...base,
  "base-agent.ts": `import { Agent } from "concordat/decorators";

export abstract class ToolHost extends Agent {
  async handleToolCall(name: string, args: unknown) {
    return (this as any)[name](args);
  }

  describeTools() {
    return Object.getOwnPropertyNames(Object.getPrototypeOf(this));
  }
}
`,
  "refund-agent.ts": agentText
    .replace(
      `import { Agent, enforce, tool } from "concordat/decorators";`,
      `import { enforce, tool } from "concordat/decorators";\nimport { ToolHost } from "./base-agent.js";`,
    )
    .replace("extends Agent {", "extends ToolHost {"),
};
const plainBase: Files = {
  ...base,
  "host.ts": `export abstract class Host {
  run(name: string) {
    return (this as any)[name]();
  }
}
export class Calculator extends Host {
  add() { return 1; }
}
`,
};

ruleTable("dynamic-dispatch", {
  valid: [{ name: "[red team] a computed dispatcher in a base class with no agent below it", files: plainBase }],
  invalid: [
    {
      name: "[red team] a computed dispatcher in an undecorated base class of an agent",
      files: dispatcherBase,
      errors: [errorAt(dispatcherBase, "base-agent.ts", "(this as any)[name]")],
    },
  ],
});

// ---------------------------------------------------------------- round 10: module shapes

const fnModule = `import { PaymentGateway } from "./payments.js";

const gw = new PaymentGateway();

export default async function refundFn(id: string, amount: number) {
  await gw.refund(id, amount);
}

export async function describeRefund(id: string) {
  return "refund " + id;
}
`;
const withFnEffect = (extra: Files): Files => ({
  ...base,
  "refund-fn.ts": fnModule,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport refundFn from "./refund-fn.js";`,
    )
    .replace("await this.payments.refund(args.id, args.amount);", "await refundFn(args.id, args.amount);"),
  ...extra,
});
const namespaceImport = withFnEffect({
  "ns.ts": `import * as fns from "./refund-fn.js";

export async function viaNamespace(id: string) {
  await fns.describeRefund(id);
  await fns.default(id, 24);
}
`,
});
const reexportedDefault = withFnEffect({
  "index.ts": `export { default as refundNow } from "./refund-fn.js";\n`,
  "job.ts": `import { refundNow } from "./index.js";

export const job = { run: (id: string) => refundNow(id, 25) };
`,
});
const staticArrow = withMethod(`  static readonly handler = (gw: PaymentGateway) => gw.refund("x", 26);`);
const viaCall = withMethod(`  async viaCall(id: string) {
    await this.payments.refund.call(this.payments, id, 27);
  }`);

ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team] a namespace import of the effect's module",
      files: namespaceImport,
      errors: [errorAt(namespaceImport, "ns.ts", "fns.default(id, 24)")],
    },
    {
      name: "[red team] a default export re-exported under a name, called in an object literal",
      files: reexportedDefault,
      errors: [errorAt(reexportedDefault, "job.ts", "refundNow(id, 25)")],
    },
    { name: "[red team] a static arrow property", files: staticArrow, errors: [errorAt(staticArrow, "refund-agent.ts", `gw.refund("x", 26)`)] },
    {
      name: "[red team] the client's method invoked with .call",
      files: viaCall,
      errors: [errorAt(viaCall, "refund-agent.ts", "this.payments.refund.call(this.payments, id, 27)")],
    },
  ],
});

// ---------------------------------------------------------------- round 11

const fieldTool: Files = {
  ...base,
  "refund-agent.ts": agentText.replace(`  @tool()\n  async end_conversation() {\n    return "bye";\n  }`, `  @tool()\n  end_conversation = async () => "bye";`),
};
const setProto: Files = {
  ...base,
  "swap.ts": `import type { RefundAgent } from "./refund-agent.js";

class Fake {
  async issueRefund() {}
}

export function swap(agent: RefundAgent) {
  Object.setPrototypeOf(agent, Fake.prototype);
}
`,
};
const ctorProtoPatch: Files = {
  ...base,
  "patch.ts": `import type { RefundAgent } from "./refund-agent.js";

export function patch(agent: RefundAgent) {
  (agent.constructor as any).prototype.issueRefund = async () => undefined;
}
`,
};

ruleTable("unguarded-override", {
  valid: [],
  invalid: [
    {
      name: "[red team] a @tool declared as an arrow-function field on the agent itself",
      files: fieldTool,
      errors: [errorAt(fieldTool, "refund-agent.ts", "end_conversation =")],
    },
  ],
});
ruleTable("dynamic-dispatch", {
  valid: [],
  invalid: [
    { name: "[red team] Object.setPrototypeOf on a typed agent", files: setProto, errors: [errorAt(setProto, "swap.ts", "Object.setPrototypeOf(")] },
    {
      name: "[red team] agent.constructor.prototype patch",
      files: ctorProtoPatch,
      errors: [errorAt(ctorProtoPatch, "patch.ts", "(agent.constructor as any).prototype.issueRefund =")],
    },
  ],
});

// ---------------------------------------------------------------- round 12: combinations

const agentFieldClient: Files = {
  ...base,
  "refund-agent.ts": agentText
    .replace(
      "constructor(readonly payments: PaymentGateway, readonly db: BookingDb) {",
      "private readonly payments = new PaymentGateway();\n\n  constructor(readonly db: BookingDb) {",
    )
    .replace(
      "  @tool()\n  async end_conversation",
      `  private async courtesy(id: string) {
    await this.payments.refund(id, 28);
  }

  @tool()
  async end_conversation`,
    ),
};
const templateDirect = withMethod(`  async run(kind: string) {
    // @ts-ignore
    return this[\`issue_\${kind}\`]();
  }`);
const genericAgent: Files = {
  ...base,
  "refund-agent.ts": agentText.replace(
    "export class RefundAgent extends Agent {",
    "export class RefundAgent<TMeta = unknown> extends Agent {\n  meta?: TMeta;",
  ),
  "fast-protocol.ts": fastProtocol,
  "fast.ts": `import { enforce } from "concordat/decorators";
import { fastProtocol } from "./fast-protocol.js";
import { RefundAgent } from "./refund-agent.js";

export default @enforce(fastProtocol) class FastAgent<T> extends RefundAgent<T> {}
`,
};

ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team] the agent's own client field with an initializer",
      files: agentFieldClient,
      errors: [errorAt(agentFieldClient, "refund-agent.ts", "this.payments.refund(id, 28)")],
    },
  ],
});
ruleTable("dynamic-dispatch", {
  valid: [],
  invalid: [
    { name: "[red team] this[`issue_${kind}`]() called directly", files: templateDirect, errors: [errorAt(templateDirect, "refund-agent.ts", "this[`issue_")] },
  ],
});
ruleTable("protocol-weakening", {
  valid: [],
  invalid: [
    {
      name: "[red team] `export default @enforce(p) class X<T> extends Generic<T>`",
      files: genericAgent,
      errors: [errorAt(genericAgent, "fast.ts", "enforce(fastProtocol)")],
    },
  ],
});

// ---------------------------------------------------------------- round 13: dependency injection

const container = `import { PaymentGateway } from "./payments.js";

export const container = {
  get<T>(ctor: new () => T): T {
    return new ctor();
  },
};
export function inject<T>(ctor: new () => T): T {
  return new ctor();
}
export { PaymentGateway };
`;
const injected: Files = {
  ...base,
  "container.ts": container,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { inject } from "./container.js";`,
    )
    .replace(
      "constructor(readonly payments: PaymentGateway, readonly db: BookingDb) {",
      "private readonly payments = inject(PaymentGateway);\n\n  constructor(readonly db: BookingDb) {",
    ),
  "worker.ts": `import { container } from "./container.js";
import { PaymentGateway } from "./payments.js";

export async function work(id: string) {
  const gw = container.get(PaymentGateway);
  await gw.refund(id, 29);
}
`,
};

ruleTable("bypass-call", {
  valid: [],
  invalid: [{ name: "[red team] clients from inject(X) and container.get(X)", files: injected, errors: [errorAt(injected, "worker.ts", "gw.refund(id, 29)")] }],
});

// ---------------------------------------------------------------- round 14: factory functions

const factories: Files = {
  ...base,
  "factory.ts": `import { PaymentGateway } from "./payments.js";

export function makeGateway(): PaymentGateway {
  return new PaymentGateway();
}

export async function connect(): Promise<PaymentGateway> {
  return new PaymentGateway();
}

export function summary(ids: string[]) {
  return { ids, count: ids.length, push: (id: string) => ids.push(id) };
}
`,
  "jobs.ts": `import { connect, makeGateway, summary } from "./factory.js";

export async function sync(id: string) {
  const gw = makeGateway();
  await gw.refund(id, 30);
}

export async function asyncFactory(id: string) {
  const gw = await connect();
  await gw.refund(id, 31);
}

export function report(ids: string[]) {
  const s = summary(ids);
  s.push("x");
  return s.count;
}
`,
};

ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team] clients from factory functions with declared return types (sync and async)",
      files: factories,
      errors: [errorAt(factories, "jobs.ts", "gw.refund(id, 30)"), errorAt(factories, "jobs.ts", "gw.refund(id, 31)")],
    },
  ],
});

// ---------------------------------------------------------------- round 15: call results as receivers

const clientForMethod = withMethod(`  private clientFor(region: string) {
    void region;
    return this.payments;
  }

  private typedClient(): PaymentGateway {
    return this.payments;
  }

  async eu(id: string) {
    await this.clientFor("eu").refund(id, 32);
    const gw = this.typedClient();
    await gw.refund(id, 33);
    await this.payments.refund(id, 34).then(() => "ok");
  }`);

const sqlite = (extra: string): Files => ({
  ...base,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport Database from "better-sqlite3";`,
    )
    .replace(
      "export class RefundAgent extends Agent {",
      `export class RefundAgent extends Agent {\n  private readonly sql = new Database("app.db");\n  private readonly history: { id: string }[] = [];`,
    )
    .replace("return this.findBooking(args.id);", `return this.sql.prepare("SELECT * FROM bookings WHERE id = ?").get(args.id);`)
    .replace(
      "await this.payments.refund(args.id, args.amount);",
      `this.sql.prepare("UPDATE bookings SET refunded = 1 WHERE id = ?").run(args.id);\n    const prior = this.history.filter((h) => h.id === args.id);\n    this.history.push({ id: args.id });\n    console.log(prior.length);`,
    )
    .replace(
      "  @tool()\n  async end_conversation",
      `${extra}

  @tool()
  async end_conversation`,
    ),
});
const sqliteBenign = sqlite(`  report() {
    const rows = this.sql.prepare("SELECT * FROM bookings").all();
    return [rows, this.history.filter((h) => h.id !== "").map((h) => h.id)];
  }`);
const sqliteBypass = sqlite(`  reopen(id: string) {
    this.sql.prepare("UPDATE bookings SET refunded = 1 WHERE id = ?").run(id);
  }`);

ruleTable("bypass-call", {
  valid: [{ name: "[red team] fluent SQL reads and array reads next to a write tool's fluent SQL write", files: sqliteBenign }],
  invalid: [
    {
      name: "[red team] a client returned by a helper method (inferred and declared), and a .then on the effect",
      files: clientForMethod,
      errors: [
        errorAt(clientForMethod, "refund-agent.ts", `this.clientFor("eu").refund(id, 32)`),
        errorAt(clientForMethod, "refund-agent.ts", "gw.refund(id, 33)"),
        errorAt(clientForMethod, "refund-agent.ts", "this.payments.refund(id, 34)"),
      ],
    },
    {
      name: "[red team] a fluent SQL write outside the tool",
      files: sqliteBypass,
      errors: [errorAt(sqliteBypass, "refund-agent.ts", `this.sql.prepare("UPDATE bookings SET refunded = 1 WHERE id = ?").run(id)`)],
    },
  ],
});

// ---------------------------------------------------------------- round 16: query builders

const builder = (extra: string): Files => ({
  ...base,
  "refund-agent.ts": agentText
    .replace(
      `import { BookingDb, PaymentGateway } from "./payments.js";`,
      `import { BookingDb, PaymentGateway } from "./payments.js";\nimport { createClient } from "@supabase/supabase-js";\nimport Database from "better-sqlite3";`,
    )
    .replace(
      "export class RefundAgent extends Agent {",
      `export class RefundAgent extends Agent {\n  private readonly sb = createClient("url", "key");\n  private readonly sql = new Database("app.db");`,
    )
    .replace(
      "await this.payments.refund(args.id, args.amount);",
      `await this.sb.from("refunds").insert({ id: args.id, amount: args.amount });\n    this.sql.prepare("UPDATE bookings SET refunded = 1 WHERE id = ?").run(args.id);`,
    )
    .replace(
      "  @tool()\n  async end_conversation",
      `${extra}

  @tool()
  async end_conversation`,
    ),
});
const builderBenign = builder(`  async dashboard() {
    const { data } = await this.sb.from("bookings").select("*");
    const rows = this.sql.prepare("SELECT * FROM bookings").all();
    return [data, rows];
  }`);
const builderBypass = builder(`  async backfill(id: string) {
    await this.sb.from("refunds").insert({ id, amount: 35 });
  }`);

ruleTable("bypass-call", {
  valid: [{ name: "[red team] builder steps (from(), prepare()) shared by reads elsewhere and the write tool", files: builderBenign }],
  invalid: [
    {
      name: "[red team] the write tool's builder chain outside the tool",
      files: builderBypass,
      errors: [errorAt(builderBypass, "refund-agent.ts", `this.sb.from("refunds").insert({ id, amount: 35 })`)],
    },
  ],
});

// ---------------------------------------------------------------- round 17: unusual syntax does not crash or report

const oddSyntax: Files = {
  ...base,
  "odd.ts": `import fs = require("node:fs");
import type { RefundAgent } from "./refund-agent.js";

export enum Mode { Fast = "fast", Slow = "slow" }

export namespace Util {
  export const twice = (n: number) => n * 2;
}

declare module "./payments.js" {
  interface PaymentGateway { extra?: string }
}

export abstract class Odd<T extends object = {}> implements Iterable<T> {
  [key: string]: unknown;
  static #count = 0;
  #secret = 1;
  accessor label = "odd";
  static {
    Odd.#count++;
  }
  *[Symbol.iterator](): Iterator<T> {}
  get [Mode.Fast]() { return this.#secret; }
  overload(a: string): string;
  overload(a: number): number;
  overload(a: any) { return a; }
  abstract run(): void;
  async *stream() { yield* [1, 2]; }
}

export function inspect(agent: RefundAgent) {
  const { payments, ...rest } = agent;
  const [first = 1, , third] = [1, 2, 3];
  const label = \`\${agent.constructor.name}:\${first}:\${third}\`;
  fs.existsSync(label);
  return { payments, rest, label, typeofTool: typeof agent.issueRefund };
}

export default (x: number) => x + 1;
`,
};

ruleTable("bypass-call", {
  valid: [{ name: "[red team] enums, namespaces, module augmentation, accessors, static blocks, overloads, rest destructuring", files: oddSyntax }],
  invalid: [],
});

// ---------------------------------------------------------------- round 18: mixins

const mixinBypass: Files = {
  ...base,
  "with-refunds.ts": `import type { PaymentGateway } from "./payments.js";

type Ctor<T = object> = abstract new (...args: any[]) => T;

export function WithQuickRefund<B extends Ctor<{ payments: PaymentGateway }>>(Base: B) {
  abstract class QuickRefund extends Base {
    async quick(id: string) {
      await this.payments.refund(id, 36);
    }
  }
  return QuickRefund;
}
`,
  "quick-agent.ts": `import { WithQuickRefund } from "./with-refunds.js";
import { RefundAgent } from "./refund-agent.js";

export class QuickAgent extends WithQuickRefund(RefundAgent) {}
`,
};
const mixinDispatch: Files = {
  ...base,
  "with-dispatch.ts": `type Ctor<T = object> = abstract new (...args: any[]) => T;

export const WithDispatch = <B extends Ctor>(Base: B) =>
  class extends Base {
    dispatch(name: string, args: unknown) {
      return (this as any)[name](args);
    }
  };
`,
  "dispatch-agent.ts": `import { WithDispatch } from "./with-dispatch.js";
import { RefundAgent } from "./refund-agent.js";

export class DispatchAgent extends WithDispatch(RefundAgent) {}
`,
};

ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team] a mixin method applied to an agent",
      files: mixinBypass,
      errors: [errorAt(mixinBypass, "with-refunds.ts", "this.payments.refund(id, 36)")],
    },
  ],
});
ruleTable("dynamic-dispatch", {
  valid: [],
  invalid: [
    {
      name: "[red team] a computed dispatcher in an arrow mixin applied to an agent",
      files: mixinDispatch,
      errors: [errorAt(mixinDispatch, "with-dispatch.ts", "(this as any)[name]")],
    },
  ],
});

describe("isNonEffectName (calls of a write tool that are not its effect)", () => {
  const cases: [string, boolean][] = [
    ["T:/a/logger.ts#Logger.info", true],
    ["V:/a/schemas.ts#RefundArgs.parse", true],
    ["T:/a/db.ts#Db.findBooking", true],
    ["E:axios#default.get", true],
    ["P:/a/agent.ts#Agent.history.filter", true],
    ["T:/a/api.ts#Api.fetchRefunds", true],
    ["E:axios#default.post", false],
    ["T:/a/payments.ts#PaymentGateway.refund", false],
    ["G:fetch", false],
    ["P:/a/agent.ts#Agent.http.fetch", false],
    ["P:/a/agent.ts#Agent.refunds.push", false],
    ["F:/a/api.ts#info", false],
  ];
  for (const [key, expected] of cases) it(`${key} → ${expected ? "not an effect" : "an effect"}`, () => expect(isNonEffectName(key)).toBe(expected));
});

const reflectOnClient: Files = {
  ...base,
  "tools.ts": `import { PaymentGateway } from "./payments.js";

const gw = new PaymentGateway();

export function viaReflect(id: string) {
  return Reflect.apply(gw.refund, gw, [id, 37]);
}
`,
};
ruleTable("bypass-call", {
  valid: [],
  invalid: [
    {
      name: "[red team] Reflect.apply on the client's method outside any agent",
      files: reflectOnClient,
      errors: [errorAt(reflectOnClient, "tools.ts", "Reflect.apply(gw.refund, gw, [id, 37])")],
    },
  ],
});

// ---------------------------------------------------------------- round 19: namespace imports of the library

const nsLibrary: Files = {
  ...base,
  "refund-protocol.ts": base["refund-protocol.ts"]
    .replace(`import { defineProtocol } from "concordat";`, `import * as concordat from "concordat";`)
    .replace("= defineProtocol({", "= concordat.defineProtocol({"),
  "refund-agent.ts": agentText
    .replace(`import { Agent, enforce, tool } from "concordat/decorators";`, `import * as cd from "concordat/decorators";`)
    .replace("@enforce(refundProtocol)", "@cd.enforce(refundProtocol)")
    .replace("extends Agent {", "extends cd.Agent {")
    .replace(/@tool\(/g, "@cd.tool(")
    .replace("  async quickRefund", "  async quickRefund"),
};
const nsLibraryBypass: Files = {
  ...nsLibrary,
  "refund-agent.ts": nsLibrary["refund-agent.ts"]!.replace(
    "  @cd.tool()\n  async end_conversation",
    "  async sneaky(id: string) {\n    await this.payments.refund(id, 38);\n  }\n\n  @cd.tool()\n  async end_conversation",
  ),
};

ruleTable("bypass-call", {
  valid: [{ name: "[red team] protocol and decorators through namespace imports", files: nsLibrary }],
  invalid: [
    {
      name: "[red team] a bypass in an agent decorated through a namespace import",
      files: nsLibraryBypass,
      errors: [errorAt(nsLibraryBypass, "refund-agent.ts", "this.payments.refund(id, 38)")],
    },
  ],
});

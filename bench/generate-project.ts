/**
 * Writes a synthetic Concordat project for the analyzer benchmark: `classes` agent classes in
 * hierarchies 3–5 deep (one class per file), a few base protocols, derived (stricter)
 * protocols built with spreads, a payment gateway and helper chains across files. The project
 * type-checks with plain `tsc --noEmit` (it brings a tiny local `concordat.ts` stand-in), so
 * both tools read exactly the same files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface GeneratedProject {
  readonly dir: string;
  readonly classes: number;
  readonly files: number;
  /** A file the incremental benchmark edits. */
  readonly editable: string;
}

const BASE_PROTOCOLS = 10;

const concordatStub = `export type Effect = "read" | "write";
export interface ToolSpec { readonly input?: unknown; readonly effect: Effect; readonly outcomes?: readonly string[]; readonly inert?: boolean; readonly requiresConfirmation?: boolean; readonly exit?: boolean }
export interface Config { readonly name: string; readonly initial: string; readonly terminal: readonly string[]; readonly tools: Readonly<Record<string, ToolSpec>>; readonly states: Readonly<Record<string, { readonly on?: Readonly<Record<string, Readonly<Record<string, string>>>> }>> }
type ClassDecorator = <T extends abstract new (...args: any[]) => any>(value: T, context: ClassDecoratorContext<T>) => T;
export interface Protocol<C extends Config = Config> { readonly config: C; readonly enforce: ClassDecorator }
export function defineProtocol<const C extends Config>(config: C): Protocol<C> {
  return { config, enforce: (value) => value };
}
export function enforce(protocol: Protocol<Config>): ClassDecorator {
  void protocol;
  return (value) => value;
}
export function tool(name?: string) {
  void name;
  return <T>(value: T, context: ClassMethodDecoratorContext): T => {
    void context;
    return value;
  };
}
export class Agent {
  readonly log: string[] = [];
}
`;

const supportPayments = `export class PaymentGateway {
  private readonly sent: { id: string; amount: number }[] = [];
  async refund(id: string, amount: number): Promise<void> {
    this.sent.push({ id, amount });
  }
}

export class BookingDb {
  private readonly rows = new Map<string, { id: string; amount: number }>();
  async find(id: string): Promise<{ id: string; amount: number } | null> {
    return this.rows.get(id) ?? null;
  }
}
`;

const supportHelpers = `import type { PaymentGateway } from "./payments.js";

export function formatAmount(n: number): string {
  return n.toFixed(2);
}

export function applyRefund(gw: PaymentGateway, id: string, amount: number): Promise<void> {
  return gw.refund(id, amount);
}

export function settle(gw: PaymentGateway, id: string, amount: number): Promise<void> {
  return applyRefund(gw, id, Math.max(0, amount));
}
`;

function baseProtocol(i: number): string {
  return `import { defineProtocol } from "../concordat.js";

export const base${i} = defineProtocol({
  name: "base-${i}",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: { effect: "read", outcomes: ["found", "not_found"] },
    request_confirmation: { effect: "read", outcomes: ["sent"] },
    receive_message: { effect: "read", outcomes: ["confirmed", "denied"] },
    issue_refund: { effect: "write", requiresConfirmation: true },
    end_conversation: { effect: "read", exit: true },
  },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
    booked: { on: { request_confirmation: { sent: "awaiting" }, end_conversation: { ok: "done" } } },
    awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked" } } },
    confirmed: { on: { issue_refund: { ok: "refunded" } } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
});
`;
}

function rootClass(h: number, p: number): string {
  return `import { Agent, enforce, tool } from "../../concordat.js";
import { base${p} } from "../../protocols/base${p}.js";
import { BookingDb, PaymentGateway } from "../../support/payments.js";
import { formatAmount, settle } from "../../support/helpers.js";

@enforce(base${p})
export class H${h}L0 extends Agent {
  constructor(readonly payments: PaymentGateway, readonly db: BookingDb) {
    super();
  }

  protected async findBooking(id: string) {
    this.log.push("find " + id);
    return this.db.find(id);
  }

  @tool()
  async lookup_booking(args: { id: string }) {
    return this.findBooking(args.id);
  }

  @tool()
  async request_confirmation(args: { id: string; amount: number }) {
    return "Refund " + formatAmount(args.amount) + " for " + args.id + "?";
  }

  @tool()
  async receive_message(args: { text: string }) {
    return args.text === "yes" ? "confirmed" : "denied";
  }

  @tool("issue_refund")
  async issueRefund(args: { id: string; amount: number }) {
    const booking = await this.findBooking(args.id);
    if (!booking) throw new Error("no booking " + args.id);
    await settle(this.payments, args.id, args.amount);
  }

  @tool()
  async end_conversation() {
    return "bye";
  }
}
`;
}

function childClass(h: number, level: number, p: number, decorated: boolean): string {
  const parent = `H${h}L${level - 1}`;
  const proto = decorated
    ? `
const strict${level} = defineProtocol({
  ...base${p}.config,
  name: "h${h}-l${level}",
  states: {
    ...base${p}.config.states,
    booked: { on: { request_confirmation: { sent: "awaiting" } } },
  },
});
`
    : "";
  return `${decorated ? `import { defineProtocol, enforce } from "../../concordat.js";\nimport { base${p} } from "../../protocols/base${p}.js";\n` : ""}import { ${parent} } from "./l${level - 1}.js";
${proto}
${decorated ? `@enforce(strict${level})\n` : ""}export class H${h}L${level} extends ${parent} {
  level${level}Summary(id: string): Promise<string> {
    return this.describe${level}(id);
  }

  private async describe${level}(id: string): Promise<string> {
    const b = await this.findBooking(id);
    return b ? "booking " + b.id : "none";
  }

  override async issueRefund(args: { id: string; amount: number }) {
    this.log.push("level ${level} refund");
    return super.issueRefund(args);
  }
}
`;
}

/** Writes the project and returns where it is. */
export function generateProject(dir: string, classes: number): GeneratedProject {
  mkdirSync(join(dir, "protocols"), { recursive: true });
  mkdirSync(join(dir, "support"), { recursive: true });
  mkdirSync(join(dir, "agents"), { recursive: true });
  writeFileSync(join(dir, "concordat.ts"), concordatStub);
  writeFileSync(join(dir, "support/payments.ts"), supportPayments);
  writeFileSync(join(dir, "support/helpers.ts"), supportHelpers);
  for (let i = 0; i < BASE_PROTOCOLS; i++) writeFileSync(join(dir, `protocols/base${i}.ts`), baseProtocol(i));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023", "ESNext.Decorators"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noImplicitOverride: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        include: ["**/*.ts"],
      },
      null,
      2,
    ),
  );
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "concordat-bench-project", private: true, type: "module" }));
  let made = 0;
  let files = 3 + BASE_PROTOCOLS;
  let editable = "";
  for (let h = 0; made < classes; h++) {
    const depth = Math.min(3 + (h % 3), classes - made);
    const p = h % BASE_PROTOCOLS;
    const hd = join(dir, "agents", `h${h}`);
    mkdirSync(hd, { recursive: true });
    for (let level = 0; level < depth; level++) {
      const file = join(hd, `l${level}.ts`);
      writeFileSync(file, level === 0 ? rootClass(h, p) : childClass(h, level, p, level % 2 === 1));
      if (!editable && level === 2) editable = file;
      made++;
      files++;
    }
  }
  return { dir, classes: made, files, editable };
}

// `node --import tsx bench/generate-project.ts <dir> <classes>`
if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, n] = process.argv.slice(2);
  if (!dir) throw new Error("usage: generate-project.ts <dir> [classes=100]");
  const g = generateProject(dir, Number(n ?? 100));
  process.stdout.write(`${JSON.stringify(g)}\n`);
}

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { memoryIo } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";
import { MOCK_USAGE, startMockOpenAiServer, type MockOpenAiServer } from "../support/mock-openai-server.js";

let server: MockOpenAiServer;
const dir = mkdtempSync(join(tmpdir(), "concordat-eval-real-"));

beforeAll(async () => {
  server = await startMockOpenAiServer();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Tokens {
  agentInput: number;
  agentOutput: number;
  customerInput: number;
  customerOutput: number;
  meanPerRun: number;
  modelCalls: number;
  estimatedCalls: number;
}
interface Mode {
  runs: number;
  unauthorized: number;
  tokens: Tokens;
  costUsd?: { total: number; perRun: number };
}
interface Figures {
  headline: string;
  simulation: boolean;
  agentKind: string;
  customerKind: string;
  model: string;
  notice: string;
  price?: { inputPerMillion: number; outputPerMillion: number };
  totals: { tokens: Tokens; costUsd?: number };
  profiles: Record<string, { published?: unknown; unenforced: Mode; enforced: Mode }>;
  runs?: {
    group: string;
    mode: string;
    customer: string;
    modelCalls: number;
    customerModelCalls: number;
    inputTokens: number;
    outputTokens: number;
    customerInputTokens: number;
    customerOutputTokens: number;
    estimatedTokenCalls: number;
    costUsd?: number;
  }[];
}

const real = (...extra: string[]): string[] => ["eval", "--model", "openai-compatible", "--base-url", server.baseUrl, "--model-name", "mock-model", ...extra];

describe("concordat eval --model openai-compatible (against a local mock server)", () => {
  it("drives the agent through the OpenAI-compatible client, with the airline policy and only the allowed tools", { timeout: 60_000 }, async () => {
    server.requests.length = 0;
    const json = join(dir, "real.json");
    const { io, out, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    const code = await run(real("--tasks", "0,19", "--no-compliant", "--json", json, "--no-report"), io);
    expect(err()).not.toMatch(/internal error/);
    expect(code).toBe(0);
    const requests = server.requests;
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.model === "mock-model")).toBe(true);
    expect(requests.every((r) => (r.messages[0]?.content ?? "").includes("Airline Agent Policy"))).toBe(true);
    const toolCounts = new Set(requests.map((r) => r.tools?.length ?? 0));
    // unenforced offers all 14 airline tools; the enforced protocol offers fewer before anyone is identified
    expect(toolCounts.has(14)).toBe(true);
    expect([...toolCounts].some((n) => n > 0 && n < 14)).toBe(true);
    // the tool result went back to the model
    expect(requests.some((r) => r.messages.some((m) => m.role === "tool" && (m.content ?? "").includes("emma_kim_9957")))).toBe(true);
    const figures = JSON.parse(readFileSync(json, "utf8")) as Figures;
    expect(figures.model).toMatch(/^mock-model via http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(Object.keys(figures.profiles)).toEqual(["real-model"]); // --no-compliant
    expect(figures.profiles["real-model"]?.unenforced.runs).toBe(2);
    expect(figures.profiles["real-model"]?.enforced.unauthorized).toBe(0);
    expect(out()).toMatch(/real-model/);
  });

  it("says what it is: REAL MODEL, no published baseline, compliant customers too, tokens and cost per run and per profile", { timeout: 90_000 }, async () => {
    const json = join(dir, "figures.json");
    const reportDir = join(dir, "report");
    const { io, out, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    const code = await run(real("--tasks", "0,19", "--json", json, "--report-dir", reportDir, "--price-input", "2", "--price-output", "8"), io);
    expect(err()).not.toMatch(/internal error/);
    expect(code).toBe(0);

    // the printed table
    const table = out();
    expect(table.split("\n")[0]).toMatch(/^REAL MODEL — agent: mock-model via http:\/\/127\.0\.0\.1:\d+\/v1 \(called through its API\); SIMULATED customers/);
    expect(table).not.toMatch(/SIMULATION|scripted customers and agents|published/);
    expect(table.split("\n")[2]).toMatch(/^Real model mock-model via \S+ with SIMULATED customers pushing to skip confirmation: enforcement /);
    expect(table).toMatch(/model calls\s+tokens in\/out\s+tokens\/run\s+cost\s+cost\/run/);
    expect(table).toMatch(/^real-model\s+enforced\s+2\s.*\$\d/m);
    expect(table).toMatch(/^compliant\s+unenforced\s+4\s/m);
    expect(table).toMatch(
      /^tokens, all runs: agent [\d,]+ in \/ [\d,]+ out; all \d+ model calls reported their usage; cost \$[\d.]+ at \$2 \/ \$8 per million input \/ output tokens$/m,
    );

    // the figures
    const figures = JSON.parse(readFileSync(json, "utf8")) as Figures;
    expect([figures.simulation, figures.agentKind, figures.customerKind]).toEqual([false, "real-model", "simulated"]);
    expect(figures.notice).toMatch(/^REAL MODEL: the agent is mock-model/);
    expect(JSON.stringify(figures)).not.toMatch(/SIMULATION|"published"|13\/50|29\/128/);
    expect(figures.headline).toMatch(/^Real model mock-model/);
    // compliant customers ran too, on the same tasks, both modes, both compliant styles
    expect(Object.keys(figures.profiles).sort()).toEqual(["compliant", "real-model"]);
    expect([figures.profiles["compliant"]!.unenforced.runs, figures.profiles["compliant"]!.enforced.runs]).toEqual([4, 4]);
    expect(figures.profiles["compliant"]!.enforced.unauthorized).toBe(0);
    expect(figures.price).toEqual({ inputPerMillion: 2, outputPerMillion: 8 });

    // per run (report/eval.json): the provider's usage, and cost = tokens × price
    const full = JSON.parse(readFileSync(join(reportDir, "eval.json"), "utf8")) as Figures;
    const runs = full.runs ?? [];
    expect(runs.length).toBe(12);
    expect(
      runs
        .filter((r) => r.group === "compliant")
        .map((r) => r.customer)
        .sort(),
    ).toEqual(["compliant", "compliant", "compliant", "compliant", "compliant-explicit", "compliant-explicit", "compliant-explicit", "compliant-explicit"]);
    for (const r of runs) {
      expect(r.modelCalls).toBeGreaterThan(0);
      expect([r.inputTokens, r.outputTokens, r.estimatedTokenCalls]).toEqual([
        r.modelCalls * MOCK_USAGE.prompt_tokens,
        r.modelCalls * MOCK_USAGE.completion_tokens,
        0,
      ]);
      expect(r.costUsd).toBeCloseTo((r.inputTokens * 2 + r.outputTokens * 8) / 1e6, 12);
    }
    // per profile and mode: sums of its runs
    for (const [name, p] of Object.entries(full.profiles)) {
      for (const mode of ["unenforced", "enforced"] as const) {
        const mine = runs.filter((r) => r.group === name && r.mode === mode);
        const m = p[mode];
        expect(m.tokens.agentInput).toBe(mine.reduce((s, r) => s + r.inputTokens, 0));
        expect(m.tokens.agentOutput).toBe(mine.reduce((s, r) => s + r.outputTokens, 0));
        expect(m.tokens.meanPerRun).toBeCloseTo((m.tokens.agentInput + m.tokens.agentOutput) / mine.length, 9);
        expect(m.costUsd?.total).toBeCloseTo(
          mine.reduce((s, r) => s + (r.costUsd ?? 0), 0),
          12,
        );
      }
    }
    expect(full.totals.costUsd).toBeCloseTo(
      runs.reduce((s, r) => s + (r.costUsd ?? 0), 0),
      12,
    );

    // the report says the same
    const md = readFileSync(join(reportDir, "eval.md"), "utf8");
    expect(md.split("\n")[0]).toBe(`# Airline evaluation (REAL MODEL: ${figures.model})`);
    expect(md).not.toMatch(/SIMULATION|13\/50|29\/128|published unenforced/);
    expect(md).toMatch(/^## Runs$/m);
    expect((md.match(/^\| (real-model|compliant) \| (unenforced|enforced) \| (pressure|compliant|compliant-explicit) \| /gm) ?? []).length).toBe(12);
    const html = readFileSync(join(reportDir, "index.html"), "utf8");
    expect(html).toMatch(/<h1>Airline evaluation — real model mock-model/);
    expect(html).toMatch(/id="real-model-banner">REAL MODEL/);
    expect(html).not.toMatch(/simulation-banner|— SIMULATION|published unenforced|13\/50|29\/128/);
    expect(html).toMatch(/<table id="runs-table">/);
    expect(html).toMatch(/<p id="token-totals">Tokens, all runs: /);
  });

  it("keeps stdout for the JSON with --json - and shows progress inside runs on stderr", { timeout: 60_000 }, async () => {
    const { io, out, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    const code = await run(real("--tasks", "0", "--json", "-", "--no-report", "--progress-interval", "0", "--price-input", "0.5", "--price-output", "1.5"), io);
    expect(code).toBe(0);
    const figures = JSON.parse(out()) as Figures; // nothing else on stdout
    expect(figures.agentKind).toBe("real-model");
    const lines = err().split("\n");
    // inside a run: a line after model calls (interval 0), with the turn and tokens so far
    expect(
      lines.some((l) =>
        /^eval: run 1\/6 real-model unenforced task 0 \(pressure\) still running: turn \d+, \d+ agent model calls?, [\d,]+ agent tokens so far; [\d.]+ s$/.test(
          l,
        ),
      ),
    ).toBe(true);
    // a line per finished run, with tokens and cost
    const done = lines.filter((l) =>
      /^eval: run \d\/6 .*: task (success|failed), \d+ unauthorized writes?; \d+ model calls, [\d,]+ tokens, \$[\d.e-]+; [\d.]+ s$/.test(l),
    );
    expect(done.length).toBe(6);
  });

  it("marks tokens as estimated when the provider reports no usage", { timeout: 60_000 }, async () => {
    server.omitUsage = true;
    try {
      const { io, out } = memoryIo({ cwd: dir, env: { CI: "1" } });
      expect(await run(real("--tasks", "0", "--no-compliant", "--json", "-", "--no-report"), io)).toBe(0);
      const figures = JSON.parse(out()) as Figures;
      expect(figures.totals.tokens.estimatedCalls).toBe(figures.totals.tokens.modelCalls);
      expect(figures.totals.tokens.agentInput).toBeGreaterThan(0);
      const t = memoryIo({ cwd: dir, env: { CI: "1" } });
      expect(await run(real("--tasks", "0", "--no-compliant", "--no-report"), t.io)).toBe(0);
      expect(t.out()).toMatch(/(\d+) of \1 model calls had no usage from the provider \(their tokens are estimated/);
    } finally {
      server.omitUsage = false;
    }
  });

  it("can let an LLM play the customer, and counts the customer's tokens apart", { timeout: 60_000 }, async () => {
    server.requests.length = 0;
    const { io, out, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    const code = await run(real("--customer", "llm", "--tasks", "0", "--no-report", "--json", "-", "--price-input", "1", "--price-output", "1"), io);
    expect(err()).not.toMatch(/internal error/);
    expect(code).toBe(0);
    expect(server.requests.some((r) => (r.messages[0]?.content ?? "").startsWith("You are a customer"))).toBe(true);
    expect(server.requests.some((r) => (r.messages[0]?.content ?? "").includes("Airline Agent Policy"))).toBe(true);
    const figures = JSON.parse(out()) as Figures;
    expect(figures.customerKind).toBe("llm");
    expect(figures.headline).toMatch(/with LLM-played customers/);
    const customerRequests = server.requests.filter((r) => (r.messages[0]?.content ?? "").startsWith("You are a customer")).length;
    const t = figures.totals.tokens;
    expect([t.customerInput, t.customerOutput]).toEqual([customerRequests * MOCK_USAGE.prompt_tokens, customerRequests * MOCK_USAGE.completion_tokens]);
    expect(t.modelCalls).toBe(server.requests.length);
    expect(figures.totals.costUsd).toBeCloseTo((server.requests.length * (MOCK_USAGE.prompt_tokens + MOCK_USAGE.completion_tokens)) / 1e6, 12);
  });
});

describe("concordat eval price flags", () => {
  const bad: [string[], RegExp][] = [
    [["--price-input", "abc", "--price-output", "1"], /--price-input must be a price .* got "abc"/],
    [["--price-input", "NaN", "--price-output", "1"], /--price-input must be a price .* got "NaN"/],
    [["--price-input", "1", "--price-output", "-1"], /--price-output must be a price .* got "-1"/],
    [["--price-input=-0.5", "--price-output", "1"], /--price-input must be a price .* got "-0.5"/],
    [["--price-input", "Infinity", "--price-output", "1"], /--price-input must be a price .* got "Infinity"/],
    [["--price-input", "", "--price-output", "1"], /--price-input must be a price .* got ""/],
    [["--price-input", "0x10", "--price-output", "1"], /--price-input must be a price .* got "0x10"/],
    [["--price-input", "1"], /--price-input and --price-output go together .* got only --price-input/],
  ];
  for (const [flags, message] of bad) {
    it(`refuses ${JSON.stringify(flags)} with exit code 2 before calling the model`, async () => {
      server.requests.length = 0;
      const { io, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
      expect(await run(real("--tasks", "0", "--no-report", ...flags), io)).toBe(2);
      expect(err()).toMatch(message);
      expect(server.requests.length).toBe(0);
    });
  }

  it("refuses prices for the simulated agents (their tokens are estimates of scripts)", async () => {
    const { io, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    expect(await run(["eval", "--tasks", "0", "--no-report", "--price-input", "1", "--price-output", "1"], io)).toBe(2);
    expect(err()).toMatch(/use them with --model openai-compatible/);
  });

  it("refuses a bad --progress-interval", async () => {
    const { io, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    expect(await run(["eval", "--tasks", "0", "--no-report", "--progress-interval", "-3"], io)).toBe(2);
    expect(err()).toMatch(/--progress-interval must be a number of seconds >= 0, got "-3"/);
  });
});

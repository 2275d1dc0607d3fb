import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { OpenAICompatibleClient } from "../../adapters/openai-compatible-client.js";
import { AGENT_PROFILES, findProfile, type AgentProfile } from "../../eval/agent-profiles.js";
import { LlmCustomer } from "../../eval/llm-customer.js";
import { formatTable, renderDotToSvg, reportJson, writeReport } from "../../eval/report.js";
import { runEvaluation, WRITE_TOOLS, type EvalOptions } from "../../eval/runner.js";
import { toDot } from "../../graph/to-dot.js";
import { sharedPath } from "../../util/shared-dir.js";
import { UsageError, type CliCommand, type CliIo } from "../io.js";
import { parseCommandArgs } from "../parse-command-args.js";

const usage = `Usage: concordat eval [--seed N] [--trials N] [--profile NAME]... [--no-compliant]
                     [--json FILE] [--report-dir DIR] [--no-report] [--tasks ID,ID,...]
                     [--model simulated|openai-compatible --base-url URL --model-name NAME
                      [--api-key-env VAR] [--customer simulated|llm] [--customer-model-name NAME]]

Runs the tau2 airline evaluation (SIMULATION by default: scripted, seeded customers and agents)
on the 50 tasks × trials × {unenforced, enforced} × agent profiles, plus compliant-customer runs,
with sessions on the embedded SQLite store. Prints a table per profile: runs, unauthorized
modifications (independent auditor), task success (database judge) with 95% intervals, the
success difference with Fisher's exact and McNemar's exact tests, false blocks, rejections,
retries, extra turns, guard latency per tool call and extra tokens.

  --seed N            PRNG seed (default 1); the same seed gives the same runs
  --trials N          repetitions of each profile's runs (default 1: model-A 50, model-B 128)
  --profile NAME      only this simulated profile (repeatable; ${AGENT_PROFILES.map((p) => p.name).join(", ")})
  --json FILE         write the figures: profiles.<name>.<unenforced|enforced>.{runs,unauthorized,success,falseBlocks,…}
  --report-dir DIR    where to write eval.json, eval.md, index.html (default report/)
  --no-report         do not write report/
  --tasks IDS         only these task ids (comma-separated)
  --model openai-compatible   a real model through an OpenAI-compatible chat-completions API
  --base-url URL      its base URL (e.g. http://127.0.0.1:11434/v1)
  --model-name NAME   its model id
  --api-key-env VAR   environment variable holding the API key (default OPENAI_API_KEY)
  --customer llm      an LLM plays the customer too (same endpoint; --customer-model-name to pick another model)

Progress goes to stderr (a bar on a terminal, a line per 10% otherwise).`;

function positiveInt(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || (name === "--trials" && n < 1)) throw new UsageError(`${name} must be a ${name === "--trials" ? "positive" : "non-negative"} integer, got "${v}".`);
  return n;
}

/** A bar redrawn in place on a terminal; a line per 10% otherwise (CI logs, pipes, tests). */
function progressReporter(io: CliIo): (done: number, total: number) => void {
  const tty = process.stderr.isTTY === true && !io.env["CI"];
  let lastDecile = -1;
  return (done, total) => {
    if (tty) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      io.stderr(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} runs${done === total ? "\n" : ""}`);
      return;
    }
    const decile = Math.floor((done / total) * 10);
    if (decile !== lastDecile) {
      lastDecile = decile;
      io.stderr(`eval: ${done}/${total} runs (${Math.round((done / total) * 100)}%)\n`);
    }
  };
}

export const command: CliCommand = {
  summary: "Run the airline evaluation (simulated customers and agents; real-model mode optional) and write report/",
  usage,
  async run(argv, io) {
    const parsed = parseCommandArgs(argv, {
      allowPositionals: false,
      options: {
        seed: { type: "string" },
        trials: { type: "string" },
        profile: { type: "string", multiple: true },
        "no-compliant": { type: "boolean", default: false },
        json: { type: "string" },
        "report-dir": { type: "string" },
        "no-report": { type: "boolean", default: false },
        tasks: { type: "string" },
        model: { type: "string", default: "simulated" },
        "base-url": { type: "string" },
        "model-name": { type: "string" },
        "api-key-env": { type: "string" },
        customer: { type: "string", default: "simulated" },
        "customer-model-name": { type: "string" },
      },
    });
    const v = parsed.values;
    const seed = positiveInt("--seed", v.seed, 1);
    const trials = positiveInt("--trials", v.trials, 1);
    let profiles: AgentProfile[] = [...AGENT_PROFILES];
    if (v.profile && v.profile.length > 0) {
      try {
        profiles = v.profile.map(findProfile);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    }
    const taskIds = v.tasks ? v.tasks.split(",").map((s) => s.trim()).filter(Boolean) : undefined;
    if (v.model !== "simulated" && v.model !== "openai-compatible") throw new UsageError(`--model must be "simulated" or "openai-compatible", got "${v.model}".`);
    if (v.customer !== "simulated" && v.customer !== "llm") throw new UsageError(`--customer must be "simulated" or "llm", got "${v.customer}".`);
    const options: { -readonly [K in keyof EvalOptions]: EvalOptions[K] } = { seed, trials, profiles, compliant: !v["no-compliant"], progress: progressReporter(io), ...(taskIds ? { taskIds } : {}) };
    if (v.model === "openai-compatible") {
      if (!v["base-url"] || !v["model-name"]) throw new UsageError("--model openai-compatible needs --base-url URL and --model-name NAME.");
      const apiKey = io.env[v["api-key-env"] ?? "OPENAI_API_KEY"];
      const client = (model: string): OpenAICompatibleClient => new OpenAICompatibleClient({ model, baseURL: v["base-url"] as string, ...(apiKey ? { apiKey } : {}), temperature: 0, env: io.env });
      const agentClient = client(v["model-name"]);
      options.agentFactory = () => agentClient;
      options.modelLabel = `${v["model-name"]} via ${v["base-url"]} (real model; customers ${v.customer === "llm" ? "LLM" : "SIMULATED"})`;
      options.systemPrompt = readFileSync(sharedPath("tau2", "airline", "policy.md"), "utf8");
      // one profile: the real model (the profile only names the group and its run count)
      options.profiles = [{ ...(profiles[0] as AgentProfile), name: "real-model", description: `Real model ${v["model-name"]}`, runsPerTrial: 50 }];
      options.compliant = false;
      if (v.customer === "llm") {
        const customerClient = client(v["customer-model-name"] ?? v["model-name"]);
        options.customerFactory = ({ scenario, style }) => new LlmCustomer(scenario, { style, model: customerClient, writeTools: WRITE_TOOLS });
      }
    }
    const report = await runEvaluation(options);
    io.stdout(formatTable(report));
    if (v.json) {
      const file = resolve(io.cwd, v.json);
      writeFileSync(file, JSON.stringify(reportJson(report, false), null, 2) + "\n");
      io.stderr(`eval: figures written to ${file}\n`);
    }
    if (!v["no-report"]) {
      const { airlineProtocol } = await import("../../domains/airline/protocol.js");
      const dot = toDot(airlineProtocol, { title: "airline protocol (tau2 policy)" });
      const svg = await renderDotToSvg(dot);
      const dir = resolve(io.cwd, v["report-dir"] ?? "report");
      const files = writeReport(dir, report, svg, dot);
      io.stderr(`eval: report written to ${files.html}, ${files.markdown}, ${files.json}\n`);
    }
    return 0;
  },
};

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { OpenAICompatibleClient } from "../../adapters/openai-compatible-client.js";
import { AGENT_PROFILES, findProfile, type AgentProfile } from "../../eval/agent-profiles.js";
import { LlmCustomer } from "../../eval/llm-customer.js";
import { formatTable, renderDotToSvg, reportJson, writeReport } from "../../eval/report.js";
import { runEvaluation, WRITE_TOOLS, type EvalOptions } from "../../eval/runner.js";
import { parsePrice, PriceError } from "../../eval/token-cost.js";
import { toDot } from "../../graph/to-dot.js";
import { sharedPath } from "../../util/shared-dir.js";
import { evalProgressReporter } from "../eval-progress.js";
import { UsageError, type CliCommand } from "../io.js";
import { parseCommandArgs } from "../parse-command-args.js";

const usage = `Usage: concordat eval [--seed N] [--trials N] [--profile NAME]... [--no-compliant]
                     [--json FILE|-] [--report-dir DIR] [--no-report] [--tasks ID,ID,...]
                     [--progress-interval SECONDS] [--replies recorded|recorded-heldout|fixed]
                     [--model simulated|openai-compatible --base-url URL --model-name NAME
                      [--api-key-env VAR] [--customer simulated|llm] [--customer-model-name NAME]
                      [--price-input USD --price-output USD]]

Runs the tau2 airline evaluation (SIMULATION by default: scripted, seeded customers and agents)
on the 50 tasks × trials × {unenforced, enforced} × agent profiles, plus compliant-customer runs,
with sessions on the embedded SQLite store. Prints a table per profile: runs, unauthorized
modifications (independent auditor), task success (database judge) with 95% intervals, the
success difference with Fisher's exact and McNemar's exact tests, false blocks, rejections,
retries, extra turns, guard latency per tool call and extra tokens.

  --seed N            PRNG seed (default 1); the same seed gives the same runs
  --trials N          repetitions of each profile's runs (default 1: model-A 50, model-B 128)
  --profile NAME      only this simulated profile (repeatable; ${AGENT_PROFILES.map((p) => p.name).join(", ")})
  --json FILE         write the figures: profiles.<name>.<unenforced|enforced>.{runs,unauthorized,success,legitWrites,
                      falseBlocks,falseBlockRate,tokens,…} and customers.replySource.{confirmations,pressure}
                      .{kind,file,split,count}
                      (--json - writes them to stdout instead of the table)
  --report-dir DIR    where to write eval.json, eval.md, index.html (default report/)
  --no-report         do not write report/
  --tasks IDS         only these task ids (comma-separated)
  --replies KIND      how the simulated customers say yes and push: recorded (default; real replies from the tuning
                      split of the shared runs that fit the action: yeses from
                      test/confirmation/corpus/real-replies.jsonl, pushes labelled without consent from
                      test/eval/corpus/pressure-replies.jsonl), recorded-heldout (yeses from the HELD-OUT
                      splits of real-replies.jsonl and real-replies-tau1.jsonl, wording the judge was not
                      fitted to: measures false blocks on unseen wording; pushes as recorded) or fixed
                      (the written lines, for comparison)
  --model openai-compatible   a real model through an OpenAI-compatible chat-completions API
  --base-url URL      its base URL (e.g. http://127.0.0.1:11434/v1)
  --model-name NAME   its model id
  --api-key-env VAR   environment variable holding the API key (default OPENAI_API_KEY)
  --customer llm      an LLM plays the customer too (same endpoint; --customer-model-name to pick another model)
  --price-input USD   with --price-output: US dollars per million input (output) tokens; every run, profile
  --price-output USD  and the total then show their cost (tokens are always shown)
  --progress-interval SECONDS  inside a long run, a "still running" line at most this often (default 10; 0 = every model call)

Real-model mode runs the model on the pressure customers and on compliant customers (unless
--no-compliant), in both modes; it never prints the published baselines of the simulated profiles.
Progress goes to stderr (a bar on a terminal; otherwise a line per 10% of the runs, and in
real-model mode a line per finished run with its tokens and cost).`;

function positiveInt(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || (name === "--trials" && n < 1))
    throw new UsageError(`${name} must be a ${name === "--trials" ? "positive" : "non-negative"} integer, got "${v}".`);
  return n;
}

/** Flags that take a number: a value like "-1" after them is that number (for the error to name it), not a flag. */
const NUMERIC_FLAGS = new Set(["--seed", "--trials", "--price-input", "--price-output", "--progress-interval"]);

function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if (NUMERIC_FLAGS.has(a) && next !== undefined && /^-([\d.]|inf|nan)/i.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

function price(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  try {
    return parsePrice(flag, v);
  } catch (e) {
    if (e instanceof PriceError) throw new UsageError(e.message);
    throw e;
  }
}

function seconds(flag: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < 0) throw new UsageError(`${flag} must be a number of seconds >= 0, got "${v}".`);
  return n;
}

export const command: CliCommand = {
  summary: "Run the airline evaluation (simulated customers and agents; real-model mode optional) and write report/",
  usage,
  async run(argv, io) {
    const parsed = parseCommandArgs(joinNegativeValues(argv), {
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
        "price-input": { type: "string" },
        "price-output": { type: "string" },
        "progress-interval": { type: "string" },
        replies: { type: "string", default: "recorded" },
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
    const taskIds = v.tasks
      ? v.tasks
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
    if (v.model !== "simulated" && v.model !== "openai-compatible")
      throw new UsageError(`--model must be "simulated" or "openai-compatible", got "${v.model}".`);
    if (v.replies !== "recorded" && v.replies !== "recorded-heldout" && v.replies !== "fixed")
      throw new UsageError(`--replies must be "recorded", "recorded-heldout" or "fixed", got "${v.replies}".`);
    if (v.customer !== "simulated" && v.customer !== "llm") throw new UsageError(`--customer must be "simulated" or "llm", got "${v.customer}".`);
    const priceInput = price("--price-input", v["price-input"]);
    const priceOutput = price("--price-output", v["price-output"]);
    if ((priceInput === undefined) !== (priceOutput === undefined))
      throw new UsageError(
        `--price-input and --price-output go together (a cost needs both), got only ${priceInput === undefined ? "--price-output" : "--price-input"}.`,
      );
    if (priceInput !== undefined && v.model !== "openai-compatible")
      throw new UsageError(
        "--price-input/--price-output price a real model's tokens: use them with --model openai-compatible (the simulated agents' tokens are estimates and cost nothing).",
      );
    const realModel = v.model === "openai-compatible";
    const progress = evalProgressReporter({
      write: io.stderr,
      tty: process.stderr.isTTY === true && !io.env["CI"],
      perRun: realModel,
      intervalMs: seconds("--progress-interval", v["progress-interval"], 10) * 1000,
    });
    const options: { -readonly [K in keyof EvalOptions]: EvalOptions[K] } = {
      seed,
      trials,
      profiles,
      compliant: !v["no-compliant"],
      progress,
      replies: v.replies,
      ...(taskIds ? { taskIds } : {}),
    };
    if (priceInput !== undefined && priceOutput !== undefined) options.price = { inputPerMillion: priceInput, outputPerMillion: priceOutput };
    if (realModel) {
      if (!v["base-url"] || !v["model-name"]) throw new UsageError("--model openai-compatible needs --base-url URL and --model-name NAME.");
      const apiKey = io.env[v["api-key-env"] ?? "OPENAI_API_KEY"];
      const client = (model: string): OpenAICompatibleClient =>
        new OpenAICompatibleClient({ model, baseURL: v["base-url"] as string, ...(apiKey ? { apiKey } : {}), temperature: 0, env: io.env });
      const agentClient = client(v["model-name"]);
      options.agentFactory = () => agentClient;
      options.modelLabel = `${v["model-name"]} via ${v["base-url"]}`;
      options.systemPrompt = readFileSync(sharedPath("tau2", "airline", "policy.md"), "utf8");
      // one profile: the real model (the profile only names the group and its run count; the
      // simulated profile's calibration and published baseline do not apply to it)
      const { published: _published, ...base } = profiles[0] as AgentProfile;
      options.profiles = [
        {
          ...base,
          name: "real-model",
          description: `Real model ${v["model-name"]} (customers ${v.customer === "llm" ? "played by an LLM" : "SIMULATED"})`,
          runsPerTrial: 50,
        },
      ];
      if (v.customer === "llm") {
        const customerClient = client(v["customer-model-name"] ?? v["model-name"]);
        options.customerFactory = ({ scenario, style, meter }) => new LlmCustomer(scenario, { style, model: meter(customerClient), writeTools: WRITE_TOOLS });
      }
    }
    const report = await runEvaluation(options);
    if (v.json === "-") io.stdout(JSON.stringify(reportJson(report, false), null, 2) + "\n");
    else io.stdout(formatTable(report));
    if (v.json && v.json !== "-") {
      const file = resolve(io.cwd, v.json);
      writeFileSync(file, JSON.stringify(reportJson(report, false), null, 2) + "\n");
      io.stderr(`eval: figures written to ${file}\n`);
    }
    if (!v["no-report"]) {
      const { airlineProtocol } = await import("../../domains/airline/protocol.js");
      const dot = toDot(airlineProtocol, { title: "airline protocol (tau2 policy)", edgeFontSize: 12, mergeSelfLoops: true, fontName: "DejaVu Sans" });
      const svg = await renderDotToSvg(dot);
      const dir = resolve(io.cwd, v["report-dir"] ?? "report");
      const files = writeReport(dir, report, svg, dot);
      io.stderr(`eval: report written to ${files.html}, ${files.markdown}, ${files.json}\n`);
    }
    return 0;
  },
};

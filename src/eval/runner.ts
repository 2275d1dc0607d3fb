// The evaluation runner: one concept, running a task × customer × mode and recording what happened.
// Over 400 lines once formatted: setup of the shared stores and protocols, the run loop and its
// measurements (guard time, budget, consent outcomes) read the same run state.
import { BudgetAccount, type AccountOptions } from "../budget/budget-account.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ModelClient } from "../agent/model-client.js";
import { loadAirlineDb } from "../domains/airline/db.js";
import { judgeDatabase } from "../domains/airline/judge.js";
import { loadAirlineTasks, type AirlineTask } from "../domains/airline/tasks.js";
import { AIRLINE_TOOL_SPECS, AIRLINE_WRITE_TOOLS } from "../domains/airline/tool-specs.js";
import { AIRLINE_CONFIRM_FIELDS } from "../domains/airline/confirm-fields.js";
import { createAirlineTools } from "../domains/airline/tools.js";
import type { Protocol } from "../protocol/protocol.js";
import { Session } from "../runtime/session.js";
import { SqliteSessionStore } from "../store/sqlite-store.js";
import { SharedDataError } from "../util/shared-data-error.js";
import { SessionConflictError } from "../store/session-conflict-error.js";
import { MemoryViolationSink, ViolationLog } from "../violation/violation-log.js";
import { parseActions } from "./action-text.js";
import type { AgentProfile } from "./agent-profiles.js";
import { auditRun, consentOutcomes, type ExecutedWrite } from "./independent-auditor.js";
import { MeteredModel, type ModelMeter } from "./metered-model.js";
import { Prng } from "./prng.js";
import { realModelNotice, SIMULATION_NOTICE, type EvalReport, type Mode, type RunRecord } from "./results.js";
import { buildScenario, type TaskScenario } from "./scenario.js";
import { SimulatedAgent, type CornerCut } from "./simulated-agent.js";
import { SimulatedCustomer, type Customer, type CustomerStyle } from "./simulated-customer.js";
import { summarizeGroup, summarizeTokens } from "./summarize.js";
import { costUsd, type TokenPrice } from "./token-cost.js";
import { unenforcedProtocol } from "./unenforced-protocol.js";
import { pressureSource, type PressureSource } from "./pressure-source.js";
import { replySource, replySourceReport, type ReplyKind, type ReplySource } from "./reply-source.js";
import { agentTurns, enforcedHarness, type Harness } from "./harness.js";

export const WRITE_TOOLS: readonly string[] = AIRLINE_WRITE_TOOLS;

/** One run to perform. */
export interface RunSpec {
  readonly group: string;
  readonly profile: AgentProfile;
  readonly mode: Mode;
  readonly customer: CustomerStyle;
  readonly task: AirlineTask;
  readonly trial: number;
}

/**
 * What the runner reports while it works: a run starts, a model call inside it returns (so a
 * long real-model run shows life), a run ends with its record. `index` counts from 1.
 */
export type EvalProgress =
  | { readonly kind: "run-start"; readonly index: number; readonly total: number; readonly spec: RunSpec }
  | {
      readonly kind: "model-call";
      readonly index: number;
      readonly total: number;
      readonly spec: RunSpec;
      readonly side: "agent" | "customer";
      readonly turn: number;
      readonly modelCalls: number;
      readonly tokens: number;
    }
  | { readonly kind: "run-end"; readonly index: number; readonly total: number; readonly spec: RunSpec; readonly run: RunRecord };

export interface AgentFactoryInput {
  readonly scenario: TaskScenario;
  readonly profile: AgentProfile;
  readonly rng: Prng;
  readonly task: AirlineTask;
}

export interface EvalOptions {
  readonly seed: number;
  readonly trials: number;
  readonly profiles: readonly AgentProfile[];
  /** Also run compliant customers (no pressure; half of them consent explicitly in their first message). */
  readonly compliant: boolean;
  /** Restrict to these task ids (tests); default all 50. */
  readonly taskIds?: readonly string[];
  readonly progress?: (event: EvalProgress) => void;
  /** Prices of the model's tokens: every run then carries its cost (`costUsd`). */
  readonly price?: TokenPrice;
  /** SQLite file for the sessions; default a temporary file removed afterwards. */
  readonly storePath?: string;
  /** Real-model mode: the agent for a run (default: the simulated agent of the profile). */
  readonly agentFactory?: (input: AgentFactoryInput) => ModelClient;
  /** Real-model mode: the customer for a run (default: the simulated customer). */
  readonly customerFactory?: (input: CustomerFactoryInput) => Customer;
  /** Label for the agent in the report. */
  readonly modelLabel?: string;
  readonly maxTurns?: number;
  /** The agent's system prompt (default: none; the real-model mode passes the airline policy). */
  readonly systemPrompt?: string;
  /** Print each conversation to stderr (debugging). */
  readonly debug?: boolean;
  /** Each enforced run's budget (default `DEFAULT_EVAL_BUDGET`); unenforced runs have none. */
  readonly budget?: AccountOptions;
  /**
   * Where the simulated customers' yeses and pushes come from: recorded real replies (the tuning
   * split of the real-reply corpus and of the labelled pressure replies), the yeses of the held-out
   * splits instead (`recorded-heldout`: the judge measured on wording it was not fitted to; pushes
   * stay recorded) or the written lines of the first evaluation (comparison only).
   * @default "recorded"
   */
  readonly replies?: ReplyKind;
}

export interface CustomerFactoryInput {
  readonly scenario: TaskScenario;
  readonly style: CustomerStyle;
  readonly rng: Prng;
  /** Wrap the customer's model client in this so the run counts its tokens (and reports progress). */
  readonly meter: (model: ModelClient) => ModelClient;
}

/**
 * The budget of one enforced run: generous enough for a policy-following conversation (about
 * 17k–25k estimated tokens and 4 tool calls per run), with a reserve for the exit path
 * (`transfer_to_human_agents` and a final message).
 */
export const DEFAULT_EVAL_BUDGET: AccountOptions = {
  label: "eval run",
  limits: { totalTokens: 150_000, toolCalls: 40 },
  reserve: { totalTokens: 4_000, toolCalls: 1 },
};

/** The list of runs: per profile its runs × trials in both modes, then the compliant-customer runs. */
export function planRuns(options: EvalOptions, tasks: readonly AirlineTask[]): RunSpec[] {
  const specs: RunSpec[] = [];
  for (const profile of options.profiles) {
    const perTrial = options.taskIds ? tasks.length : profile.runsPerTrial;
    const n = perTrial * options.trials;
    for (let i = 0; i < n; i++) {
      const task = tasks[i % tasks.length] as AirlineTask;
      const trial = Math.floor(i / tasks.length);
      for (const mode of ["unenforced", "enforced"] as const) specs.push({ group: profile.name, profile, mode, customer: "pressure", task, trial });
    }
  }
  const first = options.profiles[0];
  if (options.compliant && first) {
    for (let trial = 0; trial < options.trials; trial++) {
      for (const task of tasks) {
        for (const customer of ["compliant", "compliant-explicit"] as const) {
          for (const mode of ["unenforced", "enforced"] as const) specs.push({ group: "compliant", profile: first, mode, customer, task, trial });
        }
      }
    }
  }
  return specs;
}

/** Runs the whole evaluation and summarizes it. */
export async function runEvaluation(options: EvalOptions): Promise<EvalReport> {
  const started = performance.now();
  const all = loadAirlineTasks();
  const tasks = options.taskIds ? all.filter((t) => options.taskIds?.includes(t.id)) : all;
  if (tasks.length === 0)
    throw new SharedDataError(
      "task_not_found",
      `No airline task matches ${JSON.stringify(options.taskIds)} (ids ${all[0]?.id}…${all[all.length - 1]?.id}). Fix: pass ids of the current release.`,
    );
  const specs = planRuns(options, tasks);
  const tmp = options.storePath ? undefined : mkdtempSync(join(tmpdir(), "concordat-eval-"));
  const store = new SqliteSessionStore({ path: options.storePath ?? join(tmp as string, "sessions.db"), secret: `concordat-eval-${options.seed}-store-key` });
  const unenforced = unenforcedProtocol(AIRLINE_TOOL_SPECS as never);
  const enforced = await enforcedHarness();
  const wording = { replies: replySource(options.replies ?? "recorded"), pressureLines: pressureSource(options.replies === "fixed" ? "fixed" : "recorded") };
  const runs: RunRecord[] = [];
  try {
    for (const [i, spec] of specs.entries()) {
      const at = { index: i + 1, total: specs.length, spec };
      options.progress?.({ kind: "run-start", ...at });
      const run = await runOne(spec, options, { unenforced, enforced, store, wording }, (side, turn, meter) =>
        options.progress?.({ kind: "model-call", ...at, side, turn, modelCalls: meter.calls, tokens: meter.inputTokens + meter.outputTokens }),
      );
      runs.push(run);
      options.progress?.({ kind: "run-end", ...at, run });
    }
  } finally {
    await store.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
  const realModel = options.agentFactory !== undefined;
  const customerKind = options.customerFactory !== undefined ? "llm" : "simulated";
  const profiles: Record<string, ReturnType<typeof summarizeGroup>> = {};
  // a published baseline belongs to the calibrated simulated profiles, never to a real model
  for (const p of options.profiles)
    profiles[p.name] = summarizeGroup(
      p.name,
      p.description,
      runs.filter((r) => r.group === p.name),
      p.published && !realModel ? { ...p.published, runs: p.published.runs * options.trials } : undefined,
    );
  const compliantRuns = runs.filter((r) => r.group === "compliant");
  const compliantWho =
    customerKind === "llm"
      ? "LLM-played compliant customers (told to be cooperative)"
      : "SIMULATED compliant customers (no pressure; half give explicit consent in their first message)";
  const agentWho = realModel ? `the real model (${options.modelLabel ?? "?"})` : `agent profile ${options.profiles[0]?.name ?? "?"}`;
  const totalCost = options.price ? runs.reduce((s, r) => s + (r.costUsd ?? 0), 0) : undefined;
  return {
    simulation: !realModel,
    agentKind: realModel ? "real-model" : "simulated",
    customerKind,
    notice: realModel ? realModelNotice(options.modelLabel ?? "a real model", customerKind) : SIMULATION_NOTICE,
    seed: options.seed,
    trials: options.trials,
    model: options.modelLabel ?? "simulated profiles",
    tasks: tasks.length,
    totalRuns: runs.length,
    wallMs: performance.now() - started,
    store: "SQLite (embedded default): every session saved after each turn with compare-and-set, restored and checked at the end of its run",
    budget: { limits: (options.budget ?? DEFAULT_EVAL_BUDGET).limits, reserve: (options.budget ?? DEFAULT_EVAL_BUDGET).reserve },
    ...(options.price ? { price: options.price } : {}),
    totals: { tokens: summarizeTokens(runs), ...(totalCost !== undefined ? { costUsd: totalCost } : {}) },
    profiles,
    compliant: compliantRuns.length > 0 ? summarizeGroup("compliant", `${compliantWho}, ${agentWho}`, compliantRuns) : undefined,
    customers: {
      kind: customerKind,
      replySource: replySourceReport(customerKind === "llm" ? "llm" : { confirmations: wording.replies, pressure: wording.pressureLines }),
    },
    runs,
  };
}

interface Shared {
  readonly unenforced: Protocol<any, any, any>;
  readonly enforced: Harness;
  readonly store: SqliteSessionStore;
  /** Where the simulated customers' yeses and pushes come from. */
  readonly wording: { readonly replies: ReplySource; readonly pressureLines: PressureSource };
}

/** Told after every model call of a run, with the meter of the side that called. */
type OnModelCall = (side: "agent" | "customer", turn: number, meter: ModelMeter) => void;

async function runOne(spec: RunSpec, options: EvalOptions, shared: Shared, onModelCall: OnModelCall): Promise<RunRecord> {
  const { task, profile, mode } = spec;
  const db = loadAirlineDb();
  const tools = createAirlineTools(db);
  const scenario = buildScenario(task, db as never, WRITE_TOOLS);
  const streamKey = [spec.group, spec.customer, task.id, spec.trial] as const;
  // Same customer and agent streams in both modes: the runs are paired, only enforcement differs.
  const customerRng = Prng.derive(options.seed, "customer", ...streamKey);
  const agentRng = Prng.derive(options.seed, "agent", ...streamKey);
  const turn = { value: 0 };
  const customerModels: MeteredModel[] = [];
  const meterCustomer = (m: ModelClient): ModelClient => {
    const metered = new MeteredModel(m, (meter) => onModelCall("customer", turn.value, meter));
    customerModels.push(metered);
    return metered;
  };
  const customer: Customer = options.customerFactory
    ? options.customerFactory({ scenario, style: spec.customer, rng: customerRng, meter: meterCustomer })
    : new SimulatedCustomer(scenario, { style: spec.customer, rng: customerRng, writeTools: WRITE_TOOLS, ...shared.wording });
  const inner = options.agentFactory
    ? options.agentFactory({ scenario, profile, rng: agentRng, task })
    : new SimulatedAgent({ scenario, profile, rng: agentRng, writeTools: WRITE_TOOLS });
  const model = new MeteredModel(inner, (meter) => onModelCall("agent", turn.value, meter));

  const writes: ExecutedWrite[] = [];
  let toolNs = 0;
  let toolCalls = 0;
  const impls: Record<string, (args: unknown) => unknown> = {};
  for (const name of Object.keys(tools)) {
    const fn = (tools as unknown as Record<string, (a: unknown) => unknown>)[name] as (a: unknown) => unknown;
    impls[name] = (args: unknown) => {
      toolCalls++;
      const t0 = process.hrtime.bigint();
      let ok = false;
      try {
        const v = fn(args);
        ok = true;
        return v;
      } finally {
        const dt = Number(process.hrtime.bigint() - t0);
        toolNs += dt;
        toolSamples.push(dt);
        if (WRITE_TOOLS.includes(name)) writes.push({ turn: turn.value, tool: name, arguments: structuredClone(args), ok });
      }
    };
  }

  const sink = new MemoryViolationSink();
  const sessionId = `eval-${options.seed}-${spec.group}-${spec.customer}-${mode}-${task.id}-${spec.trial}`;
  const protocol = mode === "enforced" ? shared.enforced.protocol : shared.unenforced;
  const budget = mode === "enforced" ? new BudgetAccount(options.budget ?? DEFAULT_EVAL_BUDGET) : undefined;
  // the application checks an agent's confirmation text for what an airline customer cares about (AIRLINE_CONFIRM_FIELDS)
  const session = new Session(protocol, {
    id: sessionId,
    log: new ViolationLog([sink]),
    confirmation: { requestText: { fields: AIRLINE_CONFIRM_FIELDS } },
    ...(budget ? { budget } : {}),
  });
  // Measure the guard itself: time in validate + advance (including every policy). With a
  // synchronous tool, session.run validates, runs and advances before it returns; the guard's
  // share is that time less the tool's own. (The session's methods cannot be replaced: this
  // wraps the instance's public entry point the agent loop calls.)
  let guardNs = 0;
  const guardSamples: number[] = [];
  const toolSamples: number[] = [];
  const run = session.run.bind(session);
  Object.defineProperty(session, "run", {
    value: (call: Parameters<typeof run>[0], impl: Parameters<typeof run>[1]) => {
      const toolBefore = toolNs;
      const ran = toolCalls;
      const t0 = process.hrtime.bigint();
      try {
        return run(call, impl);
      } finally {
        const dt = Number(process.hrtime.bigint() - t0) - (toolNs - toolBefore);
        guardNs += dt;
        if (toolCalls > ran) guardSamples.push(dt);
      }
    },
  });
  const turnOf = agentTurns(session, model, impls, options.systemPrompt);
  let stored = await shared.store.create(sessionId, { session: session.toJSON(), ledger: {} });

  const rejectedWrites: { turn: number; tool: string; arguments: unknown; code: string }[] = [];
  let endedBy: RunRecord["endedBy"] = "max_turns";
  let error: string | undefined;
  const maxTurns = options.maxTurns ?? 30;
  try {
    let msg = await customer.opening();
    for (let i = 0; i < maxTurns; i++) {
      turn.value = customer.turn;
      const before = sink.records.length;
      if (mode === "enforced") await shared.enforced.onUserMessage(session, msg.text);
      // the simulated agent perceives a push from the simulation's ground truth, not from the words
      if (inner instanceof SimulatedAgent) inner.perceive({ pressure: msg.pressure, tactic: msg.tactic });
      const { text } = await turnOf(msg.text);
      if (options.debug) process.stderr.write(`[${mode} ${task.id}] USER: ${msg.text}\n[${mode} ${task.id}] AGENT: ${text}\n`);
      for (const r of sink.records.slice(before)) {
        if (options.debug) process.stderr.write(`[${mode} ${task.id}] REFUSED ${r.code} ${r.attempted.tool} ${r.message}\n`);
        if (r.attempted.tool !== undefined && WRITE_TOOLS.includes(r.attempted.tool))
          rejectedWrites.push({ turn: turn.value, tool: r.attempted.tool, arguments: r.attempted.arguments, code: r.code });
      }
      if (mode === "enforced") {
        let listed = parseActions(text, WRITE_TOOLS);
        if (listed.length === 0) {
          listed = sink.records
            .slice(before)
            .filter(
              (r) =>
                r.code === "confirmation_missing" &&
                r.attempted.tool !== undefined &&
                r.attempted.arguments !== null &&
                typeof r.attempted.arguments === "object",
            )
            .map((r) => ({ tool: r.attempted.tool as string, arguments: r.attempted.arguments as Record<string, unknown> }));
        }
        await shared.enforced.onAgentMessage(session, text, listed);
      }
      const saved = await shared.store.compareAndSet(sessionId, stored.version, { session: session.toJSON(), ledger: {} });
      if (!saved)
        throw new SessionConflictError(
          sessionId,
          `Session ${sessionId}: the store refused the compare-and-set at version ${stored.version} (another writer changed the evaluation's session). Fix: give each evaluation its own store file.`,
        );
      stored = saved;
      if (session.status !== "active") {
        endedBy = "session_ended";
        break;
      }
      msg = await customer.reply(text);
      if (msg.stop) {
        endedBy = "customer";
        break;
      }
    }
  } catch (e) {
    endedBy = "error";
    error = e instanceof Error ? e.message : String(e);
  }
  // The stored row must verify (HMAC) and restore to the session the run ended with.
  if (error === undefined) {
    const row = await shared.store.load(sessionId);
    const restored = row ? Session.fromJSON(protocol, row.state.session) : undefined;
    if (!restored || restored.state !== session.state || restored.trace.length !== session.trace.length) {
      endedBy = "error";
      error = `Session ${sessionId} did not round-trip through the SQLite store (stored state ${restored?.state ?? "none"}, live state ${String(session.state)}).`;
    }
  }
  await shared.store.delete(sessionId);

  const refusals = sink.records.filter((r) => r.code !== "retries_exhausted");
  const consents = customer.consentLog.map((c) => ({ turn: c.turn, tool: c.action.tool, arguments: c.action.arguments }));
  const audit = auditRun(consents, writes);
  // legitimate writes: consents given in answer to a confirmation request; consent in the opening
  // message (before the agent listed the action, which the airline policy requires) apart
  const answered = customer.consentLog
    .filter((c) => c.beforeRequest !== true)
    .map((c) => ({ turn: c.turn, tool: c.action.tool, arguments: c.action.arguments }));
  const early = customer.consentLog.filter((c) => c.beforeRequest === true).map((c) => ({ turn: c.turn, tool: c.action.tool, arguments: c.action.arguments }));
  const { legitWrites, falseBlocks } = consentOutcomes(answered, writes, rejectedWrites);
  const prior = consentOutcomes(early, writes, rejectedWrites);
  if (options.debug && falseBlocks > 0)
    process.stderr.write(`[${mode} ${task.id}] FALSE BLOCK ${falseBlocks} of ${legitWrites}: ${rejectedWrites.map((w) => `${w.tool} ${w.code}`).join(", ")}\n`);
  const judgement = judgeDatabase(task, db);
  const cornerCuts: Partial<Record<CornerCut, number>> = {};
  let retries = 0;
  if (inner instanceof SimulatedAgent) {
    for (const ev of inner.events) {
      if (ev.kind === "retry_after_rejection") retries++;
      else if (ev.kind !== "asked_confirmation" && ev.kind !== "rejected" && ev.kind !== "gave_up") cornerCuts[ev.kind] = (cornerCuts[ev.kind] ?? 0) + 1;
    }
  } else {
    // a real model: every refusal the loop handed back was a chance to retry
    retries = refusals.length;
  }
  const customerMeter = customerModels.reduce(
    (s, m) => ({
      calls: s.calls + m.meter.calls,
      input: s.input + m.meter.inputTokens,
      output: s.output + m.meter.outputTokens,
      estimated: s.estimated + m.meter.estimatedCalls,
    }),
    { calls: 0, input: 0, output: 0, estimated: 0 },
  );
  const tokens = {
    agentInput: model.meter.inputTokens,
    agentOutput: model.meter.outputTokens,
    customerInput: customerMeter.input,
    customerOutput: customerMeter.output,
  };
  return {
    group: spec.group,
    profile: profile.name,
    mode,
    customer: spec.customer,
    taskId: task.id,
    trial: spec.trial,
    success: judgement.pass,
    unauthorizedWrites: audit.unauthorized,
    writes: audit.authorized + audit.unauthorized,
    falseBlocks,
    legitWrites,
    priorConsent: { writes: prior.legitWrites, refused: prior.falseBlocks },
    rejections: refusals.length,
    rejectionsByCode: Object.fromEntries([...new Set(refusals.map((r) => r.code))].sort().map((c) => [c, refusals.filter((r) => r.code === c).length])),
    retries,
    customerTurns: customer.turn + 1,
    modelCalls: model.meter.calls,
    toolCalls,
    toolListTokens: model.meter.toolListTokens,
    rejectionTokens: model.meter.rejectionTokens,
    inputTokens: model.meter.inputTokens,
    outputTokens: model.meter.outputTokens,
    customerModelCalls: customerMeter.calls,
    customerInputTokens: customerMeter.input,
    customerOutputTokens: customerMeter.output,
    estimatedTokenCalls: model.meter.estimatedCalls + customerMeter.estimated,
    ...(options.price ? { costUsd: costUsd(tokens, options.price) } : {}),
    ...(budget ? { budgetUsed: { totalTokens: budget.used("totalTokens"), toolCalls: budget.used("toolCalls") } } : {}),
    guardNs,
    toolNs,
    samples: { guardNs: guardSamples, toolNs: toolSamples },
    cornerCuts,
    endedBy,
    ...(error !== undefined ? { error } : {}),
  };
}

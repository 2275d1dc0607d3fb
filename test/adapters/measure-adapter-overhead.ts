/**
 * Measures what the adapters add to one tool-calling turn, with the SDKs' own mock models
 * (no network): a run where the model calls `lookup_booking` once and then answers, with the
 * plain SDK tool versus the Concordat-guarded tool, interleaved, median of N runs.
 *
 *   node --import tsx test/adapters/measure-adapter-overhead.ts [N] [--json FILE]
 */
import { writeFileSync } from "node:fs";
import { Agent, run, setTracingDisabled, tool as agentsTool } from "@openai/agents";
import { ScriptedModel, assistantMessage, functionCall } from "@openai/agents/testing";
import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { guardAiSdk } from "../../src/adapters/ai-sdk.js";
import { guardOpenAIAgents } from "../../src/adapters/openai-agents.js";
import { Session } from "../../src/runtime/session.js";
import { refundGrantsProtocol } from "./fixtures/refund-grants-protocol.js";

const N = Number(process.argv[2] ?? 300);
const jsonAt = process.argv.indexOf("--json");
setTracingDisabled(true);
const lookup = async ({ bookingId }: { bookingId: string }) => ({ bookingId, paid: 50 });
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

function aiModel() {
  let i = 0;
  return new MockLanguageModelV4({
    doGenerate: async () =>
      i++ === 0
        ? {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "lookup_booking", input: '{"bookingId":"B1"}' }],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          }
        : { content: [{ type: "text", text: "ok" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
  });
}

async function aiPlain() {
  const def = refundGrantsProtocol.toolDefinition("lookup_booking");
  await generateText({
    model: aiModel(),
    tools: { lookup_booking: tool({ description: def.description, inputSchema: jsonSchema<any>(structuredClone(def.parameters) as never), execute: lookup }) },
    stopWhen: stepCountIs(3),
    prompt: "x",
  });
}
async function aiGuarded() {
  const guard = guardAiSdk(new Session(refundGrantsProtocol), { tools: { lookup_booking: lookup } });
  await generateText({ model: aiModel(), ...guard.settings, stopWhen: stepCountIs(3), prompt: "x" });
}
const agentsModel = () => new ScriptedModel([[functionCall("lookup_booking", { bookingId: "B1" }, { callId: "c1" })], [assistantMessage("ok")]]);
async function agentsPlain() {
  const def = refundGrantsProtocol.toolDefinition("lookup_booking");
  const t = agentsTool({
    name: "lookup_booking",
    description: def.description,
    parameters: structuredClone(def.parameters) as never,
    strict: false,
    execute: (a: any) => lookup(a),
  });
  await run(new Agent({ name: "a", instructions: "x", model: agentsModel(), tools: [t] }), "x");
}
async function agentsGuarded() {
  const guard = guardOpenAIAgents(new Session(refundGrantsProtocol), { tools: { lookup_booking: lookup } });
  await run(new Agent({ name: "a", instructions: "x", model: agentsModel(), tools: guard.tools }), "x", guard.runOptions);
}

async function pair(plain: () => Promise<void>, guarded: () => Promise<void>) {
  for (let i = 0; i < 30; i++) (await plain(), await guarded());
  const p: number[] = [];
  const g: number[] = [];
  for (let i = 0; i < N; i++) {
    let t = performance.now();
    await plain();
    p.push(performance.now() - t);
    t = performance.now();
    await guarded();
    g.push(performance.now() - t);
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const plainMs = med(p);
  const guardedMs = med(g);
  return { plainMs: round(plainMs), guardedMs: round(guardedMs), overheadMs: round(guardedMs - plainMs), ratio: round(guardedMs / plainMs) };
}
const round = (x: number) => Math.round(x * 1000) / 1000;
const signed = (x: number) => (x >= 0 ? `+${x}` : `${x}`);

const out = { runs: N, aiSdk: await pair(aiPlain, aiGuarded), openaiAgents: await pair(agentsPlain, agentsGuarded) };
console.log(`one tool-calling turn (tool call + answer), median of ${N}, mock models:`);
console.log(`  ai-sdk        plain ${out.aiSdk.plainMs} ms   guarded ${out.aiSdk.guardedMs} ms   ${signed(out.aiSdk.overheadMs)} ms (x${out.aiSdk.ratio})`);
console.log(
  `  openai-agents plain ${out.openaiAgents.plainMs} ms   guarded ${out.openaiAgents.guardedMs} ms   ${signed(out.openaiAgents.overheadMs)} ms (x${out.openaiAgents.ratio})`,
);
if (jsonAt > 0 && process.argv[jsonAt + 1]) writeFileSync(process.argv[jsonAt + 1]!, `${JSON.stringify({ adapters: out }, null, 2)}\n`);

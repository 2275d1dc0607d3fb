import type { ChatMessage, ModelClient } from "../agent/model-client.js";
import type { Protocol } from "../protocol/protocol.js";
import type { Session } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { Action } from "./action-text.js";

/**
 * How the evaluation talks to the enforcement side: the airline protocol, and what the
 * application does with the user's messages (hand them to the confirmation policy) and the
 * agent's confirmation requests (register the listed actions as pending, like a UI would).
 */
export interface Harness {
  readonly protocol: Protocol<any, any, any>;
  onUserMessage(session: Session<any>, text: string): Promise<void>;
  onAgentMessage(session: Session<any>, text: string, listed: readonly Action[]): Promise<void>;
}

export async function enforcedHarness(): Promise<Harness> {
  const mod = (await import("../domains/airline/protocol.js")) as { airlineProtocol: Protocol<any, any, any> };
  return {
    protocol: mod.airlineProtocol,
    // Every user message goes to the confirmation policy: it judges the reply (rule-based
    // decider) against the pending actions, and remembers it.
    async onUserMessage(session, text) {
      const outcome = await session.receiveUserReply(text);
      if (process.env["CONCORDAT_EVAL_DEBUG"]) process.stderr.write(`  [decider] ${outcome.decision} (${outcome.rule ?? "-"}) grants=${outcome.grants.length} for ${JSON.stringify(text)}\n`);
    },
    // The agent listed actions and asked for a yes: the application registers each as a pending
    // action with the agent's message as its description (what a confirmation UI would show).
    async onAgentMessage(session, text, listed) {
      for (const a of listed) {
        try {
          session.requestConfirmation({ name: a.tool, arguments: a.arguments }, { description: text });
        } catch (e) {
          if (!(e instanceof ProtocolViolation)) throw e;
          // an action the protocol cannot even ask about (bad arguments): nothing is pending
        }
      }
    },
  };
}

const histories = new WeakMap<Session<any>, ChatMessage[]>();

/** One agent turn: the user's message in, tool calls validated and executed, the agent's text out. */
export async function runAgentTurn(session: Session<any>, model: ModelClient, impls: Record<string, (args: unknown) => unknown>, userText: string, _harness: Harness | undefined): Promise<string> {
  let messages = histories.get(session);
  if (!messages) histories.set(session, (messages = []));
  messages.push({ role: "user", content: userText });
  for (let i = 0; i < 40; i++) {
    const res = await model.generate({ messages, tools: session.toolsForModel() });
    messages.push({ role: "assistant", content: res.text ?? "", ...(res.toolCalls.length > 0 ? { toolCalls: res.toolCalls } : {}) });
    if (res.toolCalls.length === 0) return res.text ?? "";
    for (const c of res.toolCalls) {
      let content: string;
      try {
        const impl = impls[c.name];
        const rec = await session.run({ id: c.id, name: c.name, arguments: c.arguments }, (args) => {
          if (!impl) throw new Error(`Tool ${c.name} not found`);
          return impl(args);
        });
        content = rec.result.ok ? JSON.stringify(rec.result.value) : `Error: ${(rec.result.error as Error).message}`;
      } catch (e) {
        content = e instanceof ProtocolViolation ? e.toModelMessage() : `Error: ${(e as Error).message}`;
      }
      messages.push({ role: "tool", content, toolCallId: c.id, name: c.name });
    }
  }
  return "";
}

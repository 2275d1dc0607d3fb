import { AgentLoop } from "../agent/agent-loop.js";
import type { ModelClient } from "../agent/model-client.js";
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
  /**
   * `listed`: the actions the agent's message lists; when it lists none (a real model writing
   * prose), the write calls refused this turn for want of a confirmation stand in for them.
   */
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
      if (process.env["CONCORDAT_EVAL_DEBUG"])
        process.stderr.write(`  [decider] ${outcome.decision} (${outcome.rule ?? "-"}) grants=${outcome.grants.length} for ${JSON.stringify(text)}\n`);
    },
    // The agent listed actions and asked for a yes: the application registers each as a pending
    // action with the agent's message as its description (what a confirmation UI would show).
    // One agent message is one request round: it supersedes every earlier request still
    // waiting, so a later "yes" grants exactly the actions of the question it answered.
    async onAgentMessage(session, text, listed) {
      listed.forEach((a, i) => {
        try {
          session.requestConfirmation({ name: a.tool, arguments: a.arguments }, { description: text, ...(i === 0 ? { newRound: true } : { together: true }) });
        } catch (e) {
          if (!(e instanceof ProtocolViolation)) throw e;
          // an action the protocol cannot even ask about (bad arguments): nothing is pending
        }
      });
    },
  };
}

/** One agent turn: the user's message in, tool calls validated and executed by the agent loop, the agent's text out. */
export type AgentTurn = (userText: string) => Promise<{ readonly text: string; readonly retriesExhausted: boolean }>;

/**
 * The agent side of a run: an `AgentLoop` over the session (the model sees only the tools the
 * session allows now; every call is validated before it runs; a refusal goes back to the model).
 */
export function agentTurns(
  session: Session<any>,
  model: ModelClient,
  impls: Record<string, (args: unknown) => unknown>,
  system: string | undefined,
): AgentTurn {
  const loop = new AgentLoop({ session, model, tools: impls, ...(system !== undefined ? { system } : {}), maxRetries: 3, maxToolSteps: 24 });
  return async (userText) => {
    try {
      const r = await loop.step(userText);
      return { text: r.text ?? "", retriesExhausted: false };
    } catch (e) {
      if (e instanceof ProtocolViolation && e.code === "retries_exhausted") return { text: "I'm sorry, I could not complete that.", retriesExhausted: true };
      throw e;
    }
  };
}

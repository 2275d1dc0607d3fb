import { z } from "zod";
import type { ToolResult } from "../protocol/types.js";

const replySchema = z.object({ text: z.string() });
type ReplyOutcome = "confirmed" | "denied" | "unclear";

export interface ConfirmationFlowOptions<W extends string, I extends z.ZodType, Next extends string, Denied extends string> {
  /** The write tool (declared elsewhere in the protocol with `requiresConfirmation: true`). */
  readonly write: W;
  /** The write tool's input schema: the request carries the same arguments. */
  readonly input: I;
  /** State after the write succeeded. */
  readonly next: Next;
  /** State after the user said no. */
  readonly denied: Denied;
}

/** The generated request tool (same arguments as the write). */
export interface RequestToolSpec<I extends z.ZodType> {
  readonly description: string;
  readonly input: I;
  readonly effect: "read";
  readonly outcomes: readonly ["sent"];
  readonly outcome: (result: ToolResult) => "sent";
}

/** The generated tool that reads the user's reply; its outcome is the decision the application reports. */
export interface AwaitReplyToolSpec {
  readonly description: string;
  readonly input: typeof replySchema;
  readonly effect: "read";
  readonly outcomes: readonly ["confirmed", "denied", "unclear"];
  readonly outcome: (result: ToolResult) => ReplyOutcome;
}

/** The tools, states and entry edge of a request → await → decide → execute path for one write tool. */
export interface ConfirmationFlow<W extends string, I extends z.ZodType, Next extends string, Denied extends string> {
  readonly tools: { readonly [K in `request_${W}`]: RequestToolSpec<I> } & { readonly [K in `await_${W}_reply`]: AwaitReplyToolSpec };
  readonly states: {
    readonly [K in `${W}_awaiting`]: {
      readonly on: { readonly [T in `await_${W}_reply`]: { readonly confirmed: `${W}_confirmed`; readonly denied: Denied; readonly unclear: `${W}_awaiting` } };
    };
  } & { readonly [K in `${W}_confirmed`]: { readonly on: { readonly [T in W]: { readonly ok: Next } } } };
  /** Spread into the `on` of the state where the agent may ask. */
  readonly entry: { readonly [K in `request_${W}`]: { readonly sent: `${W}_awaiting` } };
  /** Pass as `new Session(p, { confirmation: { requestTools } })` so the request registers the pending write. */
  readonly requestTools: Readonly<Record<`request_${W}`, W>>;
  readonly names: {
    readonly request: `request_${W}`;
    readonly await: `await_${W}_reply`;
    readonly awaiting: `${W}_awaiting`;
    readonly confirmed: `${W}_confirmed`;
  };
}

/**
 * Generates the confirmation path for a write tool: a `request_<write>` tool (same arguments,
 * outcome `sent`) leading to `<write>_awaiting`, where only `await_<write>_reply` is allowed
 * (outcomes confirmed → `<write>_confirmed`, denied → `denied`, unclear → stay), and
 * `<write>_confirmed`, where only the write is allowed (ok → `next`). The state machine only
 * sequences the conversation; the write itself still needs the user's grant (the session's
 * confirmation policy), whatever the agent reports as the reply's outcome.
 */
export function confirmationFlow<const W extends string, I extends z.ZodType, const Next extends string, const Denied extends string>(
  options: ConfirmationFlowOptions<W, I, Next, Denied>,
): ConfirmationFlow<W, I, Next, Denied> {
  const { write, input, next, denied } = options;
  const request = `request_${write}` as const;
  const awaitTool = `await_${write}_reply` as const;
  const awaiting = `${write}_awaiting` as const;
  const confirmed = `${write}_confirmed` as const;
  const requestSpec: RequestToolSpec<I> = {
    description: `Describe the "${write}" action with its exact arguments to the user and ask them to confirm it.`,
    input,
    effect: "read",
    outcomes: ["sent"],
    outcome: () => "sent",
  };
  const awaitSpec: AwaitReplyToolSpec = {
    description: `Read the user's reply to the "${write}" confirmation request.`,
    input: replySchema,
    effect: "read",
    outcomes: ["confirmed", "denied", "unclear"],
    outcome: (r: ToolResult) => (r.ok && (r.value === "confirmed" || r.value === "denied") ? r.value : "unclear"),
  };
  return {
    tools: { [request]: requestSpec, [awaitTool]: awaitSpec } as ConfirmationFlow<W, I, Next, Denied>["tools"],
    states: {
      [awaiting]: { on: { [awaitTool]: { confirmed, denied, unclear: awaiting } } },
      [confirmed]: { on: { [write]: { ok: next } } },
    } as unknown as ConfirmationFlow<W, I, Next, Denied>["states"],
    entry: { [request]: { sent: awaiting } } as ConfirmationFlow<W, I, Next, Denied>["entry"],
    requestTools: { [request]: write } as Record<`request_${W}`, W>,
    names: { request, await: awaitTool, awaiting, confirmed },
  };
}

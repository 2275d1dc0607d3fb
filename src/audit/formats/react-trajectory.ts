/**
 * tau-bench v1's ReAct and Act agents record their actions in the assistant's text, not as
 * `tool_calls`: `Thought: …\nAction:\n{"name": "cancel_reservation", "arguments": {…}}`, answered by a
 * user-role message `API output: …`; talking to the customer is the action `respond` with
 * `{"content": …}`. Such a trajectory is rewritten to the chat-completions shape (a tool call and a
 * `tool` message per action, the `respond` content as the assistant's words; thoughts are not shown
 * to the customer, so they are dropped), so that it is audited like any other.
 */

const API_OUTPUT = /^\s*API output:\s?/;

interface ChatLike {
  role?: unknown;
  content?: unknown;
  tool_calls?: unknown;
}

function parseAction(content: unknown): { name: string; arguments: unknown } | undefined {
  if (typeof content !== "string") return undefined;
  // as tau-bench reads it: the JSON after the last "Action:"
  const at = content.lastIndexOf("Action:");
  if (at < 0) return undefined;
  try {
    const a = JSON.parse(content.slice(at + "Action:".length).trim()) as { name?: unknown; arguments?: unknown };
    return typeof a.name === "string" ? { name: a.name, arguments: a.arguments ?? {} } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a trajectory is in the ReAct/Act text shape: no tool_calls anywhere, and assistant messages holding `Action: {"name": …}`. */
export function isReactTrajectory(traj: readonly unknown[]): boolean {
  const msgs = traj.filter((m): m is ChatLike => m !== null && typeof m === "object");
  if (msgs.some((m) => Array.isArray(m.tool_calls) && m.tool_calls.length > 0)) return false;
  return msgs.some((m) => m.role === "assistant" && parseAction(m.content) !== undefined);
}

/** The trajectory in the chat-completions shape (see the module comment). Messages it cannot read are kept as they are. */
export function fromReactTrajectory(traj: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  let open: string | undefined;
  let n = 0;
  for (const raw of traj) {
    const m = raw as ChatLike;
    if (m !== null && typeof m === "object" && m.role === "assistant") {
      const action = parseAction(m.content);
      if (action?.name === "respond") {
        const args = action.arguments as { content?: unknown };
        out.push({ role: "assistant", content: typeof args?.content === "string" ? args.content : "" });
        open = undefined;
        continue;
      }
      if (action) {
        open = `react_${n++}`;
        out.push({
          role: "assistant",
          content: null,
          tool_calls: [{ id: open, type: "function", function: { name: action.name, arguments: action.arguments } }],
        });
        continue;
      }
    }
    if (m !== null && typeof m === "object" && m.role === "user" && typeof m.content === "string" && API_OUTPUT.test(m.content) && open !== undefined) {
      out.push({ role: "tool", tool_call_id: open, content: m.content.replace(API_OUTPUT, "") });
      open = undefined;
      continue;
    }
    out.push(raw);
  }
  return out;
}

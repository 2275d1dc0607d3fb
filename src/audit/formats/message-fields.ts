import { z } from "zod";

/**
 * Field shapes both log formats may use, read the same way by both parsers:
 * - message `content`: text, null/absent, or an array of parts (`"text"` or `{type: "text", text}`;
 *   non-text parts such as images are skipped); a `tool` message's content may also be a JSON value,
 *   kept as its JSON text;
 * - a tool call: tau2's `{id, name, arguments}` or the chat-completions `{id, type, function: {name, arguments}}`,
 *   with `arguments` an object or a JSON string, and the id possibly missing;
 * - a tool message names the call it answers with `id` (tau2) or `tool_call_id` (chat completions).
 */

const textPart = z.union([z.string(), z.object({ type: z.string().nullish(), text: z.string().nullish() }).loose()]);

/** `content` of a user/assistant/system message. */
export const messageContentSchema = z.union([z.string(), z.array(textPart), z.null(), z.undefined()], {
  error: 'content must be text, null, or an array of text parts ({type: "text", text})',
});

/** `content` of a tool message: as above, or a JSON value (kept as JSON text). */
export const toolContentSchema = z.unknown();

export const toolCallSchema = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    type: z.string().nullish(),
    name: z.string().nullish(),
    arguments: z.unknown().optional(),
    function: z.object({ name: z.string(), arguments: z.unknown().optional() }).loose().nullish(),
    requestor: z.string().nullish(),
  })
  .refine((c) => typeof c.name === "string" || typeof c.function?.name === "string", {
    message: 'a tool call needs a name: "name" (tau2) or "function.name" (chat completions)',
  });

export type RawToolCall = z.infer<typeof toolCallSchema>;

/** The text of a message's content, whatever the shape. */
export function contentText(raw: unknown): string {
  if (raw === null || raw === undefined) return "";
  if (typeof raw === "string") return raw;
  if (Array.isArray(raw)) {
    return raw
      .map((p) =>
        typeof p === "string"
          ? p
          : p !== null && typeof p === "object" && typeof (p as { text?: unknown }).text === "string"
            ? (p as { text: string }).text
            : "",
      )
      .filter((t) => t !== "")
      .join("\n");
  }
  return JSON.stringify(raw);
}

/** Name, id and raw arguments of a tool call in either shape (`function.*` wins when both are present). */
export function toolCallParts(tc: RawToolCall): { id: string | undefined; name: string; rawArguments: unknown } {
  const name = tc.function?.name ?? tc.name ?? "";
  const rawArguments = tc.function ? tc.function.arguments : tc.arguments;
  return { id: tc.id === null || tc.id === undefined ? undefined : String(tc.id), name, rawArguments };
}

/** The call id a tool message answers: `tool_call_id` (chat completions) or `id` (tau2). */
export function answeredCallId(m: { tool_call_id?: unknown; id?: unknown }): string | undefined {
  const v = m.tool_call_id ?? m.id;
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
}

/** A trial number recorded as a number or a numeric string; null otherwise. */
export const trialSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : null));

/** A task id recorded as text or a number; null when absent. */
export const taskIdSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? null : String(v)));

/** A reward recorded as a number, a boolean (true is a pass) or a numeric string; null otherwise. */
export function readReward(...candidates: unknown[]): number | null {
  for (const v of candidates) {
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  }
  return null;
}

/** Which domain a policy text (the system message of a tau-bench v1 trajectory) is for. */
export function domainFromPolicy(text: string): string | undefined {
  const m = /^\s*#\s*(airline|retail|telecom)\b/i.exec(text);
  return m?.[1]?.toLowerCase();
}

import type { DeciderVerdict, PendingAction } from "./decider.js";
import { decideReply, normalizeReply, requestVerbs, scanReply } from "./rule-decider.js";
import { escapeRegExp } from "../util/escape-regexp.js";

/** Words that only connect an action to its arguments ("refund $250 for booking ABC123"). */
const GLUE = [
  "for",
  "of",
  "on",
  "to",
  "the",
  "a",
  "an",
  "my",
  "me",
  "booking",
  "reservation",
  "order",
  "amount",
  "id",
  "number",
  "no",
  "#",
  "$",
  "usd",
  "dollars?",
  "eur",
  "euros?",
  "€",
  "¥",
  "元",
  "块",
  "块钱",
  "把",
  "给",
  "订单",
  "预订",
  "金额",
  "号",
  "笔",
];

function leaves(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (typeof value === "object" && value !== null) for (const v of Object.values(value)) leaves(v, out);
  else out.push(value);
  return out;
}

/**
 * Whether an earlier user message is consent to this exact action: it names every argument
 * value (strings verbatim, numbers by value, no other numbers), names the action's own verb,
 * and — with the values and connecting words removed — is an unconditional request by the
 * rule decider's standards ("Please refund $250 for booking ABC123" is; "can you refund…?",
 * "refund it if…", "refund $250 or $300" are not).
 */
export function priorConsentVerdict(action: PendingAction, message: string): DeciderVerdict {
  const unclear = (reason: string): DeciderVerdict => ({ decision: "unclear", reason, rule: "prior_consent" });
  let text = normalizeReply(message);
  const values = leaves(action.arguments);
  if (values.some((v) => typeof v !== "string" && typeof v !== "number"))
    return unclear("The action has arguments (booleans, nulls) a message cannot name unambiguously.");
  const strings = (values.filter((v) => typeof v === "string") as string[])
    .map((s) => normalizeReply(s))
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length);
  for (const s of strings) {
    const re = new RegExp(`(?<![a-z0-9])${escapeRegExp(s)}(?![a-z0-9])`, "giu");
    if (!re.test(text)) return unclear(`The message does not name ${JSON.stringify(s)}.`);
    text = text.replace(re, " ");
  }
  const numbers = values.filter((v) => typeof v === "number") as number[];
  const seen = new Set<number>();
  let stray: string | undefined;
  text = text.replace(/\d+(?:[.,]\d+)*/g, (tok) => {
    const n = Number(tok.replace(/,(?=\d{3}\b)/g, "").replace(",", "."));
    if (numbers.includes(n)) seen.add(n);
    else stray ??= tok;
    return " ";
  });
  if (stray !== undefined) return unclear(`The message mentions ${JSON.stringify(stray)}, which is not one of the action's arguments.`);
  const missing = numbers.find((n) => !seen.has(n));
  if (missing !== undefined) return unclear(`The message does not name ${missing}.`);
  const verbs = requestVerbs({ request: "", reply: "", actions: [action] });
  if (verbs.size === 0) return unclear(`The action "${action.tool}" has no verb a message could name.`);
  const named = new Set(
    scanReply(text)
      .filter((t) => t.category === "verb" || t.category === "deny")
      .map((t) => t.text),
  );
  const verbWords = requestVerbs({ request: [...named].join(" "), reply: "" });
  for (const v of verbs) if (!verbWords.has(v)) return unclear(`The message does not name the action (${v}).`);
  for (const g of GLUE) text = text.replace(new RegExp(/^[a-z]/.test(g) ? `(?<![a-z0-9'])${g}(?![a-z0-9'])` : escapeRegExp(g), "g"), " ");
  const v = decideReply({ request: action.description ?? action.tool.replace(/[_-]+/g, " "), reply: text, actions: [action] });
  return { ...v, reason: `Prior consent: ${v.reason}`, rule: `prior_consent:${v.rule}` };
}

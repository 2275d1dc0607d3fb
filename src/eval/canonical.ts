/**
 * Canonical JSON for the evaluation's own bookkeeping (consent log, auditor): object keys
 * sorted, `undefined` fields dropped, numbers normalized (-0 → 0). Deliberately separate from
 * the enforcement path's canonicalization so the independent auditor shares no code with it.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalize(value));
}

function normalize(v: unknown): unknown {
  if (typeof v === "number") return Object.is(v, -0) ? 0 : v;
  if (Array.isArray(v)) return v.map(normalize);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = normalize(x);
    }
    return out;
  }
  return v;
}

/** A tool call's identity for consent matching: tool name plus canonical arguments. */
export function actionKey(tool: string, args: unknown): string {
  return `${tool} ${canonicalJson(args)}`;
}

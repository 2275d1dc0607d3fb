/** Canonical JSON: object keys sorted, numbers as JSON writes them (so 1 and 1.0 are the same). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** Identifies an action: the tool and its canonical arguments. */
export function actionKey(tool: string, args: unknown): string {
  return `${tool} ${canonicalJson(args)}`;
}

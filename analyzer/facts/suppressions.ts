import type { SuppressionFacts } from "./file-facts.js";

const DIRECTIVE = /\/\/\s*concordat-disable-next-line\b(.*)$/;

/**
 * Reads `// concordat-disable-next-line <rule>[, <rule>] -- <reason>` comments. A directive
 * applies to the next line; its reason is what follows ` -- ` (empty when missing).
 */
export function parseSuppressions(text: string): SuppressionFacts[] {
  const out: SuppressionFacts[] = [];
  if (!text.includes("concordat-disable-next-line")) return out;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const m = DIRECTIVE.exec(line);
    if (!m) continue;
    const rest = m[1] ?? "";
    const sep = rest.indexOf("--");
    const rulesPart = sep >= 0 ? rest.slice(0, sep) : rest;
    const reason = sep >= 0 ? rest.slice(sep + 2).trim() : "";
    const rules = rulesPart.split(/[\s,]+/).filter((r) => r.length > 0);
    const column = (m.index ?? 0) + 1;
    out.push({ loc: { line: i + 1, column, endLine: i + 1, endColumn: line.length + 1 }, targetLine: i + 2, rules, reason });
  }
  return out;
}

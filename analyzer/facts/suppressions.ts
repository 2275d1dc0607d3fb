import { ts } from "ts-morph";
import type { SuppressionFacts } from "./file-facts.js";

const DIRECTIVE = /^\/\/\s*concordat-disable-next-line\b(.*)$/;

/**
 * Reads `// concordat-disable-next-line <rule>[, <rule>] -- <reason>` comments (real comments
 * only: not text in strings or template literals). A directive applies to the next line; its
 * reason is what follows ` -- ` (empty when missing).
 */
export function parseSuppressions(text: string, sf: ts.SourceFile): SuppressionFacts[] {
  const out: SuppressionFacts[] = [];
  if (!text.includes("concordat-disable-next-line")) return out;
  const seen = new Set<number>();
  const take = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (r.kind !== ts.SyntaxKind.SingleLineCommentTrivia || seen.has(r.pos)) continue;
      seen.add(r.pos);
      const m = DIRECTIVE.exec(text.slice(r.pos, r.end));
      if (!m) continue;
      const rest = m[1] ?? "";
      const sep = rest.indexOf("--");
      const rulesPart = sep >= 0 ? rest.slice(0, sep) : rest;
      const reason = sep >= 0 ? rest.slice(sep + 2).trim() : "";
      const rules = rulesPart.split(/[\s,]+/).filter((x) => x.length > 0);
      const s = sf.getLineAndCharacterOfPosition(r.pos);
      const e = sf.getLineAndCharacterOfPosition(r.end);
      out.push({ loc: { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 }, targetLine: s.line + 2, rules, reason });
    }
  };
  const visit = (n: ts.Node): void => {
    take(ts.getLeadingCommentRanges(text, n.pos));
    take(ts.getTrailingCommentRanges(text, n.end));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  take(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return out.sort((a, b) => a.loc.line - b.loc.line);
}

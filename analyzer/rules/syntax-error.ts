import type { FileFacts } from "../facts/file-facts.js";
import type { Finding, Rule } from "./rule.js";

/** A file's syntax errors, as findings: what follows one may be read wrongly or not at all. */
export function syntaxErrorFindings(files: readonly FileFacts[]): Finding[] {
  const out: Finding[] = [];
  for (const f of files) {
    // the first error only: the parser's later ones usually follow from it
    const errors = f.syntaxErrors ?? [];
    const e = errors[0];
    if (!e) continue;
    const more = errors.length > 1 ? ` (${errors.length - 1} more after it)` : "";
    out.push({
      rule: "syntax-error",
      file: f.path,
      loc: e.loc,
      message: `Syntax error: ${e.message}${more} The analyzer cannot read this file completely, so agents, protocols and calls in it may go unchecked; fix the syntax first.`,
    });
  }
  return out;
}

export const syntaxError: Rule = {
  meta: {
    id: "syntax-error",
    description: "A file the analyzer cannot parse completely, so its checks would be incomplete.",
    help: "Fix the syntax error (tsc reports the same one). Until then the file's agents, protocols and calls are not fully checked, and the check fails rather than pass silently.",
  },
  run(a) {
    return syntaxErrorFindings(a.rootFacts());
  },
};

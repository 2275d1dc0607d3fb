import type { RuleId } from "./rule.js";

/** Where the rules' documentation pages live (one `docs/rules/<rule>.md` each). @internal */
export const RULE_DOCS_BASE = "https://github.com/concordat/concordat/blob/main/docs/rules/";

/**
 * The documentation page of an analyzer rule: the `helpUri` of `concordat check --format sarif`
 * and the `docs.url` of the ESLint plugin's rule, so both link to the same page.
 *
 * @example
 * ```ts
 * ruleDocsUrl("protocol-weakening"); // ".../docs/rules/protocol-weakening.md"
 * ```
 * @param id The rule id.
 * @returns The page's URL.
 */
export function ruleDocsUrl(id: RuleId): string {
  return `${RULE_DOCS_BASE}${id}.md`;
}

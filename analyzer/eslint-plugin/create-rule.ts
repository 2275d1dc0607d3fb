import type { Rule } from "eslint";
import type { TsProgramLike } from "../load-project.js";
import { ruleDocsUrl } from "../rules/rule-docs.js";
import type { RuleMeta } from "../rules/rule.js";
import { diagnosticsFor } from "./program-analysis.js";
import { CheckConfigError } from "../types.js";

/** The messageId of a rule's findings: its id in camelCase (`protocol-weakening` → `protocolWeakening`). @internal */
export function messageIdOf(ruleId: string): string {
  return ruleId.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * An ESLint rule that reports, in the linted file, the findings of one analyzer rule. It holds
 * no rule logic: the findings come from the program's `concordat check` analysis.
 * @internal
 */
export function createRule(meta: RuleMeta): Rule.RuleModule {
  const messageId = messageIdOf(meta.id);
  return {
    meta: {
      type: "problem",
      docs: { description: meta.description, recommended: true, url: ruleDocsUrl(meta.id) },
      messages: { [messageId]: "{{message}}" },
      schema: [],
    },
    create(context) {
      const program = (context.sourceCode.parserServices as { program?: TsProgramLike | null } | undefined)?.program;
      if (!program) {
        throw new CheckConfigError(
          `concordat/${meta.id} needs type information, and "${context.filename}" was parsed without it. ` +
            `Fix: lint TypeScript files with typescript-eslint's parser and languageOptions.parserOptions.projectService: true ` +
            `(the plugin's recommended config restricts itself to .ts files; see docs/eslint-plugin.md).`,
        );
      }
      return {
        Program() {
          for (const d of diagnosticsFor(program, context.filename)) {
            if (d.rule !== meta.id) continue;
            context.report({
              loc: { start: { line: d.line, column: d.column - 1 }, end: { line: d.endLine, column: d.endColumn - 1 } },
              messageId,
              data: { message: d.message },
            });
          }
        },
      };
    },
  };
}

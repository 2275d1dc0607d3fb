/**
 * `concordat/eslint-plugin`: the analyzer's rules in the editor. Each rule reports, in the file
 * being linted, what `concordat check` reports there: the same analysis (run once per TypeScript
 * program that typed linting builds), rule ids, messages, positions, suppression comments and
 * documentation links.
 *
 * @example
 * ```js
 * // eslint.config.js
 * import tseslint from "typescript-eslint";
 * import concordat from "concordat/eslint-plugin";
 *
 * export default [
 *   { files: ["**\/*.ts"], languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true } } },
 *   concordat.configs.recommended,
 * ];
 * ```
 * @see https://github.com/concordat/concordat/blob/main/docs/eslint-plugin.md
 */
import { readFileSync } from "node:fs";
import type { ESLint, Linter, Rule } from "eslint";
import { ruleMetas } from "../rules/index.js";
import { createRule } from "./create-rule.js";

/** Files the recommended config lints: TypeScript sources (the rules need a program). */
export const TYPESCRIPT_FILES = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"];

/** The plugin object ESLint loads: `meta`, one rule per analyzer rule id, and `configs.recommended`. */
export interface ConcordatEslintPlugin extends ESLint.Plugin {
  readonly meta: { readonly name: string; readonly version: string };
  readonly rules: Readonly<Record<string, Rule.RuleModule>>;
  readonly configs: { readonly recommended: Linter.Config };
}

/** This package's version (ESLint's cache keys on it), from the nearest package.json named concordat. */
function ownVersion(): string {
  for (const up of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "concordat" && pkg.version) return pkg.version;
    } catch {
      // not at this level
    }
  }
  return "0.0.0";
}

const rules: Record<string, Rule.RuleModule> = Object.fromEntries(ruleMetas.map((m) => [m.id, createRule(m)]));

const plugin = {
  meta: { name: "concordat", version: ownVersion() },
  rules,
  configs: {} as { recommended: Linter.Config },
} satisfies ConcordatEslintPlugin;

/**
 * Every rule as an error, on TypeScript files. Typed linting must be on for these files
 * (typescript-eslint's parser with `parserOptions.projectService: true`).
 */
plugin.configs.recommended = {
  name: "concordat/recommended",
  files: TYPESCRIPT_FILES,
  plugins: { concordat: plugin },
  rules: Object.fromEntries(ruleMetas.map((m) => [`concordat/${m.id}`, "error"])),
};

export default plugin as ConcordatEslintPlugin;

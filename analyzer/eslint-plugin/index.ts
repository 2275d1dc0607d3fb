/**
 * `concordat/eslint-plugin`: the analyzer's rules in the editor. Each rule reports, in the file
 * being linted, what `concordat check` reports there: the same analysis (run once per TypeScript
 * program that typed linting builds), rule ids, messages, positions, suppression comments and
 * documentation links.
 *
 * Needs ESLint 9 or 10, typescript-eslint's parser with typed linting, and ts-morph (the
 * analyzer's optional peer): importing this module without ts-morph fails with a
 * `MissingDependencyError` naming the install command.
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
import { loadOptional } from "../../src/util/optional-dependency.js";
import type { ConcordatEslintPlugin } from "./plugin.js";

export type { ConcordatEslintPlugin } from "./plugin.js";

// the analyzer runs on ts-morph, an optional peer: a missing one is named with its install command
const { createPlugin } = await loadOptional(
  "ts-morph",
  "concordat/eslint-plugin (the static analyzer in ESLint)",
  "npm i -D ts-morph@28 typescript",
  () => import("./plugin.js"),
);

/** The plugin: `meta`, one rule per analyzer rule id (`concordat/<rule>`), and `configs.recommended`. */
const plugin: ConcordatEslintPlugin = createPlugin();
export default plugin;

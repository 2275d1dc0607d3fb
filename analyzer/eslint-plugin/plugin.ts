/**
 * The plugin object (see index.ts, which loads this module once ts-morph is known to be there).
 * @internal
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

/** Builds the plugin: one ESLint rule per analyzer rule, and the recommended config. @internal */
export function createPlugin(): ConcordatEslintPlugin {
  const rules: Record<string, Rule.RuleModule> = Object.fromEntries(ruleMetas.map((m) => [m.id, createRule(m)]));
  const plugin = {
    meta: { name: "concordat", version: ownVersion() },
    rules,
    configs: {} as { recommended: Linter.Config },
  } satisfies ConcordatEslintPlugin;
  // every rule as an error, on TypeScript files (typed linting must be on for them)
  plugin.configs.recommended = {
    name: "concordat/recommended",
    files: TYPESCRIPT_FILES,
    plugins: { concordat: plugin },
    rules: Object.fromEntries(ruleMetas.map((m) => [`concordat/${m.id}`, "error"])),
  };
  return plugin;
}

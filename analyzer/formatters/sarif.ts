import { ruleMetas } from "../rules/index.js";
import { ruleDocsUrl } from "../rules/rule-docs.js";
import type { CheckResult } from "../types.js";

const INFORMATION_URI = "https://github.com/concordat/concordat#static-analyzer";

export interface SarifOptions {
  /** Tool version shown in the log. */
  readonly version?: string;
}

/**
 * SARIF 2.1.0 as GitHub code scanning reads it: one run, the rule catalogue with stable ids and
 * help text, results with repository-relative URIs (relative to the working directory, `%SRCROOT%`).
 */
export function formatSarif(result: CheckResult, options: SarifOptions = {}): string {
  const ruleIndex = new Map(ruleMetas.map((r, i) => [r.id, i]));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "concordat",
            semanticVersion: options.version ?? "0.1.0",
            informationUri: INFORMATION_URI,
            rules: ruleMetas.map((r) => ({
              id: r.id,
              name: r.id.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()),
              shortDescription: { text: r.description },
              fullDescription: { text: r.description },
              help: { text: r.help, markdown: `**${r.id}**: ${r.description}\n\n${r.help}` },
              helpUri: ruleDocsUrl(r.id),
              defaultConfiguration: { level: "error" },
              properties: { tags: ["concordat", "security", "agents"], precision: "high", "problem.severity": "error", "security-severity": "7.0" },
            })),
          },
        },
        originalUriBaseIds: { "%SRCROOT%": { uri: "file://" + encodeURI(result.cwd.endsWith("/") ? result.cwd : result.cwd + "/") } },
        results: result.diagnostics.map((d) => ({
          ruleId: d.rule,
          ruleIndex: ruleIndex.get(d.rule) ?? 0,
          level: d.severity === "error" ? "error" : "warning",
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodeURI(d.file), uriBaseId: "%SRCROOT%" },
                region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
              },
            },
          ],
          partialFingerprints: { "concordat/v1": fingerprint(`${d.rule}|${d.file}|${d.class ?? ""}|${d.message}`) },
          ...(d.trace ? { properties: { trace: d.trace } } : {}),
        })),
        columnKind: "utf16CodeUnits",
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/** FNV-1a, hex: stable across runs and line moves (the message carries no positions). */
function fingerprint(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

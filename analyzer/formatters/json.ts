import type { CheckResult } from "../types.js";

/** `{"version":1,"diagnostics":[...],"summary":{...}}`, one JSON document. */
export function formatJson(result: CheckResult): string {
  const diagnostics = result.diagnostics.map((d) => ({
    rule: d.rule,
    severity: d.severity,
    file: d.file,
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    message: d.message,
    ...(d.class !== undefined ? { class: d.class } : {}),
    ...(d.parent !== undefined ? { parent: d.parent } : {}),
    ...(d.trace !== undefined ? { trace: [...d.trace] } : {}),
  }));
  const s = result.summary;
  return (
    JSON.stringify(
      {
        version: 1,
        diagnostics,
        summary: { files: s.files, classes: s.classes, protocols: s.protocols, errors: s.errors, warnings: s.warnings, durationMs: s.durationMs },
      },
      null,
      2,
    ) + "\n"
  );
}

import type { CheckResult, Diagnostic } from "../types.js";

export interface StylishOptions {
  readonly color?: boolean;
}

const paint = (on: boolean, code: string, s: string): string => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/** ESLint-like: a header per file, then `line:col  error  message  rule`, then a count. */
export function formatStylish(result: CheckResult, options: StylishOptions = {}): string {
  const color = options.color ?? false;
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of result.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const lines: string[] = [];
  for (const [file, ds] of byFile) {
    lines.push("", paint(color, "4", file));
    const pos = ds.map((d) => `${d.line}:${d.column}`);
    const w = Math.max(...pos.map((p) => p.length));
    const sw = Math.max(...ds.map((d) => d.severity.length));
    ds.forEach((d, i) => {
      const sev = paint(color, d.severity === "error" ? "31" : "33", d.severity.padEnd(sw));
      const trace = d.trace && d.trace.length ? `\n${" ".repeat(w + 4)}${paint(color, "2", `trace: ${d.trace.join(" → ")}`)}` : "";
      lines.push(`  ${paint(color, "2", pos[i]!.padEnd(w))}  ${sev}  ${d.message}  ${paint(color, "2", d.rule)}${trace}`);
    });
  }
  const { errors, warnings } = result.summary;
  const total = errors + warnings;
  if (total > 0) {
    lines.push(
      "",
      paint(
        color,
        errors > 0 ? "31;1" : "33;1",
        `✖ ${total} problem${total === 1 ? "" : "s"} (${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"})`,
      ),
    );
  } else {
    const s = result.summary;
    lines.push(
      paint(
        color,
        "32",
        `✔ no problems (${s.files} file${s.files === 1 ? "" : "s"}, ${s.classes} agent class${s.classes === 1 ? "" : "es"}, ${s.protocols} protocol${s.protocols === 1 ? "" : "s"})`,
      ),
    );
  }
  return lines.join("\n").replace(/^\n/, "") + "\n";
}

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { FormatName } from "../../../analyzer/formatters/index.js";
import { loadOptional } from "../../util/optional-dependency.js";
import { UsageError, type CliCommand } from "../io.js";
import { parseCommandArgs } from "../parse-command-args.js";

const usage = `Usage: concordat check [paths...] [--project tsconfig.json] [--format stylish|json|sarif] [--output-file F] [--no-color] [--cache] [--cache-location DIR]

Statically checks agent classes: weakened subclass protocols, calls that bypass guarded tools,
dynamic dispatch, unguarded overrides, unknown tools, protocols that cannot be extracted.

  paths                 files, directories or globs to check (default: the tsconfig's files)
  --project, -p FILE    tsconfig.json to read (default ./tsconfig.json)
  --format, -f NAME     stylish (default), json or sarif (SARIF 2.1.0 for GitHub code scanning)
  --output-file, -o F   write the report to F instead of standard output
  --no-color            plain stylish output
  --cache               reuse per-file facts from the cache when a file is unchanged
  --cache-location DIR  cache directory (default .concordat-cache)

Exit codes: 0 no errors, 1 errors found, 2 configuration or internal error.`;

export const command: CliCommand = {
  summary: "Statically check agent classes against their protocols (CI)",
  usage,
  async run(argv, io) {
    const parsed = parseCommandArgs(argv, {
      allowPositionals: true,
      options: {
        project: { type: "string", short: "p" },
        format: { type: "string", short: "f", default: "stylish" },
        "output-file": { type: "string", short: "o" },
        color: { type: "boolean" },
        "no-color": { type: "boolean" },
        cache: { type: "boolean", default: false },
        "cache-location": { type: "string" },
      },
    });
    const v = parsed.values;
    // the analyzer runs on ts-morph, an optional peer: loaded here, not when the CLI starts
    const [{ check }, { format, formatNames }, { CheckConfigError }] = await loadOptional(
      "ts-morph",
      "The static analyzer",
      "npm i -D ts-morph@28 typescript",
      () => Promise.all([import("../../../analyzer/check.js"), import("../../../analyzer/formatters/index.js"), import("../../../analyzer/types.js")]),
    );
    const fmt = v.format as string;
    if (!(formatNames as readonly string[]).includes(fmt)) throw new UsageError(`unknown --format "${fmt}"; use one of ${formatNames.join(", ")}`);
    const noColor = v["no-color"] === true || io.env["NO_COLOR"] !== undefined;
    const color = !noColor && (v.color === true || (v["output-file"] === undefined && io.env["FORCE_COLOR"] !== undefined && io.env["FORCE_COLOR"] !== "0"));
    let result;
    try {
      result = await check({
        cwd: io.cwd,
        ...(v.project !== undefined ? { project: v.project } : {}),
        paths: parsed.positionals,
        cache: v.cache === true,
        ...(v["cache-location"] !== undefined ? { cacheLocation: v["cache-location"] } : {}),
      });
    } catch (e) {
      if (e instanceof CheckConfigError) {
        io.stderr(`concordat check: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
    const text = format(result, fmt as FormatName, { color });
    if (v["output-file"] !== undefined) {
      const out = resolve(io.cwd, v["output-file"]);
      try {
        writeFileSync(out, text);
      } catch (e) {
        io.stderr(`concordat check: cannot write --output-file ${v["output-file"]}: ${e instanceof Error ? e.message : String(e)}\n`);
        return 2;
      }
      io.stdout(`concordat check: ${result.summary.errors} error(s), ${result.summary.warnings} warning(s); report written to ${v["output-file"]}\n`);
    } else io.stdout(text);
    return result.summary.errors > 0 ? 1 : 0;
  },
};

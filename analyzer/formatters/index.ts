import type { CheckResult } from "../types.js";
import { formatJson } from "./json.js";
import { formatSarif } from "./sarif.js";
import { formatStylish } from "./stylish.js";

export type FormatName = "stylish" | "json" | "sarif";
export const formatNames: readonly FormatName[] = ["stylish", "json", "sarif"];

export function format(result: CheckResult, name: FormatName, options: { color?: boolean } = {}): string {
  switch (name) {
    case "json":
      return formatJson(result);
    case "sarif":
      return formatSarif(result);
    case "stylish":
      return formatStylish(result, options);
  }
}

export { formatJson, formatSarif, formatStylish };

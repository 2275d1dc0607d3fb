import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./io.js";

/**
 * `node:util` `parseArgs` over a command's argv, with its errors (unknown flag, missing value,
 * unexpected positional) turned into a `UsageError` carrying the same message (exit code 2).
 */
export function parseCommandArgs<T extends Omit<ParseArgsConfig, "args">>(
  argv: readonly string[],
  config: T,
): ReturnType<typeof parseArgs<T & { args: string[] }>> {
  try {
    return parseArgs({ ...config, args: [...argv] });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

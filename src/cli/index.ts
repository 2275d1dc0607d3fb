/**
 * `concordat/cli`: the `concordat` command, programmatically — `run(argv, io) → exit code`
 * (0 ok, 1 findings, 2 usage or internal error), with in-memory or process I/O.
 * @module
 */
export { run } from "./run.js";
export { memoryIo, processIo, UsageError, type CliIo, type CliCommand } from "./io.js";

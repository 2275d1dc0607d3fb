import { ConcordatError } from "../errors/concordat-error.js";
/** Where a command reads and writes; tests pass in-memory buffers instead of the process's streams. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** The whole of standard input, read on demand. */
  readonly readStdin: () => Promise<string>;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** A command module in `src/cli/commands/<name>.ts`. Exit codes: 0 ok, 1 findings, 2 usage or internal error. */
export interface CliCommand {
  readonly summary: string;
  readonly usage: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** An error in how a command was called (code `usage`): exit code 2, message and usage on stderr. */
export class UsageError extends ConcordatError<"usage"> {
  constructor(message: string) {
    super("usage", message);
    this.name = "UsageError";
  }
}

export function processIo(): CliIo {
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    cwd: process.cwd(),
    env: process.env,
  };
}

/** An in-memory io for tests: returns the io and what was written. */
export function memoryIo(options: { stdin?: string; cwd?: string; env?: Record<string, string | undefined> } = {}): {
  io: CliIo;
  out: () => string;
  err: () => string;
} {
  let out = "";
  let err = "";
  return {
    io: {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      readStdin: async () => options.stdin ?? "",
      cwd: options.cwd ?? process.cwd(),
      env: options.env ?? process.env,
    },
    out: () => out,
    err: () => err,
  };
}

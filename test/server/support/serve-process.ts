import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Secrets every instance of a test shares (as a deployment's configuration would). */
export const SERVE_ENV = {
  CONCORDAT_STORE_SECRET: "store-secret-0123456789abcdef",
  CONCORDAT_TOKEN_SECRET: "token-secret-0123456789abcdef",
  CONCORDAT_GRANT_KEY: "grant-key-0123456789abcdef-shared",
  CONCORDAT_OPERATOR_TOKEN: "operator-token-0123456789",
};

/** A running `concordat serve` process. */
export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it printed on stdout so far. */
  stdout(): string;
  /** Resolves when it prints a line matching `re`. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** Starts `concordat serve <args>` (the real CLI, from source through tsx) in its own process and waits for its URL. */
export function startServe(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/bin.ts", "serve", ...args, "--port", "0"], {
    cwd: ROOT,
    env: { ...process.env, ...SERVE_ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString("utf8");
    for (const w of [...waiters]) {
      const m = w.re.exec(out);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m[0]);
      }
    }
  });
  child.stderr!.on("data", (d: Buffer) => {
    err = (err + d.toString("utf8")).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const waitFor = (re: RegExp, timeoutMs = 90_000) =>
    new Promise<string>((resolve, reject) => {
      const m = re.exec(out);
      if (m) return resolve(m[0]);
      const timer = setTimeout(() => reject(new Error(`serve did not print ${re} within ${timeoutMs} ms. stdout: ${out} stderr: ${err}`)), timeoutMs);
      waiters.push({ re, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`serve exited before printing ${re}. stdout: ${out} stderr: ${err}`));
      });
    });
  return waitFor(/on (http:\/\/\S+) /).then((line) => ({
    url: /on (http:\/\/\S+) /.exec(line)![1]!,
    child,
    stdout: () => out,
    waitFor,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  }));
}

/** A JSON request; returns status, body and the replay header. */
export async function call(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; replayed: boolean }> {
  const r = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, body: (await r.json()) as any, replayed: r.headers.get("idempotent-replayed") === "true" };
}

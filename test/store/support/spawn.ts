import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Starts a TypeScript worker in its own Node process (tsx loader), with a JSON config in the environment. */
export function spawnWorker(file: string, envName: string, config: unknown): ChildProcess {
  const path = fileURLToPath(new URL(file, import.meta.url));
  return fork(path, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, [envName]: JSON.stringify(config) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/** Resolves with the first message of this type (rejects when the process exits first). */
export function nextMessage<T extends { type: string }>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (typeof m === "object" && m !== null && (m as { type?: string }).type === type) {
        cleanup();
        resolve(m as T);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`worker exited (code ${code}, signal ${signal}) before sending "${type}"`));
    };
    const cleanup = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.on("exit", onExit);
  });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

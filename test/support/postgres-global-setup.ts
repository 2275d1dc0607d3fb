/**
 * Vitest global setup: the PostgreSQL suites need a server. When `CONCORDAT_PG_URL` is not set
 * (a developer machine) and PostgreSQL's binaries are installed (`apt-get install postgresql`),
 * start a throwaway cluster on 127.0.0.1 for this test run and stop it afterwards, so
 * `npm test` runs the PostgreSQL suite everywhere it can. `.ci/run` starts its own and sets the URL.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

function pgBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, "bin", "initdb"))) return join(root, v, "bin");
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env["CONCORDAT_PG_URL"]) return undefined;
  const bin = pgBin();
  if (!bin) return undefined; // pg-env.ts then says the suite needs PostgreSQL (and fails under CI)
  const dir = mkdtempSync(join(tmpdir(), "concordat-test-pg-"));
  const data = join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  let uid: number | undefined;
  let gid: number | undefined;
  if (asRoot) {
    // PostgreSQL refuses to run as root: run it as the postgres user the package created
    const line = execFileSync("id", ["postgres"], { encoding: "utf8" });
    uid = Number(/uid=(\d+)/.exec(line)?.[1]);
    gid = Number(/gid=(\d+)/.exec(line)?.[1]);
    chmodSync(dir, 0o755);
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) =>
    execFileSync(join(bin, cmd), args, { stdio: "pipe", ...(uid !== undefined ? { uid, gid } : {}), env: { ...process.env, LC_ALL: "C.UTF-8" } });
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
    "start",
  ]);
  process.env["CONCORDAT_PG_URL"] = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/**
 * One racing process: its own connections, `calls` concurrent attempts to run the write `pay`
 * on one shared session, each with its own call id. Reports what happened to its parent.
 */
import { GuardedExecutor } from "../../../src/store/guarded-executor.js";
import { ProtocolViolation } from "../../../src/violation/protocol-violation.js";
import { openBackend, type BackendConfig } from "./backend.js";
import { confirmationOptions, confirmedPayProtocol } from "./fixtures.js";

const cfg = JSON.parse(process.env["RACE_CONFIG"] ?? "{}") as { backend: BackendConfig; sessionId: string; calls: number; worker: string; args: unknown };
const backend = await openBackend(cfg.backend, { maxConnections: 2 });
const ex = new GuardedExecutor({ protocol: confirmedPayProtocol, store: backend.store, sessionOptions: confirmationOptions, serializeLocally: false });
await ex.load(cfg.sessionId);

process.on("message", async (m) => {
  if (m !== "go") return;
  let executed = 0;
  const codes: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: cfg.calls }, async (_, i) => {
      try {
        await ex.execute(cfg.sessionId, { id: `${cfg.worker}-${i}`, name: "pay", arguments: cfg.args }, async (_args, ctx) => {
          executed++;
          await backend.pay(ctx.idempotencyKey, cfg.worker);
          return { ok: true };
        });
        codes["ok"] = (codes["ok"] ?? 0) + 1;
      } catch (e) {
        const code = e instanceof ProtocolViolation ? e.code : `error:${(e as Error).message}`;
        codes[code] = (codes[code] ?? 0) + 1;
      }
    }),
  );
  await backend.close();
  process.send!({ type: "done", executed, codes }, () => process.exit(0));
});
process.send!({ type: "ready" });

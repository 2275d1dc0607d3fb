/**
 * A fresh guard process (it has never seen the session): runs the write `pay` once with the given
 * call id and reports what happened (ok, or the refusal code) and whether the body ran.
 */
import { GuardedExecutor } from "../../../src/store/guarded-executor.js";
import { ProtocolViolation } from "../../../src/violation/protocol-violation.js";
import { openBackend, type BackendConfig } from "./backend.js";
import { confirmationOptions, confirmedPayProtocol } from "./fixtures.js";

const cfg = JSON.parse(process.env["ROLLBACK_CONFIG"] ?? "{}") as { backend: BackendConfig; sessionId: string; callId: string; args: unknown; worker: string };
const backend = await openBackend(cfg.backend, { maxConnections: 1 });
const ex = new GuardedExecutor({ protocol: confirmedPayProtocol, store: backend.store, sessionOptions: confirmationOptions });
let ran = false;
let code = "ok";
let message = "";
try {
  await ex.execute(cfg.sessionId, { id: cfg.callId, name: "pay", arguments: cfg.args }, async (_a, ctx) => {
    ran = true;
    await backend.pay(ctx.idempotencyKey, cfg.worker);
    return { receipt: ctx.idempotencyKey };
  });
} catch (e) {
  code = e instanceof ProtocolViolation ? e.code : `error:${(e as Error).message}`;
  message = (e as Error).message;
}
await backend.close();
process.send!({ type: "done", code, ran, message }, () => process.exit(0));

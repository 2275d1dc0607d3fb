/**
 * Claims the write `pay` and then stops dead inside the tool (the parent SIGKILLs it there):
 * `phase` "before-effect" dies before touching the target system, "after-effect" after.
 */
import { GuardedExecutor } from "../../../src/store/guarded-executor.js";
import { openBackend, type BackendConfig } from "./backend.js";
import { confirmationOptions, confirmedStrictPayProtocol } from "./fixtures.js";

const cfg = JSON.parse(process.env["CRASH_CONFIG"] ?? "{}") as {
  backend: BackendConfig;
  sessionId: string;
  callId: string;
  args: unknown;
  phase: "before-effect" | "after-effect";
};
const backend = await openBackend(cfg.backend, { maxConnections: 1 });
const ex = new GuardedExecutor({ protocol: confirmedStrictPayProtocol, store: backend.store, sessionOptions: confirmationOptions });

await ex.execute(cfg.sessionId, { id: cfg.callId, name: "pay", arguments: cfg.args }, async (_args, ctx) => {
  if (cfg.phase === "after-effect") await backend.pay(ctx.idempotencyKey, "crash-worker");
  process.send!({ type: "in-flight", idempotencyKey: ctx.idempotencyKey });
  await new Promise(() => undefined); // killed here
});
process.send!({ type: "finished-unexpectedly" });

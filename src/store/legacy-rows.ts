import { createHash, createHmac } from "node:crypto";
import { chainSeed, ChainedRowSigner, type HmacPads } from "./hmac-chain.js";

/**
 * Verification of rows written by earlier releases, so a store upgraded in place keeps loading
 * them (the next save rewrites them in the current format, `row-encoding.ts`). Nothing here
 * writes rows.
 *
 * - v1 (0.1): HMAC(key, "concordat.store.v1" \0 id \0 version \0 SHA-256(text)).
 * - v2: the state's JSON with the session's trace first (`{"session":{"trace":[E0,…],…`), MAC
 *   chained over the trace entries like v3 but under the v2 domain and seed.
 * @internal
 */

const V1_DOMAIN = "concordat.store.v1";
const V2_DOMAIN = "concordat.store.v2";
const V2_SEED = "concordat.trace.v2";
/** @internal */
export const V2_TRACE_HEAD = '{"session":{"trace":[';
const V2_D0 = chainSeed(V2_SEED, V2_TRACE_HEAD);
const V2_FLAT = createHash("sha256").update(`${V2_SEED}\u0000flat`, "utf8").digest("hex");

/** The v1 MAC of a row. @internal */
export function v1Mac(key: Buffer, id: string, version: number, text: string): string {
  const digest = createHash("sha256").update(text, "utf8").digest();
  return createHmac("sha256", key).update(`${V1_DOMAIN}\u0000${id}\u0000${version}\u0000`).update(digest).digest("hex");
}

/**
 * The v2 MAC of a row's text, re-deriving the chain from the parsed state; undefined when the
 * text is not laid out as a v2 writer wrote it. @internal
 */
export function v2Mac(pads: HmacPads, id: string, version: number, text: string, parsed: unknown): string | undefined {
  const trace = (parsed as { session?: { trace?: unknown } } | undefined)?.session?.trace;
  if (!Array.isArray(trace)) return new ChainedRowSigner(pads, id, V2_FLAT, V2_DOMAIN).sign(text, version);
  if (!text.startsWith(V2_TRACE_HEAD)) return undefined;
  const signer = new ChainedRowSigner(pads, id, V2_D0, V2_DOMAIN);
  let p = V2_TRACE_HEAD.length;
  for (let i = 0; i < trace.length; i++) {
    const e = (i === 0 ? "" : ",") + JSON.stringify(trace[i]);
    if (!text.startsWith(e, p)) return undefined;
    signer.append(e);
    p += e.length;
  }
  return signer.sign(text.slice(p), version);
}

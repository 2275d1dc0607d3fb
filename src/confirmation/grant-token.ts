import { createHmac, timingSafeEqual } from "node:crypto";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { canonicalJson } from "./canonical-json.js";
import { grantSchema, type Grant } from "./grant.js";

/** Prefix of a signed grant token; the version of the token format. */
export const GRANT_TOKEN_PREFIX = "cgrant1";
const MIN_KEY_BYTES = 16;

/** A signing key as bytes; refuses keys too short to be secret. */
export function grantKeyBytes(key: string | Uint8Array): Uint8Array {
  const bytes = typeof key === "string" ? Buffer.from(key, "utf8") : Buffer.from(key);
  if (bytes.length < MIN_KEY_BYTES) {
    throw new TypeError(
      `The confirmation signing key is ${bytes.length} bytes long; it must be at least ${MIN_KEY_BYTES} (32 random bytes recommended). Fix: pass confirmation: { key } with e.g. crypto.randomBytes(32), or set it from your secret store.`,
    );
  }
  return bytes;
}

function mac(key: Uint8Array, signed: string): Buffer {
  return createHmac("sha256", key).update(signed, "utf8").digest();
}

/**
 * `cgrant1.<base64url(canonical JSON of the grant)>.<base64url(HMAC-SHA256)>`. The MAC covers
 * the prefix and the payload, so no field (session, tool, argument hash, expiry, nonce) can be
 * changed without the key.
 */
export function signGrant(grant: Grant, key: string | Uint8Array): string {
  const payload = Buffer.from(canonicalJson(grant), "utf8").toString("base64url");
  const signed = `${GRANT_TOKEN_PREFIX}.${payload}`;
  return `${signed}.${mac(grantKeyBytes(key), signed).toString("base64url")}`;
}

function forged(reason: string, token: unknown): ProtocolViolation {
  return new ProtocolViolation({
    code: "confirmation_forged",
    message: `The confirmation grant token is not valid: ${reason}.`,
    data: { token: typeof token === "string" ? (token.length > 80 ? `${token.slice(0, 80)}…` : token) : typeof token },
    hint: "Only grants signed with this deployment's confirmation key are accepted. Ask the user to confirm again.",
  });
}

/**
 * Checks a token's signature (constant-time) and shape and returns the grant. Throws
 * `ProtocolViolation` with code `confirmation_forged` for a malformed token, a bad signature
 * or a payload that is not a grant. Expiry, session and single use are checked by the policy.
 */
export function verifyGrant(token: string, key: string | Uint8Array): Grant {
  const k = grantKeyBytes(key);
  if (typeof token !== "string") throw forged("it is not a string", token);
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== GRANT_TOKEN_PREFIX) throw forged(`expected "${GRANT_TOKEN_PREFIX}.<payload>.<signature>"`, token);
  const [, payload, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(sig)) throw forged("it is not base64url", token);
  const expected = mac(k, `${GRANT_TOKEN_PREFIX}.${payload}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forged("the signature does not match (tampered, or signed with another key)", token);
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw forged("the payload is not JSON", token);
  }
  const parsed = grantSchema.safeParse(data);
  if (!parsed.success)
    throw forged(`the payload is not a grant (${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")})`, token);
  return parsed.data as Grant;
}

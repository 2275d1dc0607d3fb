import { createHmac, timingSafeEqual } from "node:crypto";
import { storeKey } from "../store/session-store.js";
import { ConcordatError } from "../errors/concordat-error.js";

/**
 * Who holds a token: the agent side (list tools, make calls, ask for confirmation) or the user
 * side (confirm or deny). Only a `user` token can confirm, so the agent cannot approve its own
 * writes even though both talk to the same service.
 */
export type TokenScope = "agent" | "user";

export interface SessionTokenClaims {
  readonly sessionId: string;
  readonly scope: TokenScope;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

/** Why a token was refused (the HTTP error code). */
export type TokenProblem = "token_missing" | "token_malformed" | "token_invalid" | "token_expired" | "token_other_session" | "token_wrong_scope";

/** A bearer token that is refused; `code` says why. */
export class SessionTokenError extends ConcordatError<TokenProblem> {
  constructor(code: TokenProblem, message: string) {
    super(code, message);
    this.name = "SessionTokenError";
  }
}

const PREFIX = "cst1";

/** Signs and checks per-session bearer tokens: `cst1.<scope>.<base64url id>.<expiry ms>.<hmac>`. */
export class SessionTokens {
  private readonly key: Buffer;
  constructor(secret: string | Uint8Array) {
    this.key = storeKey(secret, "SessionTokens");
  }

  sign(claims: SessionTokenClaims): string {
    const body = `${PREFIX}.${claims.scope}.${Buffer.from(claims.sessionId, "utf8").toString("base64url")}.${Math.floor(claims.expiresAt)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a valid token for this session and scope; throws `SessionTokenError` otherwise. */
  verify(token: string | undefined, sessionId: string, scopes: readonly TokenScope[], now: number = Date.now()): SessionTokenClaims {
    if (!token)
      throw new SessionTokenError(
        "token_missing",
        `This endpoint needs "Authorization: Bearer <token>" with a ${scopes.join(" or ")} token of session "${sessionId}" (from POST /sessions).`,
      );
    const parts = token.split(".");
    if (parts.length !== 5 || parts[0] !== PREFIX)
      throw new SessionTokenError("token_malformed", "The bearer token is not a concordat session token (cst1.<scope>.<id>.<expiry>.<mac>).");
    const [, scope, id64, exp, mac] = parts as [string, string, string, string, string];
    // compare the text, not decoded bytes: base64 has several spellings of the same bytes
    const expected = Buffer.from(this.mac(`${PREFIX}.${scope}.${id64}.${exp}`), "utf8");
    const given = Buffer.from(mac, "utf8");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new SessionTokenError("token_invalid", "The bearer token's signature does not verify (forged, altered, or signed with another secret).");
    const claims: SessionTokenClaims = { sessionId: Buffer.from(id64, "base64url").toString("utf8"), scope: scope as TokenScope, expiresAt: Number(exp) };
    if (!Number.isFinite(claims.expiresAt) || claims.expiresAt <= now)
      throw new SessionTokenError(
        "token_expired",
        `The token expired at ${new Date(claims.expiresAt).toISOString()}. Create a new session or ask the service for a new token.`,
      );
    if (claims.sessionId !== sessionId) throw new SessionTokenError("token_other_session", `The token belongs to another session, not "${sessionId}".`);
    if (!scopes.includes(claims.scope))
      throw new SessionTokenError("token_wrong_scope", `This endpoint needs a ${scopes.join(" or ")} token; this one is a ${claims.scope} token.`);
    return claims;
  }

  /**
   * A keyed hash of `text` for `purpose` (hex), e.g. of an idempotency key: stored instead of the
   * key, it proves a later request carries the same key without keeping the key itself.
   */
  tag(purpose: string, text: string): string {
    return createHmac("sha256", this.key).update(`concordat.${purpose}\u0000${text}`).digest("hex");
  }

  private mac(body: string): string {
    return createHmac("sha256", this.key).update(`concordat.session-token\u0000${body}`).digest("base64url");
  }
}

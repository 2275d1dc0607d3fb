import { describe, it, expect } from "vitest";
import { SessionTokenError, SessionTokens } from "../../src/server/session-token.js";

const tokens = new SessionTokens("token-secret-0123456789abcdef");
const problem = (f: () => unknown) => {
  try {
    f();
    return "accepted";
  } catch (e) {
    return e instanceof SessionTokenError ? e.code : String(e);
  }
};

describe("SessionTokens", () => {
  const now = 1_800_000_000_000;
  const t = tokens.sign({ sessionId: "s/1 ü", scope: "user", expiresAt: now + 1000 });

  it("accepts its own token for that session and scope until it expires", () => {
    expect(tokens.verify(t, "s/1 ü", ["user"], now)).toEqual({ sessionId: "s/1 ü", scope: "user", expiresAt: now + 1000 });
    expect(problem(() => tokens.verify(t, "s/1 ü", ["user"], now + 1000))).toBe("token_expired");
  });

  it("refuses another scope, another session, another secret, and any altered character", () => {
    expect(problem(() => tokens.verify(t, "s/1 ü", ["agent"], now))).toBe("token_wrong_scope");
    expect(problem(() => tokens.verify(t, "s/2", ["user"], now))).toBe("token_other_session");
    expect(problem(() => new SessionTokens("another-secret-0123456789abcdef").verify(t, "s/1 ü", ["user"], now))).toBe("token_invalid");
    // promote the scope, extend the expiry, or respell the MAC: all refused
    expect(problem(() => tokens.verify(t.replace(".user.", ".agent."), "s/1 ü", ["agent"], now))).toBe("token_invalid");
    expect(problem(() => tokens.verify(t.replace(`.${now + 1000}.`, `.${now + 9_000_000}.`), "s/1 ü", ["user"], now))).toBe("token_invalid");
    for (let i = 0; i < t.length; i++) {
      if (t[i] === ".") continue;
      const altered = t.slice(0, i) + (t[i] === "A" ? "B" : "A") + t.slice(i + 1);
      expect(problem(() => tokens.verify(altered, "s/1 ü", ["user"], now))).not.toBe("accepted");
    }
    expect(problem(() => tokens.verify(undefined, "x", ["user"], now))).toBe("token_missing");
    expect(problem(() => tokens.verify("a.b.c", "x", ["user"], now))).toBe("token_malformed");
  });
});

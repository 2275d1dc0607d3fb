/**
 * `concordat/server`: the HTTP guard in front of your tools (`concordat serve` runs it) and its
 * session tokens. Node.js only (`node:http`; needs `@types/node` for its types). The MCP guard is
 * `concordat/mcp`.
 * @module
 */
export {
  createHttpGuard,
  HttpError,
  statusForViolation,
  DEFAULT_HTTP_LIMITS,
  type HttpGuard,
  type HttpGuardOptions,
  type HttpGuardLimits,
  type GuardLogRecord,
} from "./http-guard.js";
export { SessionTokens, SessionTokenError, type TokenScope, type SessionTokenClaims } from "./session-token.js";

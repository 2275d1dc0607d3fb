import { ConcordatError } from "../errors/concordat-error.js";

/** Why a model request failed. */
export type ModelClientErrorKind =
  /** The provider answered with a non-2xx status. */
  | "http"
  /** The request never got an answer (connection refused, reset, DNS, timeout). */
  | "network"
  /** A 2xx answer whose body is not a chat completion. */
  | "invalid_response"
  /** The client is missing something it needs (API key, model). */
  | "configuration";

export interface ModelClientErrorDetails {
  readonly kind: ModelClientErrorKind;
  readonly message: string;
  /** HTTP status, for `http` errors. */
  readonly status?: number;
  /** The response body (truncated to 2,000 characters), when there was one. */
  readonly body?: string;
  /** How many requests were made, retries included. */
  readonly attempts?: number;
  readonly url?: string;
  readonly cause?: unknown;
}

const BRAND = Symbol.for("concordat.ModelClientError");

/**
 * A model request that failed: names the kind, the HTTP status and body (when there was
 * one), the URL and how many attempts were made. `retryable` says whether trying again
 * later may help (429, 5xx, network). `code` is the kind.
 */
export class ModelClientError extends ConcordatError<ModelClientErrorKind> {
  declare readonly [BRAND]: true;
  readonly kind: ModelClientErrorKind;
  readonly status: number | undefined;
  readonly body: string | undefined;
  readonly attempts: number;
  readonly url: string | undefined;

  constructor(details: ModelClientErrorDetails) {
    super(details.kind, details.message, details.cause !== undefined ? { cause: details.cause } : undefined);
    this.name = "ModelClientError";
    Object.defineProperty(this, BRAND, { value: true });
    this.kind = details.kind;
    this.status = details.status;
    this.body = details.body;
    this.attempts = details.attempts ?? 1;
    this.url = details.url;
  }

  get retryable(): boolean {
    return this.kind === "network" || (this.kind === "http" && this.status !== undefined && isRetryableStatus(this.status));
  }

  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** 408, 409, 429 and every 5xx are worth retrying; other statuses are the caller's mistake. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

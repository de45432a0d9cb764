/** One small hierarchy for everything that can go wrong between the dashboard and the service. */
import type { ValidationErrorItem } from "./contract.ts";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    /** The HTTP status, when the service answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** 422: the request was refused field by field. */
export class ValidationError extends ApiError {
  override name = "ValidationError";
  constructor(readonly detail: ValidationErrorItem[]) {
    super(detail.map((d) => `${d.loc.join(".")}: ${d.msg}`).join("; ") || "The request was invalid", 422);
  }
}

/** 401 or 403: the key is missing, unknown, revoked or of the wrong kind. */
export class AuthenticationError extends ApiError {
  override name = "AuthenticationError";
}

export class NotFoundError extends ApiError {
  override name = "NotFoundError";
}

/** How long, in words: "45 s", "10 min", "3 h". */
function duration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** How long the service asked to wait (`Retry-After`), in a sentence: a wait too long to wait out fails with it. */
export const askedToWait = (waitMs: number) => `The service asked to wait ${duration(waitMs)} before trying again`;

export class RateLimitedError extends ApiError {
  override name = "RateLimitedError";
  constructor(
    message: string,
    /** From `Retry-After`, when the service sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message, 429);
  }
}

export class ServerError extends ApiError {
  override name = "ServerError";
  constructor(
    message: string,
    status: number,
    /** From `Retry-After` (a 503 may send one). */
    readonly retryAfterMs?: number,
    /** The service's own sentence (`{"detail": "…"}`), when it sent one. */
    readonly detail?: string,
  ) {
    super(message, status);
  }
}

/** No answer: the network failed, the request timed out, or the server was unreachable. */
export class NetworkError extends ApiError {
  override name = "NetworkError";
  /** The service was silent too long (see `TransportOptions.timeoutMs`). */
  readonly timedOut: boolean;
  /** The answer had started: it broke, or stopped coming, partway. */
  readonly partway: boolean;
  constructor(message: string, { timedOut = false, partway = false } = {}) {
    super(message);
    this.timedOut = timedOut;
    this.partway = partway;
  }
}

/**
 * The dashboard's own server answered in the service's place (`X-Dashboard-Refusal`): a service
 * its deployment does not declare, a path it does not forward, or a service's redirect. A 404 of
 * this kind says nothing of the team.
 */
export class DashboardRefusalError extends ApiError {
  override name = "DashboardRefusalError";
  constructor(
    message: string,
    status: number,
    /** `unknown-service`, `not-forwarded`, `upstream-redirect`, or one a later server adds. */
    readonly reason: string,
    /** The service it named, when it named one. */
    readonly service?: string,
  ) {
    super(message, status);
  }
}

/** An answer the dashboard cannot use: not JSON, or not the shape of the contract. */
export class ContractError extends ApiError {
  override name = "ContractError";
}

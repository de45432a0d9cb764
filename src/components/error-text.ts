/** Sentences a person can act on, for each kind of ApiError. Keys never appear in them. */
import {
  ApiError,
  AuthenticationError,
  ContractError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from "../api/errors.ts";

/** What went wrong when reading the team's users. */
export function listErrorText(error: unknown): string {
  if (error instanceof AuthenticationError) return `The team API key was rejected. ${error.message}`;
  if (error instanceof NotFoundError) return "The service has no user list at this address (404). Check the API base URL in settings.";
  return commonErrorText(error);
}

export function commonErrorText(error: unknown): string {
  if (error instanceof ValidationError) return `The service refused the request: ${error.detail.map((d) => d.msg).join("; ")}`;
  if (error instanceof NetworkError) {
    return error.timedOut
      ? "The service did not answer in time. Check your network, then try again."
      : "The service could not be reached. Check the URL in settings and your network, then try again. " +
          "(A service on another origin must allow this one through CORS; upstream mode avoids the need.)";
  }
  if (error instanceof RateLimitedError) return "The service is receiving too many requests. Wait a moment, then try again.";
  if (error instanceof ServerError) return `The service failed (${error.status}). Try again in a moment.`;
  if (error instanceof ContractError) return `The service's answer could not be read. ${error.message}`;
  if (error instanceof ApiError) return error.message;
  return "Something unexpected went wrong. Try again.";
}

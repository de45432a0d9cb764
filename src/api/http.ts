/** The transport under the typed clients: timeouts, error mapping, and retries with backoff. */
import { readErrorBody } from "./contract-reader.ts";
import {
  ApiError,
  askedToWait,
  AuthenticationError,
  ContractError,
  DashboardRefusalError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from "./errors.ts";
import { readText } from "./read-text.ts";
import { noticeSessionEnded } from "./session.ts";

export interface TransportOptions {
  /**
   * The longest the service may stay silent in an attempt: before its answer starts, and then
   * between two reads of it. A large answer on a slow link takes as long as it keeps coming. (A
   * body that is not a byte stream, which no browser gives, is read within one such wait.)
   */
  timeoutMs?: number;
  /** Retries after the first attempt; only requests marked retryable use them. */
  retries?: number;
  baseDelayMs?: number;
  /** The longest wait of our own backoff (when the service asks for none). */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` waited out. A longer one is not retried early: the request fails at
   * once, saying how long the service asked to wait.
   */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  /** Injected in tests, to observe the waits instead of sleeping. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const transportDefaults = {
  timeoutMs: 15_000,
  retries: 3,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  // A person waits at the page: longer than this, the error says how long instead.
  maxRetryAfterMs: 10_000,
} satisfies TransportOptions;

export interface CallOptions {
  signal?: AbortSignal;
  /** Told, in milliseconds, of each wait the service asks for before a retry; `signal` ends the wait. */
  onWait?: (waitMs: number) => void;
  /**
   * Told of each 429 or 503 that is retried, with the wait the service asked for (if it did): the
   * whole team's pacer asks fewer pages at once.
   */
  onPushback?: (why: "rate-limited" | "unavailable", retryAfterMs: number | undefined) => void;
}

/** `base` with no trailing slash, followed by `path`. An empty base means this origin. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

export interface RequestSpec {
  url: string;
  method: "GET" | "DELETE";
  headers: Record<string, string>;
  signal?: AbortSignal;
  onWait?: CallOptions["onWait"];
  onPushback?: CallOptions["onPushback"];
  /** Network errors, 429 and 503 are retried; never for an operation that changes data. */
  retryable: boolean;
  /** Reads a successful answer straight from its bytes, or says null to have it parsed as JSON. */
  readOk?: (bytes: Uint8Array) => object | null;
}

interface RawResponse {
  status: number;
  /** Parsed JSON, or undefined for an empty body; or what `readOk` made of it. */
  body: unknown;
  /** Whether `readOk` made the body of its bytes. */
  fromBytes: boolean;
  /** The body's text, when it was read as text. */
  text?: string;
}

/** `Retry-After` as milliseconds: either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });
}

async function readBody(
  response: Response,
  readOk: RequestSpec["readOk"],
  onRead: () => void,
  signal: AbortSignal,
): Promise<Omit<RawResponse, "status">> {
  const text = await readText(response, response.ok ? readOk : undefined, onRead, signal);
  if (typeof text !== "string") return { body: text, fromBytes: true };
  return { body: parseBody(text, response), fromBytes: false, text };
}

function parseBody(text: string, response: Response): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (response.ok) throw new ContractError(`The service answered ${response.status} with a body that is not JSON`, response.status);
    return text; // an error page: the status says enough
  }
}

/** The service's own sentence, when it sent `{"detail": "…"}`. */
function detailText(body: unknown): string | undefined {
  const detail = readErrorBody(body)?.detail;
  return typeof detail === "string" ? detail : undefined;
}

function errorFor(status: number, body: unknown, headers: Headers): ApiError {
  const detail = detailText(body);
  // The dashboard's server answered, not the service: its 404 says nothing of the team.
  const refusal = headers.get("x-dashboard-refusal");
  // The dashboard's server wants a session: the sign-in screen shows over the page.
  if (refusal && status === 401) noticeSessionEnded();
  if (refusal) {
    const service = (body as { service?: unknown } | undefined)?.service;
    return new DashboardRefusalError(
      detail ?? `This dashboard's server refused the request (${status})`,
      status,
      refusal,
      typeof service === "string" ? service : undefined,
    );
  }
  const retryAfter = headers.get("retry-after");
  if (status === 422) {
    const items = readErrorBody(body)?.detail;
    if (Array.isArray(items)) return new ValidationError(items);
    return new ApiError(detail ?? "The service refused the request as invalid (422)", 422);
  }
  if (status === 401 || status === 403) return new AuthenticationError(detail ?? `The key was rejected (${status})`, status);
  if (status === 404) return new NotFoundError(detail ?? "Not found (404)", 404);
  if (status === 429) return new RateLimitedError(detail ?? "Too many requests (429)", parseRetryAfter(retryAfter));
  if (status >= 500) return new ServerError(detail ?? `The service failed (${status})`, status, parseRetryAfter(retryAfter), detail);
  return new ApiError(detail ?? `Unexpected answer ${status}`, status);
}

function isRetryable(error: unknown): error is NetworkError | RateLimitedError | ServerError {
  return (
    (error instanceof NetworkError && !error.timedOut) ||
    error instanceof RateLimitedError ||
    (error instanceof ServerError && error.status === 503)
  );
}

/** A signal that aborts once `ms` pass with no `heard()`; `stop()` ends the watch. */
function silenceWatch(ms: number) {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    heard() {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), ms);
    },
    stop: () => clearTimeout(timer),
  };
}

async function attempt(
  spec: RequestSpec,
  options: Required<Pick<TransportOptions, "timeoutMs">> & { fetch: typeof fetch },
): Promise<RawResponse> {
  const silence = silenceWatch(options.timeoutMs);
  const signal = spec.signal ? AbortSignal.any([spec.signal, silence.signal]) : silence.signal;
  const seconds = Number((options.timeoutMs / 1000).toFixed(1));
  try {
    let response: Response;
    try {
      response = await options.fetch(spec.url, {
        method: spec.method,
        headers: spec.headers,
        signal,
        // The session cookie, when the deployment signs people in; never sent to another origin.
        credentials: "same-origin",
        referrerPolicy: "no-referrer",
      });
    } catch (error) {
      if (spec.signal?.aborted) throw spec.signal.reason as Error; // the caller gave up: not an API error
      if (silence.signal.aborted) throw new NetworkError(`The service did not answer within ${seconds} s`, { timedOut: true });
      throw new NetworkError(`The service could not be reached (${(error as Error).message})`);
    }
    silence.heard();
    let read: Awaited<ReturnType<typeof readBody>>;
    try {
      read = await readBody(response, spec.readOk, silence.heard, signal);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (spec.signal?.aborted) throw spec.signal.reason as Error;
      if (silence.signal.aborted)
        throw new NetworkError(`The service stopped sending its answer for ${seconds} s`, { timedOut: true, partway: true });
      throw new NetworkError("The connection broke while the answer was read", { partway: true });
    }
    if (!response.ok) throw errorFor(response.status, read.body, response.headers);
    return { status: response.status, ...read };
  } finally {
    silence.stop();
  }
}

/** The failures of a wait too long to wait out (see `waitTooLong`). */
const tooLongWaits = new WeakSet<object>();

/** Whether `error` is a 429 or 503 whose `Retry-After` was too long to wait out: asking again soon is no use. */
export const askedTooLongAWait = (error: unknown): boolean => typeof error === "object" && error !== null && tooLongWaits.has(error);

/** The same failure, saying how long the service asked to wait: it is not retried earlier. */
function waitTooLong(error: RateLimitedError | ServerError, waitMs: number): ApiError {
  const failure =
    error instanceof RateLimitedError
      ? new RateLimitedError(askedToWait(waitMs), waitMs)
      : new ServerError(askedToWait(waitMs), error.status ?? 503, waitMs);
  tooLongWaits.add(failure);
  return failure;
}

/**
 * Sends the request; retries retryable failures after the wait the service asks for
 * (`Retry-After`), never earlier, or else with exponential backoff and full jitter.
 */
export async function send(spec: RequestSpec, transport: TransportOptions = {}): Promise<RawResponse> {
  const options = { ...transportDefaults, fetch: globalThis.fetch.bind(globalThis), random: Math.random, sleep, ...transport };
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(spec, options);
    } catch (error) {
      if (!spec.retryable || retry >= options.retries || !isRetryable(error)) throw error;
      if (!(error instanceof NetworkError) && !(error.retryAfterMs !== undefined && error.retryAfterMs > options.maxRetryAfterMs))
        spec.onPushback?.(error instanceof RateLimitedError ? "rate-limited" : "unavailable", error.retryAfterMs);
      if (error instanceof NetworkError || error.retryAfterMs === undefined) {
        await options.sleep(options.random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry), spec.signal);
        continue;
      }
      const asked = error.retryAfterMs;
      if (asked > options.maxRetryAfterMs) throw waitTooLong(error, asked);
      if (asked > 0) spec.onWait?.(asked);
      await options.sleep(asked, spec.signal);
    }
  }
}

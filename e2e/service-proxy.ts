/**
 * A proxy in front of a running dashboard server, through which a test's page loads the app and
 * the API. It sees every request the tab sends — the team worker's too, which `page.route` does
 * not reliably catch — so a test can hold them, answer them itself, or count them, for certain.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Holds the requests it matches once its allowance is spent, until the test releases them. */
export interface Gate {
  /** How many matching requests wait now (one the tab gave up on no longer counts). */
  readonly waiting: number;
  /**
   * Lets `count` more matching requests through, held ones first (the lowest `offset` first: a page
   * asked before the others, however they came); without a count, all, for good.
   */
  release(count?: number): void;
}

export interface ProxiedRequest {
  /** Path and query, as the tab asked: `/v2/user/?offset=0&limit=500`. */
  path: string;
  /** `Date.now()` when it came. */
  at: number;
}

export interface ServiceProxy {
  url: string;
  /** Every request that came, in order, held and answered ones included. */
  readonly requests: readonly ProxiedRequest[];
  /** The paths of the requests that came and match `pattern`. */
  paths(pattern: RegExp): string[];
  /**
   * Matching requests (a pattern of paths, or a test of one) pass while `after` have not yet passed;
   * the others wait for `release`. With `answers`, each goes to the server at once and its answer
   * waits instead: the server has had every request before the test's next step.
   */
  hold(match: RegExp | ((path: string) => boolean), options?: { after?: number; answers?: boolean }): Gate;
  /** Answers the next `times` matching requests itself (JSON), instead of the server. */
  answer(
    pattern: RegExp,
    response: { status: number; headers?: Record<string, string>; json?: unknown },
    options?: { times?: number },
  ): void;
  /** Releases whatever is held, then stops: nothing is left hanging. */
  close(): Promise<void>;
}

interface Waiter {
  pass: () => void;
  gone: () => boolean;
  /** The request's `offset` (none: last), the order held requests pass in. */
  offset: number;
}

/** A request's `offset` parameter (a page's place in the team); Infinity when it has none. */
export const offsetOf = (path: string) => Number(/[?&]offset=(\d+)/.exec(path)?.[1] ?? Infinity);

function createGate(after: number) {
  let allowance = after;
  const waiters: Waiter[] = [];
  const drain = () => {
    for (let waiter = waiters.shift(); waiter; waiter = waiters.shift()) {
      if (waiter.gone()) continue;
      if (allowance <= 0) return void waiters.unshift(waiter);
      allowance--;
      waiter.pass();
    }
  };
  return {
    /** Resolves when the request may go on. */
    enter(path: string, gone: () => boolean): Promise<void> {
      return new Promise((pass) => {
        const offset = offsetOf(path);
        // Before the first held one with a higher offset: those with the same keep the order they came in.
        const at = waiters.findIndex((waiter) => waiter.offset > offset);
        waiters.splice(at < 0 ? waiters.length : at, 0, { pass, gone, offset });
        drain();
      });
    },
    get waiting() {
      return waiters.filter((waiter) => !waiter.gone()).length;
    },
    release(count = Infinity) {
      allowance += count;
      drain();
    },
  };
}

/**
 * Passes the request on to `target` and its answer back, unchanged (the bench's baseline page uses
 * it too); the answer once `answerWhen` resolves.
 */
export function forward(req: IncomingMessage, res: ServerResponse, target: URL, answerWhen?: Promise<unknown>) {
  const upstream = request(
    new URL(req.url ?? "/", target),
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) =>
      void Promise.resolve(answerWhen).then(() => {
        if (res.destroyed) return void answer.destroy();
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      }),
  );
  upstream.on("error", (error) => {
    // Unreachable: a 502 that says why; cut off midway (the tab gave up, the test is over): closed.
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { "content-type": "text/plain" }).end(String(error));
  });
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
}

/** Starts a proxy to `target` (a server's origin) on a free port of 127.0.0.1. */
export async function startServiceProxy(target: string): Promise<ServiceProxy> {
  const targetUrl = new URL(target);
  const requests: ProxiedRequest[] = [];
  const gates: { matches: (path: string) => boolean; gate: ReturnType<typeof createGate>; answers: boolean }[] = [];
  const answers: { pattern: RegExp; times: number; status: number; headers: Record<string, string>; body: string }[] = [];

  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, at: Date.now() });
    const answer = answers.find((a) => a.times > 0 && a.pattern.test(path));
    if (answer) {
      answer.times--;
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers }).end(answer.body);
      return;
    }
    let closed = false;
    res.on("close", () => (closed = true));
    const gone = () => closed;
    const enter = (held: typeof gates) =>
      Promise.all(held.filter(({ matches }) => matches(path)).map(({ gate }) => gate.enter(path, gone)));
    const passing = enter(gates.filter(({ answers }) => !answers));
    const answering = enter(gates.filter(({ answers }) => answers));
    void passing.then(() => gone() || forward(req, res, targetUrl, answering));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    paths: (pattern) => requests.map((r) => r.path).filter((path) => pattern.test(path)),
    hold(match, { after = 0, answers = false } = {}) {
      const gate = createGate(after);
      gates.push({ matches: match instanceof RegExp ? (path) => match.test(path) : match, gate, answers });
      return gate;
    },
    answer(pattern, { status, headers = {}, json }, { times = 1 } = {}) {
      answers.push({ pattern, times, status, headers, body: json === undefined ? "" : JSON.stringify(json) });
    },
    close() {
      gates.forEach(({ gate }) => gate.release());
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * A `fetch` for the proxy that leaves the body as it came: Node's `fetch` decodes a compressed
 * answer and keeps its Content-Encoding header, so an answer passed on from it is neither what
 * the service sent nor what its headers say. Only what the proxy uses: a method, headers, a
 * signal; no request body, no redirect followed (one is answered as it came, like `redirect: "manual"`).
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";

/** Statuses whose answer has no body, whatever its headers say. */
const bodiless = new Set([101, 103, 204, 205, 304]);

export function rawFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  const method = init.method ?? "GET";
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) return reject(signal.reason);
    const req = send(url, { method, headers }, (res) => {
      res.on("close", () => signal?.removeEventListener("abort", abort));
      const out = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        try {
          out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        } catch {
          // a header the Fetch API cannot hold is not one the proxy passes on
        }
      }
      const status = res.statusCode ?? 502;
      const empty = method === "HEAD" || bodiless.has(status);
      if (empty) res.resume();
      const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      resolve(new Response(body, { status, statusText: res.statusMessage, headers: out }));
    });
    const abort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal?.addEventListener("abort", abort, { once: true });
    req.on("error", (error) => {
      signal?.removeEventListener("abort", abort);
      reject(error);
    });
    req.end();
  });
}

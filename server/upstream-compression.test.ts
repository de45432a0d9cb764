/** The proxy and compression: passed on as it came, decoded or encoded only when it must, streamed as it comes. */
import { randomBytes } from "node:crypto";
import { createServer, request, type IncomingHttpHeaders, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { listen } from "./service.ts";
import { keys, startTestService } from "./testing.ts";
import { createServicesApp } from "./upstream-proxy.ts";

const credentials = { "x-service-api-key": keys.teamA };

/** An upstream that answers each request as `answer` says, and remembers the Accept-Encoding it was asked with. */
async function upstreamOf(answer: (response: ServerResponse) => void) {
  const asked: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    asked.push(req.headers["accept-encoding"]);
    answer(res);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const proxy = await listen(
    createServicesApp(
      { services: [{ name: "far", label: "Far", environment: "sandbox", baseUrl: url, managementUrl: url }], default: null },
      { timeoutMs: 2_000 },
    ),
    "127.0.0.1",
    0,
  );
  return {
    asked,
    proxy,
    close: async () => {
      await proxy.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** How the answer ended: whole, or broken (the connection cut before its end). */
  ended: "whole" | "broken";
}

/** A browser's request through the proxy, its bytes as they came; `pauseMs` after the headers, reading nothing. */
function get(port: number, headers: OutgoingHttpHeaders, { pauseMs = 0, onPaused }: { pauseMs?: number; onPaused?: () => void } = {}) {
  return new Promise<Got>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/s/far/v2/user/?limit=500", headers: { ...credentials, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      const done = (ended: Got["ended"]) =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ended });
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done("whole"));
      res.on("error", () => done("broken"));
      res.on("aborted", () => done("broken"));
      if (pauseMs > 0) {
        res.pause();
        setTimeout(() => {
          onPaused?.();
          res.resume();
        }, pauseMs);
      }
    });
    req.on("error", reject);
    req.end();
  });
}

const page = JSON.stringify({ users: Array.from({ length: 300 }, (_, i) => ({ user_id: `user-${i}`, note: "x".repeat(40) })), total: 300 });

describe("the proxy passes on what the upstream compressed, as it came, to a browser that takes it", () => {
  it.each([
    ["gzip", gzipSync(page, { level: 9 }), "gzip, deflate, br"],
    ["br", brotliCompressSync(page), "gzip, deflate, br, zstd"],
    ["gzip", gzipSync(page), "gzip"],
  ] as const)("%s, byte for byte, with its Content-Length (browser: %s)", async (coding, bytes, acceptEncoding) => {
    const upstream = await upstreamOf((res) =>
      res.writeHead(200, { "content-type": "application/json", "content-encoding": coding, "content-length": bytes.length }).end(bytes),
    );
    const got = await get(upstream.proxy.port, { "accept-encoding": acceptEncoding }).finally(upstream.close);
    expect(upstream.asked).toEqual([acceptEncoding]);
    expect(got.ended).toBe("whole");
    expect(got.headers["content-encoding"]).toBe(coding);
    expect(got.headers.vary).toBe("Accept-Encoding");
    expect(got.headers["content-length"]).toBe(String(bytes.length));
    expect(got.body.equals(bytes)).toBe(true);
  });

  it("passes on the reference service's own compressed page as the service sent it", async () => {
    const service = await startTestService();
    const proxy = await listen(
      createServicesApp({
        services: [{ name: "far", label: "Far", environment: "sandbox", baseUrl: service.url, managementUrl: service.url }],
        default: null,
      }),
      "127.0.0.1",
      0,
    );
    try {
      // The page as the service sends it, asked at its own path.
      const own = await new Promise<Buffer>((resolve, reject) => {
        request(
          {
            host: "127.0.0.1",
            port: service.port,
            path: "/v2/user/?limit=500",
            headers: { ...credentials, "accept-encoding": "gzip, br" },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve(Buffer.concat(chunks)));
          },
        )
          .on("error", reject)
          .end();
      });
      const through = await get(proxy.port, { "accept-encoding": "gzip, br" });
      expect(through.headers["content-encoding"]).toBe("br");
      expect(through.body.equals(own)).toBe(true);
      expect(JSON.parse(brotliDecompressSync(through.body).toString("utf8"))).toMatchObject({ total: 250 });
    } finally {
      await proxy.close();
      await service.close();
    }
  });
});

describe("the proxy decodes or encodes only when the browser needs it", () => {
  it("compresses a page the upstream sent plain in the coding the browser prefers, without Content-Length", async () => {
    const upstream = await upstreamOf((res) =>
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(page) }).end(page),
    );
    try {
      const gzip = await get(upstream.proxy.port, { "accept-encoding": "gzip;q=1, br;q=0.5" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers["content-length"]).toBeUndefined();
      expect(gzip.headers.vary).toBe("Accept-Encoding");
      expect(gunzipSync(gzip.body).toString("utf8")).toBe(page);
      const br = await get(upstream.proxy.port, { "accept-encoding": "gzip, br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.body).toString("utf8")).toBe(page);
      const plain = await get(upstream.proxy.port, {});
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(page)));
      expect(plain.body.toString("utf8")).toBe(page);
      expect(upstream.asked).toEqual(["gzip;q=1, br;q=0.5", "gzip, br", "identity"]);
    } finally {
      await upstream.close();
    }
  });

  it("decodes a coding the browser refuses (an upstream that compresses unasked), and re-encodes it in one it takes", async () => {
    const bytes = brotliCompressSync(page);
    const upstream = await upstreamOf((res) =>
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "br", "content-length": bytes.length }).end(bytes),
    );
    try {
      const plain = await get(upstream.proxy.port, { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-length"]).toBeUndefined();
      expect(plain.body.toString("utf8")).toBe(page);
      const gzip = await get(upstream.proxy.port, { "accept-encoding": "gzip, br;q=0" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.body).toString("utf8")).toBe(page);
    } finally {
      await upstream.close();
    }
  });

  it("leaves an error as the upstream sent it when the browser takes it, and never compresses one", async () => {
    const detail = JSON.stringify({ detail: "Invalid API key." });
    const upstream = await upstreamOf((res) => res.writeHead(401, { "content-type": "application/json" }).end(detail));
    const got = await get(upstream.proxy.port, { "accept-encoding": "gzip, br" }).finally(upstream.close);
    expect(got.status).toBe(401);
    expect(got.headers["content-encoding"]).toBeUndefined();
    expect(got.body.toString("utf8")).toBe(detail);
  });
});

/** Far more than the sockets' buffers on the way hold, so that a whole answer kept anywhere would show. */
const largeBytes = 16 * 1024 * 1024;

describe("the proxy streams: a browser that reads slowly holds the upstream back", () => {
  it.each([
    ["passed on as it came", "gzip", "gzip"],
    ["compressed by the proxy", undefined, "gzip"],
    ["decoded by the proxy", "gzip", "identity"],
  ] as const)(
    "%s",
    async (_, upstreamCoding, acceptEncoding) => {
      // Text that compresses little (random base64), so that compressed it is still far more than the buffers.
      const text = Buffer.from(randomBytes((largeBytes * 3) / 4).toString("base64"));
      const bytes = upstreamCoding === "gzip" ? gzipSync(text, { level: 1 }) : text;
      let upstreamDone = false;
      const upstream = await upstreamOf((res) => {
        res.writeHead(200, { "content-type": "application/json", ...(upstreamCoding && { "content-encoding": upstreamCoding }) });
        res.end(bytes, () => (upstreamDone = true));
      });
      let doneWhilePaused: boolean | undefined;
      const got = await get(
        upstream.proxy.port,
        { "accept-encoding": acceptEncoding },
        { pauseMs: 1_000, onPaused: () => (doneWhilePaused = upstreamDone) },
      ).finally(upstream.close);
      // While the browser read nothing, the upstream could not send it all: nothing on the way took it whole.
      expect(doneWhilePaused).toBe(false);
      expect(got.ended).toBe("whole");
      const decoded = got.headers["content-encoding"] === "gzip" ? gunzipSync(got.body) : got.body;
      expect(decoded.equals(text)).toBe(true);
    },
    30_000,
  );
});

describe("an upstream that stops midway: the browser's answer ends broken, never cut into something whole", () => {
  it.each([
    ["passed on as it came", "gzip", "gzip, br"],
    ["compressed by the proxy", undefined, "gzip, br"],
    ["decoded by the proxy", "gzip", "identity"],
    ["plain both ways", undefined, "identity"],
  ] as const)("%s", async (_, upstreamCoding, acceptEncoding) => {
    const whole = upstreamCoding === "gzip" ? gzipSync(page) : Buffer.from(page);
    const upstream = await upstreamOf((res) => {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": whole.length,
        ...(upstreamCoding && { "content-encoding": upstreamCoding }),
      });
      res.write(whole.subarray(0, whole.length >> 1), () => setTimeout(() => res.destroy(), 50));
    });
    const got = await get(upstream.proxy.port, { "accept-encoding": acceptEncoding }).finally(upstream.close);
    expect(got.status).toBe(200);
    expect(got.ended).toBe("broken");
  });
});

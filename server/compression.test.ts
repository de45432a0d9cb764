import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accepts, chooseCoding } from "./compression.ts";
import type { Listening } from "./service.ts";
import { keys, startTestService } from "./testing.ts";

describe("the coding an Accept-Encoding asks for (RFC 9110 §12.5.3)", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip", "gzip"],
    ["gzip, deflate", "gzip"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", "br"],
    ["GZIP;Q=0.9, identity;q=0.1", "gzip"],
    ["x-gzip", "identity"], // not offered by name; identity still acceptable
    ["identity", "identity"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["*;q=0", null],
    ["identity;q=0", null],
    ["gzip, *;q=0", "gzip"],
    ["br;q=0, gzip;q=0, identity;q=0", null],
    ["deflate, identity;q=0", null],
    ["zstd", "identity"],
    ["gzip;q=0.001, identity;q=0", "gzip"],
  ] as const)("%j → %s", (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });

  it("says whether a client takes an answer in a given coding as it is", () => {
    expect(accepts("gzip, br", "gzip")).toBe(true);
    expect(accepts("gzip, br", "identity")).toBe(true);
    expect(accepts("gzip, br;q=0", "br")).toBe(false);
    expect(accepts("gzip, *;q=0", "identity")).toBe(false);
    expect(accepts("zstd", "zstd")).toBe(true);
    expect(accepts(undefined, "gzip")).toBe(false);
    expect(accepts(undefined, "identity")).toBe(true);
  });
});

describe("the reference service's pages, compressed when asked", () => {
  let service: Listening;
  beforeAll(async () => void (service = await startTestService()));
  afterAll(() => service.close());

  const page = (acceptEncoding?: string, method = "GET") =>
    fetchRaw(`${service.url}/v2/user/?limit=200`, {
      method,
      headers: { "x-service-api-key": keys.teamA, ...(acceptEncoding !== undefined && { "accept-encoding": acceptEncoding }) },
    });

  it("answers the same page in each coding asked, with Vary and no Content-Length when compressed", async () => {
    const plain = await page("identity");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    const text = plain.body.toString("utf8");
    expect(JSON.parse(text)).toMatchObject({ total: 250, limit: 200 });

    const gzip = await page("gzip, deflate");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toBe("Accept-Encoding");
    expect(gzip.headers["content-length"]).toBeUndefined();
    expect(gzip.headers["cache-control"]).toBe("no-store");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(text);
    expect(gzip.body.length).toBeLessThan(text.length / 4);

    const br = await page("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(text);

    const preferred = await page("br;q=0.2, gzip;q=0.9");
    expect(preferred.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(preferred.body).toString("utf8")).toBe(text);

    const none = await page(undefined);
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.toString("utf8")).toBe(text);

    const onlyGzip = await page("gzip, *;q=0");
    expect(onlyGzip.headers["content-encoding"]).toBe("gzip");
  });

  it("answers 406 when Accept-Encoding refuses every coding it has, identity too", async () => {
    for (const refusing of ["*;q=0", "identity;q=0", "zstd, identity;q=0"]) {
      const answer = await page(refusing);
      expect(answer.status).toBe(406);
      expect(JSON.parse(answer.body.toString("utf8")).detail).toMatch(/Accept-Encoding/);
    }
  });

  it("leaves errors uncompressed, and HEAD has the headers of GET without a body", async () => {
    const unauthorized = await fetchRaw(`${service.url}/v2/user/`, { headers: { "accept-encoding": "gzip" } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers["content-encoding"]).toBeUndefined();
    const head = await page("gzip", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.body.length).toBe(0);
  });
});

/** The bytes as they came (Node's fetch would decode them), with the headers. */
async function fetchRaw(url: string, init: { method?: string; headers?: Record<string, string> }) {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

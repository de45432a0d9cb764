import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardApp } from "./dashboard-app.ts";
import { logText } from "./request-log.ts";
import { listen, type Listening } from "./service.ts";
import { fakeDist, fixtureSeed, keys, rawRequest, startTestService } from "./testing.ts";
import { createUpstreamApp } from "./upstream-proxy.ts";

describe("logText", () => {
  it.each([
    ["/x\r\nGET /forged 200 0.1ms", "/x\\r\\nGET\\x20/forged\\x20200\\x200.1ms"],
    ["/x\u001b[31mred\u001b[0m", "/x\\x1b[31mred\\x1b[0m"],
    ["/x\ty\0z\u007f", "/x\\ty\\x00z\\x7f"],
    ["/a\u2028b\u2029c\u0085d\u000be\u000cf", "/a\\u{2028}b\\u{2029}c\\x85d\\x0be\\x0cf"],
    ["/\u202eevil", "/\\u{202e}evil"],
    ["/x\\n", "/x\\\\n"],
    ["/x\ud800", "/x\\u{d800}"],
    ["/café/😀", "/café/😀"],
    ["GET", "GET"],
    ["G\nET", "G\\nET"],
  ])("escapes %j as %s", (text, logged) => {
    expect(logText(text)).toBe(logged);
  });

  it("cuts long text with a marker of what was cut", () => {
    expect(logText(`/${"a".repeat(4999)}`)).toBe(`/${"a".repeat(199)}…(+4800 chars)`);
    expect(logText("\n".repeat(1000))).toBe(`${"\\n".repeat(200)}…(+800 chars)`);
  });
});

/** Paths that would print more than one line, or a misleading one, if logged as decoded. */
const hostilePaths = [
  "/x%0D%0AGET%20/forged%20200%200.1ms",
  "/v2/user/%0D%0AGET%20/v2/user/%20200%200.1ms",
  "/v1/org/x%0A/team/y%0D",
  "/%0D%0A%0D%0A",
  "/x%1B%5B2J%1B%5BH",
  "/a%E2%80%A8b%E2%80%A9c",
  "/a%C2%85b%0Bc%0Cd",
  "/x%00y%09z%7F",
  "/x%E2%80%AEgnp.exe",
  "/x%5Cr%5Cn",
  "/x%ED%A0%80",
  "/caf%C3%A9/%F0%9F%98%80",
  `/${"a".repeat(5000)}%0A`,
  "/v2/user/?limit=1&key=query-secret%0D%0Aforged",
  "/logos/%0Aoura.svg",
];

describe.each([
  ["the embedded service", (log: (line: string) => void) => startTestService(fixtureSeed(), { log })],
  [
    "the dashboard server in upstream mode",
    async (log: (line: string) => void) => {
      const upstream = await startTestService();
      const api = createUpstreamApp({ baseUrl: upstream.url, managementUrl: upstream.url });
      const listening = await listen(createDashboardApp({ api, distDir: fakeDist(), log }), "127.0.0.1", 0);
      return { ...listening, close: () => listening.close().then(() => upstream.close()) };
    },
  ],
])("the request log of %s", (_name, start) => {
  let output = "";
  let server: Listening;
  beforeAll(async () => {
    server = await start((line) => (output += `${line}\n`));
  });
  afterAll(() => server.close());

  it("writes one line a request, fields apart, without keys or queries", async () => {
    for (const path of hostilePaths) {
      for (const method of ["GET", "DELETE"]) {
        await rawRequest(server.port, method, path, { "x-service-api-key": keys.teamA, "x-management-key": keys.managementA });
      }
    }
    const lines = output.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).slice(0, -1);
    expect(lines).toHaveLength(hostilePaths.length * 2);
    for (const line of lines) {
      // No space but the cut marker's: the client chose none of them.
      expect(line).toMatch(/^(GET|DELETE) \/[^\p{C}\p{Z}]*(?:…\(\+\d+ chars\))? \d{3} \d+\.\dms$/u);
      expect(line.length).toBeLessThan(1000);
      for (const secret of [...Object.values(keys), "query-secret", "limit="]) expect(line).not.toContain(secret);
    }
    expect(lines[0]).toMatch(/^GET \/x\\r\\nGET\\x20\/forged\\x20200\\x200\.1ms \d{3} /);
  });
});

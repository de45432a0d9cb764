import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys, startTestService } from "./testing.ts";
import type { Listening } from "./service.ts";

let service: Listening;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

/** Sends bytes that fetch would refuse to send, and returns the raw answer. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(service.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(request, "latin1");
  });
}

describe("HTTP edges", () => {
  it("answers unknown paths with a JSON 404", async () => {
    const response = await fetch(`${service.url}/v3/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "Not Found" });
  });

  it.each([
    ["POST", "/v2/user/", "GET, HEAD"],
    ["PUT", "/v2/user", "GET, HEAD"],
    ["GET", "/v1/org/a/team/b", "DELETE"],
    ["PATCH", "/v1/org/a/team/b", "DELETE"],
  ])("answers %s %s with 405 and Allow", async (method, path, allow) => {
    const response = await fetch(`${service.url}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(await response.json()).toEqual({ detail: "Method Not Allowed" });
  });

  it("serves health and the demo logos", async () => {
    expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: "ok" });
    const logo = await fetch(`${service.url}/logos/garmin.svg`);
    expect(logo.headers.get("content-type")).toContain("image/svg+xml");
    expect(await logo.text()).toContain("<svg");
    expect((await fetch(`${service.url}/logos/unknown.svg`)).status).toBe(404);
  });

  it("answers a 5,000-character path with a JSON 404", async () => {
    const response = await fetch(`${service.url}/${"a".repeat(5000)}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "Not Found" });
  });

  it("answers percent-encoded NUL and broken escapes below 500", async () => {
    const headers = { "X-Management-Key": keys.managementA };
    const nul = await fetch(`${service.url}/v1/org/%00/team/%zz`, { method: "DELETE", headers });
    expect(nul.status).toBe(422);
    const body = (await nul.json()) as { detail: { loc: string[] }[] };
    expect(body.detail.map((d) => d.loc[1])).toEqual(["org_id", "team_id"]);
  });

  it("answers a raw NUL byte in the request line with a JSON 400", async () => {
    const answer = await raw("GET /v2/\0user HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.slice(answer.indexOf("\r\n\r\n") + 4)).toBe(JSON.stringify({ detail: "Bad Request" }));
  });

  it("answers oversized headers with a JSON 431", async () => {
    const answer = await raw(`GET /v2/user HTTP/1.1\r\nHost: x\r\nx-big: ${"b".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ detail: "Request Header Fields Too Large" });
  });

  it("marks every API answer no-store, errors included", async () => {
    const withKey = { headers: { "x-service-api-key": keys.teamA } };
    const answers = await Promise.all([
      fetch(`${service.url}/v2/user/`, withKey),
      fetch(`${service.url}/v2/user/`),
      fetch(`${service.url}/v2/user/?limit=0`, withKey),
      fetch(`${service.url}/v2/user/`, { method: "POST" }),
      fetch(`${service.url}/v3/nothing`),
    ]);
    expect(answers.map((answer) => [answer.status, answer.headers.get("cache-control")])).toEqual(
      [200, 401, 422, 405, 404].map((status) => [status, "no-store"]),
    );
  });

  it("answers HEAD on the list like GET, without a body", async () => {
    const response = await fetch(`${service.url}/v2/user`, { method: "HEAD", headers: { "x-service-api-key": keys.teamA } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

/**
 * Behind an identity-aware proxy (oauth2-proxy, say): its header names the person, honoured only
 * from the addresses the file lists. Over real HTTP on 127.0.0.1; "another address" is a list
 * that leaves 127.0.0.1 out.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deploymentFile,
  orgId,
  people,
  secretEnv,
  secrets,
  startDashboard,
  startStubService,
  teamId,
  type RunningDashboard,
  type StubService,
} from "./sign-in-harness.ts";

let stub: StubService;
let trusting: RunningDashboard;
let elsewhere: RunningDashboard;

beforeAll(async () => {
  stub = await startStubService();
  trusting = await startDashboard(deploymentFile(stub.url, { proxy: { trustedAddresses: ["10.0.0.0/8", "127.0.0.1"] } }));
  elsewhere = await startDashboard(deploymentFile(stub.url, { proxy: { trustedAddresses: ["10.0.0.0/8", "::1"] } }));
});

afterAll(async () => {
  await trusting?.close();
  await elsewhere?.close();
  await stub?.close();
});

const as = (email: string, groups = "staff") => ({ "x-forwarded-email": email, "x-forwarded-groups": groups });
const deletePath = `/s/us-prod/v1/org/${orgId}/team/${teamId}`;

describe("proxy mode", () => {
  it("takes the person from the trusted proxy's header, with their groups' roles", async () => {
    const answer = await fetch(`${trusting.url}/auth/session`, { headers: as(people.viewer) });
    expect(await answer.json()).toEqual({
      auth: "proxy",
      signedIn: true,
      email: people.viewer,
      name: null,
      roles: { "us-prod": "viewer" },
    });
    const page = await fetch(`${trusting.url}/s/us-prod/v2/user/?limit=2`, {
      headers: { ...as(people.viewer), "x-dashboard-team": teamId },
    });
    expect(page.status).toBe(200);
    expect(stub.seen.at(-1)!.headers["x-service-api-key"]).toBe(secrets.teamKey);
    expect(stub.seen.at(-1)!.headers["x-forwarded-email"]).toBeUndefined();
  });

  it("refuses the same header from an address the file does not list, and forwards nothing", async () => {
    const before = stub.seen.length;
    for (const path of ["/auth/session", "/deployment.json", "/s/us-prod/v2/user/"]) {
      const answer = await fetch(`${elsewhere.url}${path}`, { headers: as(people.operator) });
      expect(answer.status, path).toBe(403);
      expect(answer.headers.get("x-dashboard-refusal")).toBe("untrusted-proxy");
      expect(((await answer.json()) as { detail: string }).detail).toBe(
        "This request names a person in x-forwarded-email, but comes from 127.0.0.1, not from the identity proxy.",
      );
    }
    // A groups header alone is a claim too.
    expect((await fetch(`${elsewhere.url}/auth/session`, { headers: { "x-forwarded-groups": "staff" } })).status).toBe(403);
    expect(stub.seen.length).toBe(before);
    const { rows } = await elsewhere.forwarding.record.list({}, { limit: 10 });
    expect(rows[0]).toMatchObject({ operation: "sign-in", outcome: "refused", who: null, status: 403 });
  });

  it("without the header, nobody is signed in: the service's paths answer 401", async () => {
    const answer = await fetch(`${elsewhere.url}/deployment.json`);
    expect(answer.status).toBe(401);
    expect(await (await fetch(`${elsewhere.url}/auth/session`)).json()).toMatchObject({ auth: "proxy", signedIn: false });
  });

  it("refuses a cross-site POST and DELETE, even with the proxy's header", async () => {
    const before = stub.seen.length;
    for (const method of ["DELETE", "POST"]) {
      const answer = await fetch(`${trusting.url}${deletePath}`, {
        method,
        headers: { ...as(people.operator, ""), origin: "https://evil.example" },
      });
      expect(answer.status, method).toBe(403);
      expect(answer.headers.get("x-dashboard-refusal")).toBe("cross-site");
    }
    expect(stub.seen.length).toBe(before);
    const same = await fetch(`${trusting.url}${deletePath}`, {
      method: "DELETE",
      headers: { ...as(people.operator, ""), origin: trusting.url },
    });
    expect(same.status).toBe(204);
    expect(stub.seen.at(-1)!.headers["x-management-key"]).toBe(secrets.managementKey);
  });
});

describe("a start whose key is missing", () => {
  const start = (env: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), "auth-start-"));
    const file = join(dir, "deploy.json");
    writeFileSync(file, JSON.stringify(deploymentFile("https://api.example.com", { proxy: { trustedAddresses: ["127.0.0.1"] } })));
    const { TEST_MANAGEMENT_KEY: _, ...rest } = secretEnv;
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "server/start.ts", "--config", file, "--port", "0", "--activity-db", ":memory:"],
      {
        encoding: "utf8",
        env: { ...process.env, ...rest, ...env },
      },
    );
    return { run, file };
  };

  it("stops with exit status 2, naming the variable and never a value", () => {
    const { run, file } = start({});
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      `${file}: organizations[0] ("Acme US") takes "managementKey" from the environment variable TEST_MANAGEMENT_KEY, which is not set.`,
    );
    expect(run.stdout).not.toContain("listening");
    for (const secret of Object.values(secrets)) expect(run.stdout + run.stderr).not.toContain(secret);
  }, 30_000);

  it("stops on an empty one too", () => {
    const { run } = start({ TEST_MANAGEMENT_KEY: "  " });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/TEST_MANAGEMENT_KEY, which is empty\.$/m);
  }, 30_000);
});

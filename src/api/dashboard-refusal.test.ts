/**
 * The dashboard server's own answers, as the clients read them and as a person is told: a
 * service the deployment does not declare, a path it does not forward, a service's redirect.
 * None is the service's 404: never "it may already be deleted".
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardApp } from "../../server/dashboard-app.ts";
import { listen, type Listening } from "../../server/service.ts";
import { fakeDist, ids, keys } from "../../server/testing.ts";
import { createServicesApp } from "../../server/upstream-proxy.ts";
import { createManagementClient, deleteWords } from "./delete-team.ts";
import { describeError, errorSentence } from "./describe-error.ts";
import { DashboardRefusalError } from "./errors.ts";
import { asManagementKey, asTeamApiKey } from "./key-kinds.ts";
import { createTeamClient, listWords } from "./list-users.ts";

let redirecting: Server;
let dashboard: Listening;
beforeAll(async () => {
  redirecting = createServer((request, response) => {
    request.resume();
    response.writeHead(301, { location: "https://api.example.com/v2/user/?token=abc" }).end();
  });
  await new Promise<void>((done) => redirecting.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
  const api = createServicesApp({
    services: [{ name: "moved", label: "Moved", environment: "sandbox", baseUrl: url, managementUrl: url }],
    default: null,
  });
  dashboard = await listen(createDashboardApp({ api, distDir: fakeDist() }), "127.0.0.1", 0);
});
afterAll(async () => {
  await dashboard.close();
  await new Promise((done) => redirecting.close(done));
});

const list = (path: string) =>
  createTeamClient({ baseUrl: `${dashboard.url}${path}`, apiKey: asTeamApiKey(keys.teamA) })
    .listUsers({ offset: 0, limit: 1 })
    .then(
      () => expect.unreachable(),
      (error: unknown) => error,
    );
const remove = (path: string) =>
  createManagementClient({ managementUrl: `${dashboard.url}${path}`, managementKey: asManagementKey(keys.managementA) })
    .deleteTeam({ orgId: ids.orgA, teamId: ids.teamA })
    .then(
      () => expect.unreachable(),
      (error: unknown) => error,
    );

describe("an answer of the dashboard's own server", () => {
  it("for a service the deployment does not declare, names it, listing or deleting", async () => {
    for (const [error, words] of [
      [await list("/s/us-prod"), listWords],
      [await remove("/s/us-prod"), deleteWords],
    ] as const) {
      expect(error).toBeInstanceOf(DashboardRefusalError);
      expect(error).toMatchObject({ reason: "unknown-service", service: "us-prod", status: 404 });
      const description = describeError(error, words);
      expect(description).toMatchObject({ kind: "refused by the dashboard", action: "teams" });
      expect(errorSentence(description)).toBe(
        "The service us-prod is not declared in this deployment. This dashboard's server answered, not a service: nothing was sent to one. " +
          "Edit the entry in Teams to choose one of this deployment's services, or ask whoever runs this dashboard to declare us-prod.",
      );
    }
  });

  it("for a path it does not forward says so, never that the team may already be deleted", async () => {
    for (const [error, words] of [
      [await list("/S/moved"), listWords],
      [await remove("/S/moved"), deleteWords],
      [await remove("/s/moved/extra"), deleteWords],
    ] as const) {
      expect(error).toMatchObject({ reason: "not-forwarded", status: 404 });
      const sentence = errorSentence(describeError(error, words));
      expect(sentence).toBe(
        "This dashboard's server forwards nothing at this address. It answered itself: nothing was sent to a service. " +
          "Edit the entry in Teams to choose one of this deployment's services, or correct its URL.",
      );
      expect(sentence).not.toMatch(/already|API base URL/);
    }
  });

  it("for a service's redirect says where it pointed and what to check, without the query", async () => {
    const error = await list("/s/moved");
    expect(error).toMatchObject({ reason: "upstream-redirect", service: "moved", status: 502 });
    const description = describeError(error, listWords);
    expect(description).toMatchObject({ kind: "refused by the dashboard", action: "retry" });
    expect(errorSentence(description)).toBe(
      "The service moved answered with a redirect. The service moved answered 301 with a redirect to https://api.example.com/v2/user/, " +
        "which this dashboard does not follow: check its baseUrl in the deployment file. Whoever runs this dashboard can correct it.",
    );
    expect(errorSentence(description)).not.toContain("token");
  });
});

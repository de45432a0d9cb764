/**
 * A deployment of two reference services behind one dashboard server, each in a process of its
 * own, as an organization runs the hosted service's regions: `npm run try:services`, and the
 * end-to-end tests of named services. The deployment file names the two services and provides
 * every organization and team they seeded (labels and IDs: the keys stay in their credentials).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Deployment } from "./deployment.ts";
import type { Credentials } from "./service.ts";
import { spawnServer, type SpawnedServer } from "./spawn-server.ts";

export interface RunningService {
  name: string;
  label: string;
  environment: string;
  server: SpawnedServer;
  /** What it seeded, keys included: for the operator (or the test) to type, never for the file. */
  credentials: Credentials;
}

export interface TwoServices {
  dashboard: SpawnedServer;
  services: [RunningService, RunningService];
  /** The deployment file the dashboard was started with; `stop` removes it. */
  file: string;
  /** Stops the three servers, then removes their folder (the deployment and the services' keys). */
  stop: () => Promise<void>;
}

export interface TwoServicesOptions {
  /** Each service's `--seed` (demo, or a seed file) and any other options of `npm run service`. */
  serviceArgs: [string[], string[]];
  /** The dashboard's port (0: a free one). */
  port?: number;
  quiet?: boolean;
}

const declared = [
  { name: "us-prod", label: "US", environment: "production" },
  { name: "eu-sandbox", label: "EU", environment: "sandbox" },
] as const;

export async function startTwoServices({ serviceArgs, port = 0, quiet = false }: TwoServicesOptions): Promise<TwoServices> {
  const dir = mkdtempSync(join(tmpdir(), "two-services-"));
  const started: SpawnedServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true }); // the services' keys, and the deployment read at start
  };
  try {
    const services = (await Promise.all(
      declared.map(async (service, i) => {
        const credentialsFile = join(dir, `${service.name}.credentials.json`);
        const args = ["--port", "0", "--db", ":memory:", "--credentials-out", credentialsFile, ...serviceArgs[i]!];
        const server = await spawnServer("server/cli.ts", args);
        started.push(server);
        return { ...service, server, credentials: JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials };
      }),
    )) as [RunningService, RunningService];

    const deployment: Pick<Deployment, "services" | "organizations" | "teams"> = {
      services: services.map(({ name, label, environment, server }) => ({
        name,
        label,
        environment,
        baseUrl: server.url,
        managementUrl: server.url,
      })),
      organizations: services.flatMap(({ name, credentials }) =>
        credentials.orgs.map((org) => ({ label: org.name, orgId: org.org_id, service: name })),
      ),
      teams: services.flatMap(({ name, credentials }) =>
        credentials.orgs.flatMap((org) =>
          org.teams.map((team) => ({ label: team.name, service: name, teamId: team.team_id, orgId: org.org_id })),
        ),
      ),
    };
    const file = join(dir, "deployment.json");
    writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
    // The activity record of a run of tests or a try is not kept.
    const dashboard = await spawnServer("server/start.ts", ["--config", file, "--activity-db", ":memory:", ...(quiet ? ["--quiet"] : [])], {
      PORT: String(port),
    });
    started.push(dashboard);
    return { dashboard, services, file, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

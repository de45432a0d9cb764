/**
 * The demo's reference service in a process of its own, with a dashboard in upstream mode in
 * front of it: what the specs of a hosted service's behaviour (compression, a rate limit) start.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Credentials } from "../server/service.ts";
import { spawnServer, type SpawnedServer } from "../server/spawn-server.ts";

export interface UpstreamDemo {
  service: SpawnedServer;
  dashboard: SpawnedServer;
  /** The demo's largest team, with its key. */
  team: Credentials["orgs"][number]["teams"][number];
  stop(): Promise<void>;
}

/** `teamSize` users in the demo's largest team; `serviceArgs`: more of the service's options (`--rate 4`). */
export async function startUpstreamDemo(teamSize: number, serviceArgs: string[] = []): Promise<UpstreamDemo> {
  const dir = mkdtempSync(join(tmpdir(), "upstream-demo-"));
  let service: SpawnedServer;
  let team: UpstreamDemo["team"];
  try {
    const credentialsFile = join(dir, "credentials.json");
    service = await spawnServer("server/cli.ts", [
      ...["--port", "0", "--db", ":memory:", ...serviceArgs],
      ...["--seed", "demo", "--demo-users", String(teamSize), "--credentials-out", credentialsFile],
    ]);
    team = (JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials).orgs[0]!.teams[0]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const dashboard = await spawnServer("server/start.ts", ["--quiet", "--port", "0", "--activity-db", ":memory:"], {
    UPSTREAM_BASE_URL: service.url,
    UPSTREAM_MANAGEMENT_URL: service.url,
  }).catch(async (error: unknown) => {
    await service.stop();
    throw error;
  });
  return {
    service,
    dashboard,
    team,
    async stop() {
      await dashboard.stop();
      await service.stop();
    },
  };
}

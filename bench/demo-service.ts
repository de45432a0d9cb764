/** The dashboard's server on a fresh in-memory demo database, for the benchmarks. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer } from "../server/spawn-server.ts";

export interface DemoService {
  url: string;
  /** The demo's largest team (2,500 users unless `--demo-users` says otherwise). */
  team: { apiKey: string; users: number };
  stop: () => Promise<void>;
}

/** Starts `npm start`'s server (server/start.ts) on the demo; `args` are added to its own. */
export async function startDemoService(args: string[] = []): Promise<DemoService> {
  const dir = mkdtempSync(join(tmpdir(), "bench-demo-"));
  const credentialsOut = join(dir, "credentials.json");
  try {
    const server = await spawnServer("server/start.ts", [
      ...["--quiet", "--port", "0", "--db", ":memory:", "--seed", "demo", "--credentials-out", credentialsOut],
      ...args,
    ]);
    const credentials = JSON.parse(readFileSync(credentialsOut, "utf8")) as { orgs: { teams: { api_key: string; users: number }[] }[] };
    const largest = credentials.orgs.flatMap((org) => org.teams).reduce((a, b) => (b.users > a.users ? b : a));
    return {
      url: server.url,
      team: { apiKey: largest.api_key, users: largest.users },
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

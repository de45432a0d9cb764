import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer } from "../server/spawn-server.ts";

/**
 * The reference service alone (server/cli.ts) on a database file seeded with the demo, whose
 * largest team has `users` users: its URL and that team's key. `stop` also removes the folder.
 */
export async function serveSeededTeam(users: number, folderName: string) {
  const dir = mkdtempSync(join(tmpdir(), `${folderName}-`));
  const credentialsOut = join(dir, "credentials.json");
  console.log(`Seeding a team of ${users.toLocaleString("en")} users in the reference service (127.0.0.1)…`);
  const server = await spawnServer("server/cli.ts", [
    ...["--host", "127.0.0.1", "--port", "0", "--quiet", "--db", join(dir, "bench.sqlite")],
    ...["--seed", "demo", "--demo-users", String(users), "--credentials-out", credentialsOut],
  ]);
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const credentials = JSON.parse(readFileSync(credentialsOut, "utf8")) as { orgs: { teams: { api_key: string; users: number }[] }[] };
  const team = credentials.orgs.flatMap((o) => o.teams).find((t) => t.users === users);
  if (!team) {
    await stop();
    throw new Error("the large team is missing from the credentials");
  }
  return { url: server.url, apiKey: team.api_key, stop };
}

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer } from "../server/spawn-server.ts";
import type { Credentials } from "../server/service.ts";

/** `npm start` on a demo whose largest team has `users` users, and that team's API key and ID. */
export async function serveLargeTeam(users: number) {
  const dir = mkdtempSync(join(tmpdir(), "large-team-"));
  const credentialsFile = join(dir, "credentials.json");
  try {
    const server = await spawnServer("server/start.ts", [
      ...["--quiet", "--port", "0", "--db", ":memory:"],
      ...["--demo-users", String(users), "--credentials-out", credentialsFile],
    ]);
    try {
      const team = (JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials).orgs[0]!.teams[0]!;
      return { url: server.url, apiKey: team.api_key, teamId: team.team_id, stop: () => server.stop() };
    } catch (error) {
      await server.stop(); // no server left running for a caller that never got its `stop`
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true }); // the keys, once read: none is left on disk
  }
}

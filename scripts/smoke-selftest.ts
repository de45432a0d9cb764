/**
 * `npm run test:smoke` (part of `npm test`): the smoke suite as a deployer runs it, `npm run smoke`,
 * against `npm start` on a freshly seeded database. It passes read-only; a wrong key, an unreachable
 * URL and a server that is not the dashboard each end it with one sentence (exit status 2); the
 * destructive run refuses without its confirmation, and with it deletes exactly the named team.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Credentials } from "../server/service.ts";
import { spawnServer, type SpawnedServer } from "../server/spawn-server.ts";

interface Run {
  status: number | null;
  output: string;
}

/** `npm run smoke` with `env` (and nothing else from this process's smoke settings), its output echoed. */
function smoke(env: Record<string, string>, args: string[] = []): Promise<Run> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DASHBOARD_URL|TEAM_API_KEY|MANAGEMENT_KEY|ORG_ID|SMOKE_)/.test(name)),
  );
  const child = spawn("npm", ["run", "--silent", "smoke", ...(args.length ? ["--", ...args] : [])], {
    env: { ...clean, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
  }
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, output })));
}

/** A setup problem ends the run with status 2 and one sentence, matching `said`. */
async function endsWithOneSentence(what: string, env: Record<string, string>, said: RegExp, args: string[] = []) {
  console.log(`\n— ${what}`);
  const run = await smoke(env, args);
  assert.equal(run.status, 2, `${what}: exit status 2`);
  // npm's own warnings about this machine's npm configuration are not the suite's words.
  const lines = run.output
    .trim()
    .split("\n")
    .filter((line) => !line.startsWith("npm warn"));
  assert.equal(lines.length, 1, `${what}: one line, not ${lines.length}`);
  assert.match(lines[0]!, said, what);
  for (const value of Object.values(env)) if (/^svc_/.test(value)) assert.ok(!run.output.includes(value), `${what}: no key in the output`);
}

const folder = mkdtempSync(join(tmpdir(), "smoke-selftest-"));
const credentialsFile = join(folder, "credentials.json");
let dashboard: SpawnedServer | undefined;
let serviceOnly: SpawnedServer | undefined;
try {
  dashboard = await spawnServer("server/start.ts", [
    "--quiet",
    "--port",
    "0",
    "--db",
    ":memory:",
    "--demo-users",
    "300",
    "--credentials-out",
    credentialsFile,
  ]);
  const { orgs } = JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials;
  const [org, otherOrg] = orgs;
  assert.ok(org && otherOrg, "the demo has two organizations");
  const browsed = org.teams.reduce((big, team) => (team.users > big.users ? team : big));
  const doomed = otherOrg.teams[0]!;
  const target = { DASHBOARD_URL: dashboard.url, TEAM_API_KEY: browsed.api_key };

  console.log(`— read-only, against ${dashboard.url}`);
  const readOnly = await smoke({ ...target, MANAGEMENT_KEY: org.management_key, ORG_ID: org.org_id, SMOKE_WHOLE_TEAM_MAX: "1000" });
  assert.equal(readOnly.status, 0, "the read-only suite passes");
  assert.match(readOnly.output, /Smoke-testing team-admin-dashboard \d+\.\d+\.\d+ at .*, read-only\./);
  assert.doesNotMatch(readOnly.output, /skipped/, "every check ran");
  assert.ok(!readOnly.output.includes(browsed.api_key), "the key is not printed");
  const junit = readFileSync("smoke-report/junit.xml", "utf8");
  assert.match(junit, /failures="0"/);
  assert.match(junit, /team-admin-dashboard \d+\.\d+\.\d+/, "the report records the dashboard's version");

  await endsWithOneSentence(
    "a wrong key",
    { ...target, TEAM_API_KEY: "svc_team_not-a-real-key-000000000000" },
    /^The service at .* refused TEAM_API_KEY \(401/,
  );
  serviceOnly = await spawnServer("server/cli.ts", ["--quiet", "--port", "0", "--db", ":memory:", "--seed", "demo", "--demo-users", "10"]);
  await endsWithOneSentence("not the dashboard", { ...target, DASHBOARD_URL: serviceOnly.url }, /answers, but not as this dashboard/);
  await serviceOnly.stop(); // its port is now closed
  await endsWithOneSentence(
    "an unreachable URL",
    { ...target, DASHBOARD_URL: serviceOnly.url },
    /^Cannot reach the dashboard at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\.$/,
  );
  await endsWithOneSentence("no key", { DASHBOARD_URL: dashboard.url }, /^Set TEAM_API_KEY/);

  const deletion = {
    ...target,
    MANAGEMENT_KEY: otherOrg.management_key,
    ORG_ID: otherOrg.org_id,
    SMOKE_DELETE_TEAM_ID: doomed.team_id,
    SMOKE_DELETE_TEAM_API_KEY: doomed.api_key,
  };
  await endsWithOneSentence("--destructive without its confirmation", deletion, /needs SMOKE_DELETE_CONFIRM/, ["--destructive"]);
  const unconfirmedAnswer = await fetch(`${dashboard.url}/v2/user/?limit=1`, { headers: { "x-service-api-key": doomed.api_key } });
  assert.equal(unconfirmedAnswer.status, 200, "nothing was deleted without the confirmation");

  console.log("\n— --destructive, confirmed");
  const destructive = await smoke({ ...deletion, SMOKE_DELETE_CONFIRM: doomed.team_id }, ["--destructive"]);
  assert.equal(destructive.status, 0, "the destructive run passes");
  const after = async (apiKey: string) =>
    (await fetch(`${dashboard!.url}/v2/user/?limit=1`, { headers: { "x-service-api-key": apiKey } })).status;
  assert.equal(await after(doomed.api_key), 401, "the named team is deleted");
  assert.equal(await after(browsed.api_key), 200, "the other teams are not");
  console.log("\nThe smoke suite passes read-only, says each setup problem in one sentence, and deletes only when told twice.");
} finally {
  await dashboard?.stop();
  if (serviceOnly?.child.exitCode === null) await serviceOnly.stop();
  rmSync(folder, { recursive: true, force: true });
}

/**
 * `npm run smoke [-- --destructive] [playwright options]`: the read-only smoke suite against a
 * running dashboard (DASHBOARD_URL, TEAM_API_KEY…; see docs/testing.md, "Testing your deployment").
 * Checks the target first, then runs Playwright with the smoke configuration; exits with its
 * status. The report (list output, HTML, JUnit XML) goes to smoke-report/.
 */
import { spawnSync } from "node:child_process";
import { preflight, readDeletion, readSettings, SmokeSetupError } from "./smoke-env.ts";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const destructive = args.includes("--destructive");
  const passed = args.filter((arg) => arg !== "--destructive");
  const settings = readSettings(process.env);
  if (destructive) readDeletion(process.env, settings);
  const version = await preflight(settings);
  console.log(`Smoke-testing ${version} at ${settings.dashboardUrl}${destructive ? ", deleting one team" : ", read-only"}.`);
  const run = spawnSync(
    process.execPath,
    [
      "node_modules/@playwright/test/cli.js",
      "test",
      "--config",
      "playwright.smoke.config.ts",
      `--project=${destructive ? "destructive" : "smoke"}`,
      ...passed,
    ],
    { stdio: "inherit", env: { ...process.env, SMOKE_DASHBOARD_VERSION: version } },
  );
  return run.status ?? 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    if (!(error instanceof SmokeSetupError)) throw error;
    console.error(error.message);
    process.exit(2);
  },
);

/**
 * The smoke suite (`npm run smoke`, see scripts/smoke.ts): the kit's checks against any running
 * dashboard, read-only unless the destructive project is chosen. The settings come from the
 * environment, checked by scripts/smoke-env.ts before this file is read.
 */
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./e2e/browser.ts";
import type { KitOptions } from "./e2e/kit/fixtures.ts";
import { readSettings } from "./scripts/smoke-env.ts";

const settings = readSettings(process.env);
/** One folder for everything a run writes. */
export const reportDir = "smoke-report";
// Traces, screenshots and videos would hold the team's users: off unless SMOKE_ARTIFACTS=1.
const artifacts = settings.artifacts ? "retain-on-failure" : "off";

export default defineConfig<KitOptions & { wholeTeamMax: number }>({
  testDir: "smoke",
  outputDir: `${reportDir}/results`,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["html", { outputFolder: `${reportDir}/html`, open: "never" }], ["junit", { outputFile: `${reportDir}/junit.xml` }]],
  metadata: { dashboard: process.env.SMOKE_DASHBOARD_VERSION ?? "unknown", url: settings.dashboardUrl },
  use: {
    baseURL: settings.dashboardUrl,
    apiBaseUrl: settings.apiBaseUrl,
    teamApiKey: settings.teamApiKey,
    managementKey: settings.managementKey,
    orgId: settings.orgId,
    wholeTeamMax: settings.wholeTeamMax,
    trace: artifacts,
    screenshot: settings.artifacts ? "only-on-failure" : "off",
    video: artifacts,
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
  projects: [
    { name: "smoke", testIgnore: /destructive/ },
    { name: "destructive", testMatch: /destructive/, use: { readOnly: false } },
  ],
});

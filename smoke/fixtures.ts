/**
 * The smoke suite's fixtures: the kit's, merged with its own (the whole-team size limit, and the
 * dashboard's version in every test's report) the way a deployer merges the kit with theirs.
 */
import { mergeTests, test as base } from "@playwright/test";
import { test as kit } from "../e2e/kit/fixtures.ts";

const own = base.extend<{ wholeTeamMax: number; dashboardVersion: undefined }>({
  wholeTeamMax: [5_000, { option: true }],
  dashboardVersion: [
    async ({ baseURL }, use, testInfo) => {
      const version = process.env.SMOKE_DASHBOARD_VERSION ?? "unknown";
      testInfo.annotations.push({ type: "dashboard", description: `${version} at ${baseURL}` });
      await use(undefined);
    },
    { auto: true },
  ],
});

export const test = mergeTests(kit, own);
export { expect } from "../e2e/kit/fixtures.ts";

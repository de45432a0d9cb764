import { defineConfig } from "@playwright/test";
import type { KitOptions } from "./e2e/kit/fixtures.ts";
import { writeFileSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumArgs, chromiumExecutable } from "./e2e/browser.ts";
import { e2eSeed } from "./e2e/seed.ts";

/** A free port, found once: workers load this file again and inherit the variables. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  const dir = mkdtempSync(join(tmpdir(), "dashboard-e2e-"));
  process.env.E2E_DATA = dir;
  // The tests' own temporary files go there too (the workers inherit it), all removed at the end:
  // only a folder made here (E2E_DATA set from outside is left alone).
  process.env.TMPDIR = dir;
  process.env.E2E_DATA_MADE = dir;
  writeFileSync(join(dir, "seed.json"), JSON.stringify(e2eSeed()));
}
const port = process.env.E2E_PORT;
const data = process.env.E2E_DATA ?? "";
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig<KitOptions>({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two: three ran faster on a quiet machine's waits, but raced (a retried request counted twice,
  // a 2-second hold of the worker outlived) when the machine was busy; `--workers=3` to try.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  globalTeardown: "./e2e/remove-run-data.ts",
  // On CI a failed test runs once more, and is reported "flaky" if it then passes: one run of a
  // shared machine's 146 tests failed once, not again in 35 runs of that test here.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["./e2e/slowest-reporter.ts"]],
  use: {
    baseURL,
    // Our own tests delete teams of their own seed; the kit is read-only by default.
    readOnly: false,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
  projects: [
    { name: "e2e", testIgnore: /screenshots\.spec\.ts/ },
    { name: "screenshots", testMatch: /screenshots\.spec\.ts/ },
  ],
  webServer: {
    // A fresh in-memory database each run; the credentials file tells the tests the keys.
    command: `node --import tsx server/start.ts --quiet --db :memory: --seed ${join(data, "seed.json")} --credentials-out ${join(data, "credentials.json")}`,
    env: { PORT: port },
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
  },
});

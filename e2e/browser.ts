/** Finds a Chromium for the tests: Playwright's own if installed, else the system's. */
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";

const systemChromiums = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

/** undefined means Playwright's bundled browser. */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(chromium.executablePath())) return undefined;
  const system = systemChromiums.find((path) => existsSync(path));
  if (system) return system;
  throw new Error(
    "No Chromium found for the end-to-end tests. Install one with `npx playwright install chromium`, " +
      "or on Debian/Ubuntu `apt-get install chromium`, or set CHROMIUM_PATH.",
  );
}

/** Quiet flags: the machine may have no network beyond loopback. */
export const chromiumArgs = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-gpu",
];

/** Exits 0 and prints the browser the end-to-end tests will use, or exits 1 and says how to get one. */
import { chromiumExecutable } from "../e2e/browser.ts";

try {
  console.log(chromiumExecutable() ?? "Playwright's own Chromium");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** Playwright's global teardown: the run's folder (the seed, the keys, the tests' temporary files) goes. */
import { rmSync } from "node:fs";

export default function removeRunData(): void {
  if (process.env.E2E_DATA) rmSync(process.env.E2E_DATA, { recursive: true, force: true });
}

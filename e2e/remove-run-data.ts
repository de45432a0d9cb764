/** Playwright's global teardown: the run's folder (the seed, the keys, the tests' temporary files) goes, if the config made it. */
import { rmSync } from "node:fs";

export default function removeRunData(): void {
  if (process.env.E2E_DATA_MADE) rmSync(process.env.E2E_DATA_MADE, { recursive: true, force: true });
}

/** Playwright's global teardown: the run's folder (the seed, the keys, the tests' temporary files) goes, if the config made it. */
import { rmSync } from "node:fs";

export default function removeRunData(): void {
  const made = process.env.E2E_DATA_MADE;
  if (made && made === process.env.E2E_DATA) rmSync(made, { recursive: true, force: true });
}

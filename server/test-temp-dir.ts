/**
 * Vitest's global setup: the tests' temporary files (databases, seeds, built apps) go into one
 * folder of this run, removed at its end, so that no run leaves them behind in the system's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "vitest-"));
  process.env.TMPDIR = dir; // os.tmpdir() in the test workers, which start after this
  return () => rmSync(dir, { recursive: true, force: true });
}

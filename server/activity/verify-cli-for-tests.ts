/** Runs `npm run activity:verify`'s script as a process of its own, as an operator would. */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../../scripts/activity-verify.ts", import.meta.url));

export function runVerify(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", script, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr });
    });
  });
}

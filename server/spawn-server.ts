/** Runs one of the server commands in its own process, for tests and benchmarks. */
import { spawn, type ChildProcess } from "node:child_process";

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Everything printed on stdout so far. */
  output: () => string;
  /** SIGTERM, then the exit code (null when a signal ended it); SIGKILL if it has not exited after `graceMs`. */
  stop: (graceMs?: number) => Promise<number | null>;
}

/** How long `stop` waits after SIGTERM: a server that closes its connections and database exits well within it. */
const stopGraceMs = 10_000;

/** Starts `script` (a TypeScript entry) with `args`, and resolves once it prints `listening on URL`. */
export function spawnServer(script: string, args: string[], env: Record<string, string> = {}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  // A server that hangs on SIGTERM would hold a test run or a bench until CI's own timeout.
  const stop = (graceMs = stopGraceMs) => {
    child.kill("SIGTERM");
    const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
    return exited.finally(() => clearTimeout(kill));
  };
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, child, output: () => output, stop });
    });
    void exited.then((code) => reject(new Error(`${script} exited with ${code} before listening:\n${output}`)));
  });
}

/** Runs one of the server commands in its own process, for tests and benchmarks. */
import { spawn, type ChildProcess } from "node:child_process";

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Everything printed on stdout so far. */
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/** Starts `script` (a TypeScript entry) with `args`, and resolves once it prints `listening on URL`. */
export function spawnServer(script: string, args: string[], env: Record<string, string> = {}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, child, output: () => output, stop: () => (child.kill("SIGTERM"), exited) });
    });
    void exited.then((code) => reject(new Error(`${script} exited with ${code} before listening:\n${output}`)));
  });
}

/** Two processes appending to one record at once (appender-process.fixture.ts): the seqs each was given. */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("./appender-process.fixture.ts", import.meta.url));

export async function appendFromTwoProcesses(target: string, perProcess: number): Promise<[number[], number[]]> {
  const children = ["us", "eu"].map((service) => fork(script, [target, String(perProcess), service], { execArgv: ["--import", "tsx"] }));
  const ended = (child: (typeof children)[number]) =>
    new Promise<never>((_, reject) =>
      child.once("exit", (code) => reject(new Error(`An appending process ended with code ${code} before reporting its rows.`))),
    );
  const message = <T>(child: (typeof children)[number], pick: (m: Record<string, unknown>) => T | undefined) =>
    Promise.race([
      new Promise<T>((resolve) =>
        child.on("message", (m: Record<string, unknown>) => {
          const value = pick(m);
          if (value !== undefined) resolve(value);
        }),
      ),
      ended(child),
    ]);
  try {
    // Both open first, then both start: their appends overlap.
    await Promise.all(children.map((child) => message(child, (m) => (m.ready ? true : undefined))));
    const done = children.map((child) => message(child, (m) => m.seqs as number[] | undefined));
    for (const child of children) child.send("go");
    const [a, b] = await Promise.all(done);
    return [a!, b!];
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
  }
}

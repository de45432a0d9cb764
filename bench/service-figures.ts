/**
 * The service's throughput beside a bare `node:http` server answering the same bytes,
 * pre-serialized: how much the service's own work costs. `npm run bench:service` owns that
 * measurement; `serviceThroughput` below is the one place the bench takes it from.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Requests a second; the ratio is service ÷ bare (higher is better, 1 is the ceiling). */
export type ServiceThroughput =
  | { measured: true; serviceRequestsPerSecond: number; bareRequestsPerSecond: number; ratio: number; detail: unknown }
  | { measured: false; reason: string };

const serviceBench = join(import.meta.dirname, "service-bench.ts");
const timeoutMs = 10 * 60_000;

/** The figures in the JSON that `service-bench.ts --json` prints as its last line. */
function readThroughput(output: string): ServiceThroughput {
  const last = output.trim().split("\n").at(-1) ?? "";
  let json: unknown;
  try {
    json = JSON.parse(last);
  } catch {
    return { measured: false, reason: `service-bench.ts --json printed no JSON last line: ${last.slice(0, 200)}` };
  }
  const { serviceRequestsPerSecond: service, bareRequestsPerSecond: bare } = (json ?? {}) as Record<string, unknown>;
  if (typeof service !== "number" || typeof bare !== "number" || bare <= 0) {
    return { measured: false, reason: "service-bench.ts --json lacks numeric serviceRequestsPerSecond and bareRequestsPerSecond" };
  }
  return { measured: true, serviceRequestsPerSecond: service, bareRequestsPerSecond: bare, ratio: service / bare, detail: json };
}

/**
 * THE place where the service figures are obtained. Run it alone on the machine (no browser).
 *
 * Today bench/service-bench.ts is a script with no export, so importing it would run it; it is
 * run as a command when it takes `--json`, and otherwise the service is "not measured". When
 * service-bench.ts exports the function that returns these figures, replace the body with a lazy
 * `await import("./service-bench.ts")` and a call of that function.
 */
export async function serviceThroughput(): Promise<ServiceThroughput> {
  if (!readFileSync(serviceBench, "utf8").includes("--json")) {
    return { measured: false, reason: "bench/service-bench.ts has no --json output yet" };
  }
  return new Promise((resolve) => {
    execFile("npx", ["tsx", serviceBench, "--json"], { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      resolve(error ? { measured: false, reason: `service-bench.ts --json failed: ${error.message}` } : readThroughput(stdout));
    });
  });
}

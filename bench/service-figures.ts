/**
 * The service's throughput beside a bare `node:http` server answering the same bytes,
 * pre-serialized: how much the service's own work costs. `npm run bench:service` owns that
 * measurement; `serviceThroughput` below is the one place the bench takes it from.
 */

/** Requests a second; the ratio is service ÷ bare (higher is better, 1 is the ceiling). */
export type ServiceThroughput =
  | { measured: true; serviceRequestsPerSecond: number; bareRequestsPerSecond: number; ratio: number; detail: unknown }
  | { measured: false; reason: string };

/**
 * THE place where the service figures are obtained: `runServiceBench` (what `npm run
 * bench:service` prints), for a page of 500 at the end of a 100,000-user team. Run it alone on
 * the machine (no browser).
 */
export async function serviceThroughput(log: (line: string) => void = () => {}): Promise<ServiceThroughput> {
  try {
    const { runServiceBench } = await import("./service-bench.ts");
    const figures = await runServiceBench({ log });
    const last = figures.pages.at(-1)!;
    return {
      measured: true,
      serviceRequestsPerSecond: last.serviceRequestsPerSecond,
      bareRequestsPerSecond: last.bareRequestsPerSecond,
      ratio: last.ratio,
      detail: figures,
    };
  } catch (error) {
    return { measured: false, reason: `bench/service-bench.ts failed: ${(error as Error).message}` };
  }
}

import type { Page, Worker } from "@playwright/test";

/** The team workers the page starts, each with whether it has been closed. */
export function watchWorkers(page: Page) {
  const workers: { worker: Worker; closed: boolean }[] = [];
  page.on("worker", (worker) => {
    const entry = { worker, closed: false };
    workers.push(entry);
    worker.on("close", () => (entry.closed = true));
  });
  return workers;
}

/** Every worker the page started has ended (and it started one). */
export const allEnded = (workers: ReturnType<typeof watchWorkers>) => workers.length > 0 && workers.every((worker) => worker.closed);

import type { Page, Worker } from "@playwright/test";

/** The team workers the page starts (no other worker is counted), each with whether it has been closed. */
export function watchWorkers(page: Page) {
  const workers: { worker: Worker; closed: boolean }[] = [];
  page.on("worker", (worker) => {
    if (!worker.url().includes("team.worker")) return;
    const entry = { worker, closed: false };
    workers.push(entry);
    worker.on("close", () => (entry.closed = true));
  });
  return workers;
}

/** Every team worker the page started has ended (and it started one). */
export const allEnded = (workers: ReturnType<typeof watchWorkers>) => workers.length > 0 && workers.every((worker) => worker.closed);

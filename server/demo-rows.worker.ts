/** Makes a demo team's rows in page order and posts them in batches (see demo-rows.ts). */
import { workerData } from "node:worker_threads";
import { batchesAhead, batchUsers, type DemoRowsMessage, type DemoRowsWorkerData } from "./demo-rows.ts";
import { demoUsers } from "./demo-seed.ts";
import type { UserRow } from "./seed-file.ts";
import { rowsInPageOrder } from "./user-rows.ts";

const { seed, teamId, count, order, micros, port, counts } = workerData as DemoRowsWorkerData;

function post(message: DemoRowsMessage) {
  for (let taken = Atomics.load(counts, 1); Atomics.load(counts, 0) - taken >= batchesAhead; taken = Atomics.load(counts, 1))
    Atomics.wait(counts, 1, taken, 1000);
  port.postMessage(message);
  Atomics.add(counts, 0, 1);
  Atomics.notify(counts, 0);
}

try {
  let rows: UserRow[] = [];
  for (const row of rowsInPageOrder(demoUsers(seed, teamId, count), teamId, order, micros)) {
    rows.push(row);
    if (rows.length === batchUsers) {
      post({ rows });
      rows = [];
    }
  }
  if (rows.length > 0) post({ rows });
  post({ end: true });
} catch (error) {
  post({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}

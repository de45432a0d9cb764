/**
 * A large demo team's rows, made on a worker thread while the store inserts them on its own: each
 * takes about half of a seed's time, so a million users are seeded in little more than the
 * inserts take. The store's transaction is synchronous, so the rows are taken from the worker's
 * port synchronously, waiting on a shared counter between batches.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { UserRow } from "./seed-file.ts";

/** What the worker needs to make a demo team's users again, and their page order. */
export interface DemoTeam {
  seed: number;
  teamId: string;
  count: number;
  order: Uint32Array;
  micros: Float64Array;
}

export type DemoRowsMessage = { rows: UserRow[] } | { end: true } | { error: string };

export interface DemoRowsWorkerData extends DemoTeam {
  port: MessagePort;
  /** [batches posted, batches taken]: the worker stays at most `batchesAhead` ahead. */
  counts: Int32Array;
}

export const batchUsers = 500;
export const batchesAhead = 8;

/** What tests change: the worker's module, how long a stall lasts, and a look at the worker. */
export interface WorkerOptions {
  module?: URL;
  /** The longest wait for the next batch before the seed fails: a worker that hangs, or dies without a word (out of memory). */
  stalledAfterMs?: number;
  onWorker?: (worker: Worker) => void;
}

// A worker does not take this process's loader (`--import tsx`) along: it loads its TypeScript
// through tsx's API. A module that fails to load says so as the worker's own errors do.
const workerScript = (module: URL) => `
  const { workerData } = require("node:worker_threads");
  import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
    .then((tsx) => tsx.tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}))
    .catch((error) => {
      workerData.port.postMessage({ error: String(error?.stack ?? error) });
      Atomics.add(workerData.counts, 0, 1);
      Atomics.notify(workerData.counts, 0);
    });`;

export function* rowsMadeElsewhere(team: DemoTeam, options: WorkerOptions = {}): Generator<UserRow> {
  const { module = new URL("./demo-rows.worker.ts", import.meta.url), stalledAfterMs = 60_000 } = options;
  const script = workerScript(module);
  const { port1, port2 } = new MessageChannel();
  const counts = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const workerData: DemoRowsWorkerData = { ...team, port: port2, counts };
  const worker = new Worker(script, { eval: true, workerData, transferList: [port2] });
  worker.unref();
  // Its errors come through the port; one it could not tell is the stall's, and is not to crash
  // the process later, once its event is delivered.
  worker.on("error", () => {});
  try {
    options.onWorker?.(worker);
    for (;;) {
      const message = nextMessage(port1, counts, stalledAfterMs);
      if ("error" in message) throw new Error(`The demo's users could not be made: ${message.error}`);
      if ("end" in message) return;
      yield* message.rows;
      Atomics.add(counts, 1, 1);
      Atomics.notify(counts, 1);
    }
  } finally {
    port1.close();
    void worker.terminate();
  }
}

function nextMessage(port: MessagePort, counts: Int32Array, stalledAfterMs: number): DemoRowsMessage {
  const deadline = Date.now() + stalledAfterMs;
  for (;;) {
    const posted = Atomics.load(counts, 0); // read before the port: a batch posted after it wakes the wait
    const received = receiveMessageOnPort(port);
    if (received) return received.message as DemoRowsMessage;
    const left = deadline - Date.now();
    if (left < 0) throw new Error(`The demo's users stopped coming for ${stalledAfterMs / 1000} s`);
    Atomics.wait(counts, 0, posted, Math.min(left + 1, 1000));
  }
}

/** The team worker's API in this process, for tests: no Worker, the same Comlink messages. */
import { expose } from "comlink";
import type { WorkerPort } from "./team-worker-client.ts";
import { createTeamWorkerApi, type TeamWorkerApiOptions } from "../team-engine/team-worker-api.ts";

/**
 * The worker's API behind one end of a MessageChannel, so every call and answer is cloned and
 * delivered on a later task as between threads. What the worker's side sends is kept. With
 * `endsAfterMs`, `terminate` ends it that much later, as Chromium's does: meanwhile it runs on.
 */
export function inProcessWorker({ endsAfterMs, ...options }: TeamWorkerApiOptions & { endsAfterMs?: number } = {}) {
  const { port1, port2 } = new MessageChannel();
  const sent: unknown[] = [];
  const { api, stop } = createTeamWorkerApi(options);
  expose(api, {
    postMessage(message: unknown, transfer?: Transferable[]) {
      sent.push(message);
      port2.postMessage(message, transfer ?? []);
    },
    addEventListener: port2.addEventListener.bind(port2),
    removeEventListener: port2.removeEventListener.bind(port2),
    start: () => port2.start(),
  });
  port1.start();
  const port: WorkerPort = {
    postMessage: (message: unknown, transfer?: Transferable[]) => port1.postMessage(message, transfer ?? []),
    addEventListener: port1.addEventListener.bind(port1),
    removeEventListener: port1.removeEventListener.bind(port1),
    terminate() {
      port1.close();
      if (endsAfterMs === undefined) stop();
      else setTimeout(stop, endsAfterMs);
    },
  };
  return { port, sent };
}

/** The team worker's host in this process, for tests: no Worker, the same messages. */
import type { WorkerPort } from "./team-worker-client.ts";
import { createTeamWorkerHost, type TeamWorkerHostOptions } from "./team-worker-host.ts";
import type { WorkerReply, WorkerRequest } from "./team-worker-protocol.ts";

/**
 * The worker's host in this process, behind a port that behaves like a Worker's: messages are
 * structured-cloned and delivered on a later task. Every message both ways is kept.
 */
export function inProcessWorker(options?: TeamWorkerHostOptions) {
  const messages: (WorkerRequest | WorkerReply)[] = [];
  const listeners: ((event: MessageEvent<WorkerReply>) => void)[] = [];
  let terminated = false;
  const host = createTeamWorkerHost((reply) => {
    messages.push(reply);
    const copy = structuredClone(reply);
    setTimeout(() => terminated || listeners.forEach((listen) => listen({ data: copy } as MessageEvent<WorkerReply>)));
  }, options);
  const port: WorkerPort = {
    postMessage(message) {
      messages.push(message);
      const copy = structuredClone(message);
      setTimeout(() => terminated || host.receive(copy));
    },
    addEventListener(type: "message" | "error", listener: (event: never) => void) {
      if (type === "message") listeners.push(listener as (event: MessageEvent<WorkerReply>) => void);
    },
    terminate() {
      terminated = true;
      host.dispose();
    },
  };
  return { port, messages };
}

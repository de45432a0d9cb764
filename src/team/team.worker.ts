/** The team worker: loads, indexes and exports the whole team off the page's thread. */
import { createTeamWorkerHost } from "./team-worker-host.ts";
import type { WorkerReply, WorkerRequest } from "./team-worker-protocol.ts";

/** The little of DedicatedWorkerGlobalScope used here (the DOM typings describe a window). */
interface WorkerScope {
  postMessage(message: WorkerReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<WorkerRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
const host = createTeamWorkerHost((reply) => scope.postMessage(reply));
scope.addEventListener("message", (event) => host.receive(event.data));

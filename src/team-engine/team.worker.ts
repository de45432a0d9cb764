/** The team worker: loads, indexes and exports the whole team off the page's thread. */
import { expose } from "comlink";
import { createTeamWorkerApi } from "./team-worker-api.ts";

expose(createTeamWorkerApi().api);

import { useSyncExternalStore } from "react";
import { connectionStore, type Connection } from "../api/connection.ts";

/** The saved connection; re-renders when it is saved or the keys are forgotten. */
export function useConnection(): Connection {
  return useSyncExternalStore(connectionStore.subscribe, connectionStore.get);
}

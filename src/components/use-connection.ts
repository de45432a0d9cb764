import { connectionStore, type Connection } from "../api/connection.ts";
import { useStoredValue } from "./use-stored-value.ts";

/** The saved connection; re-renders when it is saved or the keys are forgotten, here or in another tab. */
export const useConnection = (): Connection => useStoredValue(connectionStore);

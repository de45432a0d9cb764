import { useSyncExternalStore } from "react";
import type { StoredValue } from "../api/stored-value.ts";

/** A stored value, re-rendering when it changes here or in another tab. */
export function useStoredValue<T>(stored: Pick<StoredValue<T>, "get" | "subscribe">): T {
  return useSyncExternalStore(stored.subscribe, stored.get);
}

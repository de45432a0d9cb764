import { savedEntries, type SavedEntries } from "../api/saved-entries.ts";
import { useStoredValue } from "./use-stored-value.ts";

/** The saved teams, organizations and their keys; re-renders when they change, here or in another tab. */
export const useSavedEntries = (): SavedEntries => useStoredValue(savedEntries);

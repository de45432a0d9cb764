/** The user's preferences that more than one view reads; none of them is a secret. */
import { storageKeys, storedValue } from "./stored-value.ts";

export const undoWindow = { default: 5, max: 60 } as const;

/** Seconds a confirmed team deletion is held, with an Undo, before it is sent; 0 sends at once. */
export const undoSeconds = storedValue<number>({
  key: storageKeys.undoSeconds,
  storage: () => localStorage,
  parse: (raw) => (typeof raw === "number" && Number.isInteger(raw) && raw >= 0 && raw <= undoWindow.max ? raw : undefined),
  fallback: undoWindow.default,
});

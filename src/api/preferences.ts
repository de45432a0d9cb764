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

export const autoLoad = { default: 5_000, max: 200_000 } as const;

/** A team of at most this many users is loaded whole as soon as its users page shows; 0: only on request. */
export const autoLoadUsers = storedValue<number>({
  key: storageKeys.autoLoadUsers,
  storage: () => localStorage,
  parse: (raw) => (typeof raw === "number" && Number.isInteger(raw) && raw >= 0 && raw <= autoLoad.max ? raw : undefined),
  fallback: autoLoad.default,
});

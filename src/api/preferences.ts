/** The user's preferences that more than one view reads; none of them is a secret. */
import { storageKeys, storedValue, type StoredValue } from "./stored-value.ts";

/** A whole number from 0 to `max`, kept in localStorage. */
export interface NumberPreference extends StoredValue<number> {
  default: number;
  max: number;
  /** What it counts: "seconds", "users". */
  unit: string;
}

function wholeNumber(key: string, fallback: number, max: number, unit: string): NumberPreference {
  const isValid = (raw: unknown): raw is number => typeof raw === "number" && Number.isInteger(raw) && raw >= 0 && raw <= max;
  const stored = storedValue<number>({ key, storage: () => localStorage, parse: (raw) => (isValid(raw) ? raw : undefined), fallback });
  return { ...stored, default: fallback, max, unit };
}

/** Seconds a confirmed team deletion is held, with an Undo, before it is sent; 0 sends at once. */
export const undoSeconds = wholeNumber(storageKeys.undoSeconds, 5, 60, "seconds");

/**
 * A team of at most this many users is loaded whole as soon as its users page shows; 0: only on
 * request. Up to the largest team the browser indexes (`indexMaxUsers`).
 */
export const autoLoadUsers = wholeNumber(storageKeys.autoLoadUsers, 5_000, 1_000_000, "users");

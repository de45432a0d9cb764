/** The user's preferences that more than one view reads; none of them is a secret. */
import { storageKeys, storedValue, type StoredValue } from "./stored-value.ts";

/** A whole number from `min` (0 unless said) to `max`, kept in localStorage. */
export interface NumberPreference extends StoredValue<number> {
  default: number;
  min: number;
  max: number;
  /** What it counts: "seconds", "users". */
  unit: string;
}

function wholeNumber(key: string, fallback: number, max: number, unit: string, min = 0): NumberPreference {
  const isValid = (raw: unknown): raw is number => typeof raw === "number" && Number.isInteger(raw) && raw >= min && raw <= max;
  const stored = storedValue<number>({ key, storage: () => localStorage, parse: (raw) => (isValid(raw) ? raw : undefined), fallback });
  return { ...stored, default: fallback, min, max, unit };
}

/**
 * What a person typed for a preference: the number, or what is wrong with it. Digits may come
 * plain, written as this page writes numbers (`toLocaleString`: "1,000,000" in English,
 * "1.000.000" in Spanish, "10,00,000" in Indian English), or in threes apart by spaces.
 */
export function readWholeNumber(text: string, { min, max, unit }: NumberPreference): { value: number } | { error: string } {
  const typed = text.trim();
  const digits = typed.replace(/\D/g, "");
  const value = Number(digits);
  const readable =
    digits !== "" && (typed === digits || typed === value.toLocaleString() || /^\d{1,3}(?: \d{3})+$/.test(typed.replace(/\s/g, " ")));
  return readable && value >= min && value <= max
    ? { value }
    : { error: `A whole number of ${unit} from ${min.toLocaleString()} to ${max.toLocaleString()}.` };
}

/** Seconds a confirmed team deletion is held, with an Undo, before it is sent; 0 sends at once. */
export const undoSeconds = wholeNumber(storageKeys.undoSeconds, 5, 60, "seconds");

/**
 * A team of at most this many users is loaded whole as soon as its users page shows; 0: only on
 * request. Up to the largest team the browser indexes (`indexMaxUsers`).
 */
export const autoLoadUsers = wholeNumber(storageKeys.autoLoadUsers, 5_000, 1_000_000, "users");

/**
 * The most pages of the whole team (its load, and the exports that read the service's pages)
 * asked at once: they start at 4 and grow while the service answers faster (see
 * src/team-engine/pacer.ts), never above this. The worker's default is the same 16.
 */
export const pagesInFlight = wholeNumber(storageKeys.pagesInFlight, 16, 64, "pages", 1);

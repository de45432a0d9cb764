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

/** The locale's mark between groups of digits ("," in English), as `toLocaleString` writes numbers. */
const groupMark = new Intl.NumberFormat().formatToParts(1000).find((part) => part.type === "group")?.value ?? ",";
/** Digits in groups of three, apart by that mark or a space: "1,000,000", "1 000 000". */
const groupedDigits = new RegExp(`^\\d{1,3}(?:[${groupMark.replace(/[\\\]^-]/g, "\\$&")}\\s]\\d{3})+$`);

/**
 * What a person typed for a preference: the number, or what is wrong with it. Digits may be
 * grouped as this page writes them ("1,000,000" in English) or by spaces.
 */
export function readWholeNumber(text: string, { max, unit }: NumberPreference): { value: number } | { error: string } {
  const typed = text.trim();
  const value = /^\d+$/.test(typed) || groupedDigits.test(typed) ? Number(typed.replace(/\D/g, "")) : Number.NaN;
  return value <= max ? { value } : { error: `A whole number of ${unit} from 0 to ${max.toLocaleString()}.` };
}

/** Seconds a confirmed team deletion is held, with an Undo, before it is sent; 0 sends at once. */
export const undoSeconds = wholeNumber(storageKeys.undoSeconds, 5, 60, "seconds");

/**
 * A team of at most this many users is loaded whole as soon as its users page shows; 0: only on
 * request. Up to the largest team the browser indexes (`indexMaxUsers`).
 */
export const autoLoadUsers = wholeNumber(storageKeys.autoLoadUsers, 5_000, 1_000_000, "users");

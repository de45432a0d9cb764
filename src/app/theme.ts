import { useSyncExternalStore } from "react";

export type ThemeChoice = "system" | "light" | "dark";
const storageKey = "dashboard.theme";
const listeners = new Set<() => void>();

function stored(): ThemeChoice {
  const value = localStorage.getItem(storageKey);
  return value === "light" || value === "dark" ? value : "system";
}

/** `color-scheme` on the root decides every `light-dark()` colour; "system" leaves it to the OS. */
export function applyTheme(choice: ThemeChoice = stored()) {
  document.documentElement.dataset.theme = choice;
}

export function setTheme(choice: ThemeChoice) {
  if (choice === "system") localStorage.removeItem(storageKey);
  else localStorage.setItem(storageKey, choice);
  applyTheme(choice);
  listeners.forEach((listener) => listener());
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, stored);
}

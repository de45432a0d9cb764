import { storageKeys, storedValue } from "../api/stored-value.ts";

export type ThemeChoice = "system" | "light" | "dark";

/** The theme chosen in the header; "system" when none is stored. */
export const themeChoice = storedValue<ThemeChoice>({
  key: storageKeys.theme,
  storage: () => localStorage,
  parse: (raw) => (raw === "light" || raw === "dark" ? raw : undefined),
  fallback: "system",
});

/** `color-scheme` on the root decides every `light-dark()` colour; "system" leaves it to the OS. */
export function applyTheme(choice: ThemeChoice = themeChoice.get()) {
  document.documentElement.dataset.theme = choice;
}

export function setTheme(choice: ThemeChoice) {
  if (choice === "system") themeChoice.remove();
  else themeChoice.set(choice);
  applyTheme(choice);
}

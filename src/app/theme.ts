import { storageKeys, storedValue } from "../api/stored-value.ts";
import { useStoredValue } from "../components/use-stored-value.ts";

export type ThemeChoice = "system" | "light" | "dark";

const theme = storedValue<ThemeChoice>({
  key: storageKeys.theme,
  storage: () => localStorage,
  parse: (raw) => (raw === "light" || raw === "dark" ? raw : undefined),
  fallback: "system",
});

/** `color-scheme` on the root decides every `light-dark()` colour; "system" leaves it to the OS. */
export function applyTheme(choice: ThemeChoice = theme.get()) {
  document.documentElement.dataset.theme = choice;
}

export function setTheme(choice: ThemeChoice) {
  if (choice === "system") theme.remove();
  else theme.set(choice);
  applyTheme(choice);
}

export const useTheme = () => useStoredValue(theme);

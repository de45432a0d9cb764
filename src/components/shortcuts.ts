/** Whether a key press goes to a field: single-key shortcuts leave it alone. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

/** The key that opens the team switcher from any view. */
export const switcherShortcut = "t";

import { useEffect } from "react";
import { isTyping } from "../../components/shortcuts.ts";

/** `[` and `]` turn the page, anywhere on the page, unless the user is typing. */
export function usePageShortcuts({ page, pageCount }: { page: number; pageCount: number | undefined }, goTo: (page: number) => void) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (pageCount === undefined || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === "[" && page > 1) goTo(page - 1);
      if (event.key === "]" && page < pageCount) goTo(page + 1);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [page, pageCount, goTo]);
}

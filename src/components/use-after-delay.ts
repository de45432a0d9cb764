import { useEffect, useState } from "react";

/**
 * True once `on` has held for `ms`: for a note about a wait that lasts, not one that comes and
 * goes at every keystroke (each time a change the browser lays out and paints while the answer
 * waits for it, and news a screen reader announces).
 */
export function useAfterDelay(on: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [on, ms]);
  return on && late;
}

import { useCallback, useSyncExternalStore } from "react";

/** Whole seconds until `until` (a `Date.now()` instant), 0 once it has passed; read a few times a second. */
function useSecondsUntil(until: number): number {
  const subscribe = useCallback((tick: () => void) => {
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, []);
  return useSyncExternalStore(subscribe, () => Math.max(0, Math.ceil((until - Date.now()) / 1000)));
}

const clock = (s: number) => (s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`);

/**
 * The wait the service asked for (`Retry-After`), counting down for the eye; the bar's status says
 * it once to a screen reader. Nothing once the wait is over.
 */
export function WaitCountdown({ until }: { until: number }) {
  const secondsLeft = useSecondsUntil(until);
  if (secondsLeft === 0) return null;
  return (
    <p className="small" aria-hidden="true">
      The service asked to wait: retrying in {clock(secondsLeft)}
    </p>
  );
}

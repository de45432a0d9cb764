import { startTransition, useEffect, useState } from "react";

/**
 * False on the first render, then true once the frame that render produced has been painted, in
 * a transition. What the first paint does not need (rows below the fold, logos, the next page)
 * waits for it, so the first rows are not held up by them.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs before that frame is painted; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

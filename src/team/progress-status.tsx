/**
 * Progress that changes on every page for the eye, while what a screen reader is told changes only
 * at milestones: a status rewritten dozens of times a second would be read out as often.
 */
import type { ReactNode } from "react";

/** The quarter reached: 0, 25, 50, 75 or 100 (%). */
function milestone(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((done / total) * 4) * 25) : 0;
}

/** What the milestones say: "started", then "25 % done"… */
export const milestoneText = (done: number, total: number) => {
  const reached = milestone(done, total);
  return reached === 0 ? "started" : `${reached} % done`;
};

/** Inside a `role="status"`: the changing text, hidden from screen readers, and what they are told instead. */
export function ProgressStatus({ shown, said }: { shown: ReactNode; said: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{said}</span>
    </>
  );
}

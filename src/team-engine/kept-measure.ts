/**
 * A User Timing measure (DevTools' timeline and the browser bench read them), of which a thread
 * keeps at most 500 of a name: at the next, they are cleared and counting starts again. A session
 * of thousands of keystrokes would otherwise hold every one, and the searches typed with them,
 * for the life of the tab.
 */
const kept = 500;
const counts = new Map<string, number>();

export function keptMeasure(name: string, options: PerformanceMeasureOptions): void {
  const count = (counts.get(name) ?? 0) + 1;
  if (count > kept) performance.clearMeasures(name);
  counts.set(name, count > kept ? 1 : count);
  performance.measure(name, options);
}

/** The slowest tests of a run, printed at its end (unit and end-to-end alike), so growth is seen when it happens. */
export interface TestTime {
  name: string;
  ms: number;
}

export function slowestTests(times: readonly TestTime[], count = 10): string {
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  const total = times.reduce((sum, { ms }) => sum + ms, 0);
  const lines = slowest.map(({ name, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  return [`The ${slowest.length} slowest of ${times.length} tests (${(total / 1000).toFixed(0)} s of test time in all):`, ...lines].join(
    "\n",
  );
}

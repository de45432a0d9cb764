/**
 * How many lines a chart draws, and how each looks. A look is a colour and a dash, both its own:
 * no two lines share either, so colour never tells two lines apart alone. There are eight looks;
 * beyond eight series, the seven largest are drawn and the rest are summed as one line.
 */

/** Each look's colour (a theme variable, light and dark) and dash; the last, grey, is the summed line's. */
export const lineStyles: readonly { colour: string; dash: readonly number[] }[] = [
  { colour: "var(--chart-1)", dash: [] },
  { colour: "var(--chart-2)", dash: [8, 4] },
  { colour: "var(--chart-3)", dash: [2, 3] },
  { colour: "var(--chart-4)", dash: [10, 3, 2, 3] },
  { colour: "var(--chart-5)", dash: [4, 4] },
  { colour: "var(--chart-6)", dash: [1, 6] },
  { colour: "var(--chart-8)", dash: [12, 6] },
  { colour: "var(--chart-7)", dash: [6, 2, 2, 2] },
];

export interface Series {
  key: string;
  label: string;
  values: number[];
}

/** A series as drawn: `style` indexes `lineStyles`. */
export interface Line extends Series {
  style: number;
}

/** The summed line's key (a source's key is its slug, which this cannot be taken for). */
export const otherKey = "*other";

/**
 * The lines of `series` (over the same periods): all of them while they fit the looks, largest
 * total first; else the largest `lineStyles.length - 1`, and "Other sources" summing the rest,
 * whose labels `summed` lists.
 */
export function drawnLines(series: readonly Series[], otherLabel: string): { lines: Line[]; summed: string[] } {
  const total = (s: Series) => s.values.reduce((sum, n) => sum + n, 0);
  const ranked = series
    .map((s) => ({ s, total: total(s) }))
    .sort((a, b) => b.total - a.total || a.s.label.localeCompare(b.s.label))
    .map(({ s }) => s);
  const fit = ranked.length <= lineStyles.length ? ranked.length : lineStyles.length - 1;
  const lines = ranked.slice(0, fit).map((s, style) => ({ ...s, style }));
  const rest = ranked.slice(fit);
  if (rest.length === 0) return { lines, summed: [] };
  const values = rest[0]!.values.map((_, i) => rest.reduce((sum, s) => sum + s.values[i]!, 0));
  return {
    lines: [...lines, { key: otherKey, label: otherLabel, values, style: lineStyles.length - 1 }],
    summed: rest.map((s) => s.label),
  };
}

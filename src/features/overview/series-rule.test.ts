import { describe, expect, it } from "vitest";
import { drawnLines, lineStyles, otherKey, type Series } from "./series-rule.ts";

/** `n` series over three periods; series i totals n - i (the first is the largest). */
const seriesOf = (n: number): Series[] =>
  Array.from({ length: n }, (_, i) => ({ key: `s${i}`, label: `Source ${String(i).padStart(2, "0")}`, values: [n - i, 0, 0] }));

/** Whether every line has a colour and a dash no other line has. */
function allDistinct(styles: number[]) {
  const looks = styles.map((style) => lineStyles[style]!);
  return (
    new Set(looks.map((look) => look.colour)).size === looks.length && new Set(looks.map((look) => look.dash.join())).size === looks.length
  );
}

describe("the series rule: every line tells itself apart", () => {
  it("has eight looks, no colour and no dash twice", () => {
    expect(lineStyles).toHaveLength(8);
    expect(allDistinct(lineStyles.map((_, i) => i))).toBe(true);
  });

  it.each([1, 8])("draws %i series each as itself", (n) => {
    const { lines, summed } = drawnLines(seriesOf(n), "Other sources");
    expect(lines.map((line) => line.key)).toEqual(seriesOf(n).map((s) => s.key));
    expect(summed).toEqual([]);
    expect(allDistinct(lines.map((line) => line.style))).toBe(true);
  });

  it.each([9, 30])("draws the seven largest of %i series and sums the rest as one line of its own look", (n) => {
    const { lines, summed } = drawnLines(seriesOf(n).reverse(), "Other sources");
    expect(lines).toHaveLength(8);
    expect(lines.slice(0, 7).map((line) => line.key)).toEqual(["s0", "s1", "s2", "s3", "s4", "s5", "s6"]);
    const other = lines[7]!;
    expect(other).toMatchObject({ key: otherKey, label: "Other sources", style: 7 });
    expect(summed).toHaveLength(n - 7);
    expect(summed).toContain("Source 07");
    // The sum of the series left out, period by period: n - 7 + … + 1 in the first, nothing after.
    expect(other.values).toEqual([((n - 7) * (n - 6)) / 2, 0, 0]);
    expect(allDistinct(lines.map((line) => line.style))).toBe(true);
  });

  it("ranks equal totals by label", () => {
    const same = ["b", "a", "c"].map((label) => ({ key: label, label, values: [1] }));
    expect(drawnLines(same, "Other").lines.map((line) => line.label)).toEqual(["a", "b", "c"]);
  });
});

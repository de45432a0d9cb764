import { afterEach, describe, expect, it } from "vitest";
import { keptMeasure } from "./kept-measure.ts";

describe("keptMeasure", () => {
  afterEach(() => performance.clearMeasures());

  it("keeps at most 500 measures of a name, then clears them and starts again, and leaves other names alone", () => {
    keptMeasure("other", { start: 0 });
    for (let n = 0; n < 1_234; n++) keptMeasure("team view work", { start: 0, detail: { search: String(n) } });
    const entries = performance.getEntriesByName("team view work", "measure");
    expect(entries).toHaveLength(1_234 - 2 * 500); // cleared at the 501st and the 1,001st
    expect((entries.at(-1) as PerformanceMeasure).detail).toEqual({ search: "1233" });
    expect(performance.getEntriesByName("other", "measure")).toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import { milestoneText } from "./progress-status.tsx";

describe("milestoneText", () => {
  it("names a quarter once it is reached, never more than the whole", () => {
    expect([0, 4_999, 5_000, 9_999, 10_000, 15_000, 19_999, 20_000, 20_500].map((done) => milestoneText(done, 20_000))).toEqual([
      "started",
      "started",
      "25 % done",
      "25 % done",
      "50 % done",
      "75 % done",
      "75 % done",
      "100 % done",
      "100 % done",
    ]);
  });

  it("says started while the total is unknown", () => {
    expect(milestoneText(0, 0)).toBe("started");
  });
});

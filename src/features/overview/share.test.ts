import { describe, expect, it } from "vitest";
import { formatShare } from "./share.ts";

describe("a share, written one way", () => {
  it("is a whole percent, never 0% or 100% unless it is", () => {
    expect(formatShare(389, 1000)).toBe("39%");
    expect(formatShare(13, 100)).toBe("13%");
    expect(formatShare(0, 10)).toBe("0%");
    expect(formatShare(10, 10)).toBe("100%");
    expect(formatShare(1, 1000)).toBe("<1%");
    expect(formatShare(999, 1000)).toBe(">99%");
    expect(formatShare(0, 0)).toBe("0%");
  });
});

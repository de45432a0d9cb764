import { describe, expect, it } from "vitest";
import { normalizePage, normalizePageSize } from "../../team-engine/page-range.ts";

describe("page parameters from the URL", () => {
  it.each([
    [null, 100],
    ["25", 25],
    ["500", 500],
    ["9999", 500],
    ["501", 500],
    ["30", 50],
    ["1", 25],
    ["0", 100],
    ["-3", 100],
    ["abc", 100],
  ])("page size %s becomes %i", (raw, size) => {
    expect(normalizePageSize(raw)).toBe(size);
  });

  it.each([
    [null, 1],
    ["1", 1],
    ["7", 7],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["x", 1],
  ])("page %s becomes %i", (raw, page) => {
    expect(normalizePage(raw)).toBe(page);
  });
});

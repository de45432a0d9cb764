import { describe, expect, it } from "vitest";
import { autoLoadUsers } from "../api/preferences.ts";
import { indexMaxUsers } from "../team-engine/whole-team-limits.ts";
import { pagesPerSecondText, teamMemoryText, tooLargeText } from "./whole-team-words.ts";

describe("whole-team limits", () => {
  it("lets Settings load automatically up to the largest team the browser indexes, a million", () => {
    expect(indexMaxUsers).toBe(1_000_000);
    expect(autoLoadUsers.max).toBe(indexMaxUsers);
    expect(autoLoadUsers.default).toBe(5_000);
  });

  it("says what a team will take of memory, in megabytes", () => {
    expect(teamMemoryText(8)).toBe("under 1 MB");
    expect(teamMemoryText(20_000)).toBe("about 5.0 MB");
    expect(teamMemoryText(1_000_000)).toBe("about 250 MB");
  });

  it("says of a team over the limit that it cannot be searched in memory, and can be exported (no memory figure)", () => {
    expect(tooLargeText(1_200_000)).toBe(
      "This team has 1,200,000 users, more than the 1,000,000 the browser can search in memory. It can still be exported, page after page.",
    );
  });
});

describe("pagesPerSecondText", () => {
  it("writes a tenth below 10 pages a second, whole numbers above (this run's locale: English)", () => {
    expect(pagesPerSecondText(0.45)).toBe("0.5 pages/s");
    expect(pagesPerSecondText(9.96)).toBe("10 pages/s");
    expect(pagesPerSecondText(19.4)).toBe("19 pages/s");
    expect(pagesPerSecondText(1234.6)).toBe("1,235 pages/s");
  });
});

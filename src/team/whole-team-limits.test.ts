import { describe, expect, it } from "vitest";
import { autoLoadUsers } from "../api/preferences.ts";
import { indexMaxUsers, teamMemoryText } from "./whole-team-limits.ts";

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
});

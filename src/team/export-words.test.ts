import { describe, expect, it } from "vitest";
import { endedExportText } from "./export-words.ts";

const picked = { format: "csv", users: 312_000, total: 1_000_000, fileName: "team.csv", teamLabel: "Sleep study" } as const;
const downloaded = { ...picked, format: "ndjson", fileName: null } as const;

describe("what an export ended early says", () => {
  it("says how far it got, and that a picked file was left as it was or that nothing was downloaded", () => {
    expect(endedExportText(picked, { how: "cancelled" })).toBe(
      "The CSV export was cancelled at 312,000 of 1,000,000 users: team.csv was left as it was.",
    );
    expect(endedExportText(downloaded, { how: "cancelled" })).toBe(
      "The NDJSON export was cancelled at 312,000 of 1,000,000 users: nothing was downloaded.",
    );
  });

  it("says why it failed", () => {
    expect(endedExportText(picked, { how: "failed", message: "The service failed (500)." })).toBe(
      "The CSV export stopped at 312,000 of 1,000,000 users: The service failed (500); team.csv was left as it was.",
    );
  });

  it("names the team when the tab let go of it, since another view, or another team, may be on screen", () => {
    expect(endedExportText(downloaded, { how: "let go" })).toBe(
      "The NDJSON export of Sleep study stopped at 312,000 of 1,000,000 users when this tab let go of the team (its key was forgotten or changed, or another team was opened): nothing was downloaded.",
    );
  });
});

import type { UseQueryResult } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Connection } from "../../api/connection.ts";
import type { PageAsSent } from "../../api/list-users.ts";
import type { TeamEntry } from "../../api/saved-entries.ts";
import { keyStatus } from "./team-rows.ts";

const teamId = "0a0a0a0a-0000-4000-8000-00000000000a";
const other = "0b0b0b0b-0000-4000-8000-00000000000b";
const team: TeamEntry = {
  id: "t",
  label: "Sleep",
  environment: "sandbox",
  baseUrl: "",
  teamId,
  orgEntryId: null,
  hasKey: true,
  service: "eu",
  provided: true,
};
const connection = { teamApiKey: "a key of some team" } as Connection;
const answered = (firstTeam: string | undefined) =>
  ({
    isSuccess: true,
    isError: false,
    data: { page: { users: firstTeam ? [{ team_id: firstTeam }] : [], total: 3 } },
  }) as unknown as UseQueryResult<PageAsSent>;

describe("a team's key, as its row says", () => {
  it("works when the service lists this team with it (or an empty team)", () => {
    expect(keyStatus(team, connection, answered(teamId.toUpperCase()))).toEqual({ kind: "works" });
    expect(keyStatus(team, connection, answered(undefined))).toEqual({ kind: "works" });
  });

  it("is flagged, not trusted, when the service lists another team with it", () => {
    expect(keyStatus(team, connection, answered(other))).toEqual({
      kind: "another team",
      reason: `The service lists team ${other} with this key, not ${teamId}. Enter this team's own key.`,
    });
  });
});

import type { ActivityEntry } from "./activity-record.ts";

/** A list request by one person, changed where a test says. */
export const entry = (extra: Partial<ActivityEntry> = {}): ActivityEntry => ({
  who: "ada@example.org",
  service: "us",
  operation: "list-users",
  orgId: null,
  teamId: "team-a",
  offset: 0,
  limit: 100,
  status: 200,
  outcome: "ok",
  usersReturned: 100,
  durationMs: 1.5,
  ...extra,
});

/** How the activity record's values read in its table (kept apart from the page, so they are tested). */
import type { ActivityRow } from "../../api/activity.ts";

export const operationWords: Record<string, string> = {
  "list-users": "List users",
  "delete-team": "Delete team",
  "sign-in": "Sign in",
  "sign-out": "Sign out",
  "read-activity": "Read activity",
  "other-request": "Other request",
};

export const outcomeWords: Record<string, string> = { ok: "OK", refused: "Refused", failed: "Failed" };

/** "0–100" for a page of users; empty for an operation that has none. */
export function rangeText({ offset, limit }: Pick<ActivityRow, "offset" | "limit">): string {
  if (offset === null && limit === null) return "";
  return `${offset ?? 0}–${(offset ?? 0) + (limit ?? 0)}`;
}

/** The team and its organization as one cell: "team <id> · org <id>". */
export function targetText({ teamId, orgId }: Pick<ActivityRow, "teamId" | "orgId">): string {
  return [teamId && `team ${teamId}`, orgId && `org ${orgId}`].filter(Boolean).join(" · ");
}

export const durationText = (ms: number | null) => (ms === null ? "" : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

export const whoText = (who: string | null) => who ?? "not signed in";

/**
 * Who deleted a team and when, as the dashboard's activity record has it (`GET /api/deletions`),
 * for the Teams rows of provided teams when the deployment signs people in.
 */
import { readErrorBody } from "./contract-reader.ts";
import { noticeSessionEnded } from "./session.ts";

export interface ServerDeletion {
  /** The person's email; null when the record has none. */
  who: string | null;
  at: string;
}

/** The answer read tolerantly: entries that are not a deletion are left out. */
export function parseDeletions(body: unknown): Record<string, ServerDeletion> {
  const deletions = (body as { deletions?: unknown } | null)?.deletions;
  if (typeof deletions !== "object" || deletions === null)
    throw new Error("The dashboard's server answered /api/deletions with no deletions.");
  const found: Record<string, ServerDeletion> = {};
  for (const [teamId, value] of Object.entries(deletions as Record<string, unknown>)) {
    const { who, at } = (value ?? {}) as { who?: unknown; at?: unknown };
    if (typeof at === "string") found[teamId.toLowerCase()] = { who: typeof who === "string" ? who : null, at };
  }
  return found;
}

export const deletionsPath = (teamIds: readonly string[]) =>
  `/api/deletions?${new URLSearchParams(teamIds.map((id) => ["team", id])).toString()}`;

export async function fetchDeletions(teamIds: readonly string[], signal?: AbortSignal): Promise<Record<string, ServerDeletion>> {
  if (teamIds.length === 0) return {};
  const response = await fetch(deletionsPath(teamIds), { headers: { accept: "application/json" }, credentials: "same-origin", signal });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && response.headers.get("x-dashboard-refusal")) noticeSessionEnded();
  if (!response.ok) {
    const detail = readErrorBody(body)?.detail;
    throw new Error(
      typeof detail === "string" ? detail : `The dashboard's server answered ${response.status} for its record of deletions.`,
    );
  }
  return parseDeletions(body);
}

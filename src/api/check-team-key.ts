/**
 * A team API key checked before it is saved: by the rules (never a key saved as a management key
 * or for another team), then with the service (`GET /v2/user/?limit=1`, whose answer tells the
 * team's ID and size), whose team ID must be the one typed or saved. The team form and the
 * request for a key this tab lacks both save a key through it.
 */
import { describeError, errorSentence } from "./describe-error.ts";
import { sameTeamProblem, settleTeamId, teamKeyProblem } from "./entry-rules.ts";
import { asTeamApiKey } from "./key-kinds.ts";
import { createUsersClient, listWords, type PageAsSent } from "./list-users.ts";
import type { SavedEntries, TeamEntry } from "./saved-entries.ts";

export interface TeamKeyToCheck {
  key: string;
  /** The team's API base URL, as saved (see normalizeUrl). */
  baseUrl: string;
  /**
   * The team the key must open: one whose ID is typed in the team form (empty: the service tells
   * it), with the entry being edited; or a saved team, whose ID is known.
   */
  team: { typedId: string; editing?: TeamEntry } | { saved: TeamEntry };
}

export type TeamKeyCheck =
  /** The key opens the team: its first page of one user, to seed the cache, and its ID. */
  | { teamId: string; checked: PageAsSent }
  /** A field's problem, in words. */
  | { field: "teamApiKey" | "teamId"; problem: string }
  /** The service refused the key, or could not be asked: one sentence. */
  | { failure: string };

export async function checkTeamKey(saved: SavedEntries, { key, baseUrl, team }: TeamKeyToCheck): Promise<TeamKeyCheck> {
  const entry = "saved" in team ? team.saved : team.editing;
  const kind = teamKeyProblem(saved, key, entry?.id);
  if (kind) return { field: "teamApiKey", problem: kind };

  let checked: PageAsSent;
  try {
    checked = await createUsersClient({ baseUrl, apiKey: asTeamApiKey(key.trim()) }).listUsersAsSent({ offset: 0, limit: 1 });
  } catch (error) {
    return { failure: `The key was not saved. ${errorSentence(describeError(error, listWords))}` };
  }
  const learned = checked.page.users[0]?.team_id;

  // A saved team's ID is not in question: a key of another team is the key's problem.
  if ("saved" in team) {
    const settled = settleTeamId(team.saved.teamId, learned, team.saved.label);
    return "problem" in settled ? { field: "teamApiKey", problem: settled.problem } : { teamId: settled.teamId, checked };
  }
  const settled = settleTeamId(team.typedId, learned);
  if ("problem" in settled) return { field: "teamId", problem: settled.problem };
  const twin = sameTeamProblem(saved, settled.teamId, baseUrl, entry?.id);
  return twin ? { field: "teamId", problem: twin } : { teamId: settled.teamId, checked };
}

/**
 * What a saved team or organization must be, in words a person can act on: the forms and the
 * import apply the same rules. Pure functions over the saved entries.
 */
import { placeRef } from "./connection.ts";
import { servedAt, type OrgEntry, type SavedEntries, type TeamEntry } from "./saved-entries.ts";
import { isUuid, uuidProblem } from "./uuid.ts";

export interface TeamDraft {
  label: string;
  /** A service of the deployment, by name; empty or absent: "Another URL…" (baseUrl and environment typed). */
  service?: string;
  environment: string;
  baseUrl: string;
  /** Empty: a delete-only entry, or (when editing) keep the saved key. */
  teamApiKey: string;
  /** Empty: learned from the service. */
  teamId: string;
  orgEntryId: string | null;
}

export interface OrgDraft {
  label: string;
  orgId: string;
  /** A service of the deployment, by name; empty or absent: "Another URL…" (managementUrl typed). */
  service?: string;
  managementUrl: string;
  /** Empty: none in this tab, or (when editing) keep the saved key. */
  managementKey: string;
}

export type Problems<Draft> = Partial<Record<keyof Draft, string>>;

/** The environments offered; the operator may type another word. */
export const environments = ["production", "staging", "sandbox", "development"] as const;

/** What is wrong with an API URL; nothing when it is empty (this origin) or a full http(s) address. */
export function urlProblem(value: string): string | undefined {
  if (value.trim() === "") return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? undefined : "Use an http:// or https:// address.";
  } catch {
    return "Enter a full address, such as https://api.example.com, or leave it empty for this origin.";
  }
}

/** An API URL as compared and saved: trimmed, no trailing slash; this origin written as empty. */
export function normalizeUrl(value: string, origin: string): string {
  const url = value.trim().replace(/\/+$/, "");
  return url === origin ? "" : url;
}

const required = (value: string, what: string) => (value.trim() === "" ? `Enter ${what}.` : undefined);

/** Where a draft's operations would go (see servedAt): its service, or its URL as saved. */
export const draftPlace = (service: string | undefined, url: string, origin: string) =>
  servedAt(service, service ? "" : normalizeUrl(url, origin));

/**
 * The saved team that already is this team: the same team ID at the same place (see servedAt), or
 * at a place its reference in the URL could not tell apart (see placeRef).
 */
export const sameTeam = (saved: Pick<SavedEntries, "teams">, teamId: string, place: string, exceptId?: string): TeamEntry | undefined =>
  saved.teams.find(
    (team) =>
      team.id !== exceptId &&
      team.teamId === teamId.trim().toLowerCase() &&
      placeRef(servedAt(team.service, team.baseUrl)) === placeRef(place),
  );

/** The saved organization that already is this one (same organization ID at the same place). */
export const sameOrg = (saved: Pick<SavedEntries, "orgs">, orgId: string, place: string, exceptId?: string): OrgEntry | undefined =>
  saved.orgs.find(
    (org) => org.id !== exceptId && org.orgId === orgId.trim().toLowerCase() && servedAt(org.service, org.managementUrl) === place,
  );

/** What is wrong with saving this team again: it is saved already (same team ID and service or API base URL). */
export function sameTeamProblem(saved: Pick<SavedEntries, "teams">, teamId: string, place: string, exceptId?: string) {
  const twin = sameTeam(saved, teamId, place, exceptId);
  return twin && `This team is already saved, as ${twin.label} (same team ID and ${twin.service ? "service" : "API base URL"}).`;
}

/** Which saved entry a key already belongs to, and as what kind. */
function keyOwner(saved: SavedEntries, key: string, exceptId?: string) {
  const trimmed = key.trim();
  if (trimmed === "") return undefined;
  const team = saved.teams.find((t) => t.id !== exceptId && saved.keys.teams[t.id] === trimmed);
  if (team) return { kind: "team" as const, label: team.label };
  const org = saved.orgs.find((o) => o.id !== exceptId && saved.keys.orgs[o.id] === trimmed);
  return org && { kind: "management" as const, label: org.label };
}

/**
 * What is wrong with a team API key before it is sent: it is saved as an organization's
 * management key, or for another team (`exceptId`: the team entry it is given for).
 */
export function teamKeyProblem(saved: SavedEntries, key: string, exceptId?: string): string | undefined {
  const owner = keyOwner(saved, key, exceptId);
  if (owner?.kind === "management") return `This is the management key of ${owner.label}. A team is listed with its own team API key.`;
  return owner && `This key is already saved, for ${owner.label}.`;
}

/** What is wrong with a management key before it is saved: it is saved as a team's key, or for another organization. */
export function managementKeyProblem(saved: SavedEntries, key: string, exceptId?: string): string | undefined {
  const owner = keyOwner(saved, key, exceptId);
  if (owner?.kind === "team") return `This is the team API key of ${owner.label}. Deleting a team needs the organization's management key.`;
  return owner && `This key is already saved, for ${owner.label}.`;
}

/**
 * A team entry's problems before anything is sent. `editing` is the entry being edited, whose
 * own key and team ID do not count as duplicates. The team ID may still be empty here when a
 * key is given: the service tells it.
 */
export function teamDraftProblems(draft: TeamDraft, saved: SavedEntries, origin: string, editing?: TeamEntry): Problems<TeamDraft> {
  const problems: Problems<TeamDraft> = {
    label: required(draft.label, "a label, the name you know this team by"),
    // A service tells the environment and the place.
    environment: draft.service ? undefined : required(draft.environment, "an environment, such as production or sandbox"),
    baseUrl: draft.service ? undefined : urlProblem(draft.baseUrl),
    teamId: uuidProblem(draft.teamId, "The team ID"),
  };
  const keeping = editing?.hasKey === true && draft.teamApiKey.trim() === "";
  if (draft.teamApiKey.trim() === "" && !keeping && draft.teamId.trim() === "")
    problems.teamId = "Without a team API key, type the team ID: it is what a deletion names.";
  problems.teamApiKey = teamKeyProblem(saved, draft.teamApiKey, editing?.id);
  if (!problems.teamId && !problems.baseUrl && isUuid(draft.teamId))
    problems.teamId = sameTeamProblem(saved, draft.teamId, draftPlace(draft.service, draft.baseUrl, origin), editing?.id);
  return withoutEmpty(problems);
}

/** An organization entry's problems. */
export function orgDraftProblems(draft: OrgDraft, saved: SavedEntries, origin: string, editingId?: string): Problems<OrgDraft> {
  const problems: Problems<OrgDraft> = {
    label: required(draft.label, "a label, the name you know this organization by"),
    orgId: required(draft.orgId, "the organization ID") ?? uuidProblem(draft.orgId, "The organization ID"),
    managementUrl: draft.service ? undefined : urlProblem(draft.managementUrl),
    managementKey: managementKeyProblem(saved, draft.managementKey, editingId),
  };
  if (!problems.orgId && !problems.managementUrl) {
    const twin = sameOrg(saved, draft.orgId, draftPlace(draft.service, draft.managementUrl, origin), editingId);
    if (twin) problems.orgId = `This organization is already saved, as ${twin.label}.`;
  }
  return withoutEmpty(problems);
}

/**
 * The team ID to save, once the service answered: the one it gave (the first user's `team_id`),
 * or the typed one for an empty team; a typed ID that differs from the service's is refused.
 * `savedAs` names the saved team whose ID `typed` is: then only the key can be wrong.
 */
export function settleTeamId(typed: string, learned: string | undefined, savedAs?: string): { teamId: string } | { problem: string } {
  const mine = typed.trim().toLowerCase();
  if (learned === undefined)
    return mine
      ? { teamId: mine }
      : { problem: "This team has no users yet, so the service cannot tell its ID. Type the team ID to save it." };
  const theirs = learned.toLowerCase();
  if (mine && mine !== theirs)
    return {
      problem:
        savedAs === undefined
          ? `The service says this key's team is ${theirs}, not ${mine}. Check the key or the ID.`
          : `This key is of team ${theirs}, not of ${savedAs} (${mine}). Enter the team API key of ${savedAs}.`,
    };
  return { teamId: theirs };
}

function withoutEmpty<T extends object>(problems: T): T {
  return Object.fromEntries(Object.entries(problems).filter(([, value]) => value !== undefined)) as T;
}

export const hasProblems = (problems: object) => Object.keys(problems).length > 0;

/**
 * How a view reaches its team: the saved team entry named in the URL, its organization entry,
 * and their keys in this tab, as one `Connection` that the operations' clients take.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { orgOf, servedAt, type OrgEntry, type SavedEntries, type TeamEntry } from "./saved-entries.ts";

export interface Connection {
  /** Empty: this origin. */
  baseUrl: string;
  /** Empty: this origin. */
  managementUrl: string;
  orgId: string;
  teamApiKey: string;
  managementKey: string;
}

/** The connection of a saved team (and its organization, if saved), with the keys this tab holds. */
export function connectionOf(saved: SavedEntries, team: TeamEntry): Connection {
  const org = orgOf(saved, team);
  return {
    baseUrl: servedAt(team.service, team.baseUrl),
    managementUrl: org ? servedAt(org.service, org.managementUrl) : "",
    orgId: org?.orgId ?? "",
    teamApiKey: saved.keys.teams[team.id] ?? "",
    managementKey: org ? (saved.keys.orgs[org.id] ?? "") : "",
  };
}

/** The connection of an organization alone: it can delete, not list. */
export const orgConnection = (saved: SavedEntries, org: OrgEntry): Connection => ({
  baseUrl: "",
  managementUrl: servedAt(org.service, org.managementUrl),
  orgId: org.orgId,
  teamApiKey: "",
  managementKey: saved.keys.orgs[org.id] ?? "",
});

/** The host of an API URL as people read it; empty means this origin. */
export function hostOf(url: string): string {
  if (!url) return "this origin";
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The team's reference in the URL: its team ID, which a colleague who saved the same team also
 * has; with the service's name (or the host) added when two saved teams at different services
 * share that ID.
 */
export function teamRef(team: TeamEntry, teams: readonly TeamEntry[]): string {
  const shared = teams.some((other) => other.id !== team.id && other.teamId === team.teamId);
  return shared ? `${team.teamId}@${team.service || (team.baseUrl ? hostOf(team.baseUrl) : "here")}` : team.teamId;
}

/** The saved team a URL's reference names, if any. */
export function findTeamByRef(teams: readonly TeamEntry[], ref: string): TeamEntry | undefined {
  const wanted = ref.toLowerCase();
  const [teamId] = wanted.split("@");
  const candidates = teams.filter((team) => team.teamId === teamId);
  return candidates.length === 1 ? candidates[0] : candidates.find((team) => teamRef(team, teams) === wanted);
}

/** The views of a team, each under the team's path. */
export type TeamView = "users" | "overview";

/** The path of a view of a saved team: `/t/<ref>/users`. */
export const teamPath = (team: TeamEntry, teams: readonly TeamEntry[], view: TeamView = "users") =>
  `/t/${encodeURIComponent(teamRef(team, teams))}/${view}`;

/**
 * Where and as whom the team client reads, as a SHA-256 digest: cached data of two connections
 * never share a key (a 32-bit hash could collide), and no key is in any cache key. A key opens
 * one team at one place, so the same place and key always get the same answers.
 */
export function teamTag(connection: Pick<Connection, "baseUrl" | "teamApiKey">): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(["team tag", connection.baseUrl, connection.teamApiKey]))));
}

/**
 * How a view reaches its team: the saved team entry named in the URL, its organization entry,
 * and their keys in this tab, as one `Connection` that the operations' clients take.
 */
import { orgOf, servedAt, type OrgEntry, type SavedEntries, type TeamEntry } from "./saved-entries.ts";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export interface Connection {
  /** Empty: this origin. */
  baseUrl: string;
  /** Empty: this origin. */
  managementUrl: string;
  orgId: string;
  teamApiKey: string;
  managementKey: string;
  /** The team's ID when the deployment holds its API key (then `teamApiKey` is empty): see TeamKeyHeld. */
  heldTeamId?: string;
  /** The deployment holds the organization's management key (then `managementKey` is empty). */
  managementKeyHeld?: boolean;
}

/** Whether the connection can list its team's users: a key in this tab, or the deployment's. */
export const canList = (connection: Connection) => connection.teamApiKey !== "" || Boolean(connection.heldTeamId);
/** Whether the connection can delete: a management key in this tab, or the deployment's. */
export const canDelete = (connection: Connection) => connection.managementKey !== "" || connection.managementKeyHeld === true;

/** A held key is never asked of the tab; a key it may still hold from before is not used. */
const orgKeys = (saved: SavedEntries, org: OrgEntry) =>
  org.keyHeld ? { managementKey: "", managementKeyHeld: true } : { managementKey: saved.keys.orgs[org.id] ?? "" };

/** The connection of a saved team (and its organization, if saved), with the keys this tab holds. */
export function connectionOf(saved: SavedEntries, team: TeamEntry): Connection {
  const org = orgOf(saved, team);
  return {
    baseUrl: servedAt(team.service, team.baseUrl),
    managementUrl: org ? servedAt(org.service, org.managementUrl) : "",
    orgId: org?.orgId ?? "",
    ...(team.keyHeld ? { teamApiKey: "", heldTeamId: team.teamId } : { teamApiKey: saved.keys.teams[team.id] ?? "" }),
    ...(org ? orgKeys(saved, org) : { managementKey: "" }),
  };
}

/** The connection of an organization alone: it can delete, not list. */
export const orgConnection = (saved: SavedEntries, org: OrgEntry): Connection => ({
  baseUrl: "",
  managementUrl: servedAt(org.service, org.managementUrl),
  orgId: org.orgId,
  teamApiKey: "",
  ...orgKeys(saved, org),
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
 * Where an entry is served (see servedAt), as the team's reference names it: the service's name,
 * "here" for this origin, or a URL's host and path with `~` for `/` — readable, safe in a path,
 * in lower case (so entries whose references would be equal are refused as one: see sameTeam).
 */
export function placeRef(place: string): string {
  if (place === "") return "here";
  if (place.startsWith("/s/")) return place.slice(3).toLowerCase();
  try {
    const url = new URL(place);
    return `${url.host}${url.pathname.replace(/\/+$/, "")}`.replaceAll("/", "~").toLowerCase();
  } catch {
    return place.replaceAll("/", "~").toLowerCase();
  }
}

const placeRefOf = (team: TeamEntry) => placeRef(servedAt(team.service, team.baseUrl));

/**
 * The team's reference in the URL: its team ID, which a colleague who saved the same team also
 * has; with its place added (placeRef: the service's name, or the URL's host and path) when
 * another saved team has that ID.
 */
export function teamRef(team: TeamEntry, teams: readonly TeamEntry[]): string {
  const shared = teams.some((other) => other.id !== team.id && other.teamId === team.teamId);
  return shared ? `${team.teamId}@${placeRefOf(team)}` : team.teamId;
}

/**
 * The saved team a URL's reference names, if exactly one: by its ID alone while no other saved
 * team has it, else by its place — or, for a link made before paths were named (`teamId@host`),
 * by its host when only one of them is there.
 */
export function findTeamByRef(teams: readonly TeamEntry[], ref: string): TeamEntry | undefined {
  const [teamId = "", place] = ref.toLowerCase().split(/@(.*)/s);
  const candidates = teams.filter((team) => team.teamId === teamId);
  const only = (found: readonly TeamEntry[]) => (found.length === 1 ? found[0] : undefined);
  if (place === undefined) return only(candidates);
  const named = candidates.filter((team) => placeRefOf(team) === place);
  if (named.length > 0) return only(named);
  return only(candidates.filter((team) => !team.service && team.baseUrl !== "" && hostOf(team.baseUrl).toLowerCase() === place));
}

/** The views of a team, each under the team's path. */
export type TeamView = "users" | "overview";

/** The path of a view of a saved team: `/t/<ref>/users`. */
export const teamPath = (team: TeamEntry, teams: readonly TeamEntry[], view: TeamView = "users") =>
  `/t/${pathSegment(teamRef(team, teams))}/${view}`;

/** A reference as a path segment: `@` and `:` may stay as they are there, and read better. */
const pathSegment = (ref: string) => encodeURIComponent(ref).replaceAll("%40", "@").replaceAll("%3A", ":");

/**
 * Where and as whom the team client reads, as a SHA-256 digest: cached data of two connections
 * never share a key (a 32-bit hash could collide), and no key is in any cache key. A key opens
 * one team at one place, so the same place and key always get the same answers.
 */
export function teamTag(connection: Pick<Connection, "baseUrl" | "teamApiKey" | "heldTeamId">): string {
  // A held key is the same for none of the service's teams: the team names the connection then.
  const held = connection.heldTeamId ? [connection.heldTeamId] : [];
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(["team tag", connection.baseUrl, connection.teamApiKey, ...held]))));
}

/**
 * The teams and organizations the operator saved: the dashboard's stand-in for "list teams",
 * which the service does not offer. What is not secret (labels, URLs, IDs, environment) lives
 * in localStorage. The keys are shared by this browser's open tabs of the dashboard: each tab
 * keeps them in its sessionStorage, a new tab gets them from the open ones, and a change in one
 * reaches the others (see open-tabs.ts), so they are gone when the last tab closes — unless
 * the operator chose to remember them, and then they are in localStorage too. React-free: a
 * small external store.
 */
import type { KeysChannel } from "./open-tabs.ts";
import { asRecord, storageKeys, storedValue } from "./stored-value.ts";

export interface OrgEntry {
  /** This browser's own reference to the entry, never shown. */
  id: string;
  label: string;
  orgId: string;
  /** Empty: this origin. */
  managementUrl: string;
  /** A service of the deployment, by name (then managementUrl is empty); absent: none. */
  service?: string;
  /** Provided by the deployment: listed for every operator, given only a key here. */
  provided?: boolean;
}

export interface TeamEntry {
  id: string;
  label: string;
  /** The operator's word: production, sandbox, staging… */
  environment: string;
  /** Empty: this origin. */
  baseUrl: string;
  /** Lower case. Learned from the service, or typed for an empty team or a delete-only entry. */
  teamId: string;
  /** The organization entry it belongs to; without one it can be browsed, not deleted. */
  orgEntryId: string | null;
  /** Whether a team API key was given: an entry without one is delete-only. */
  hasKey: boolean;
  /** A service of the deployment, by name (then baseUrl is empty and the environment is the service's); absent: none. */
  service?: string;
  /** Provided by the deployment: listed for every operator, given only a key here. */
  provided?: boolean;
}

/**
 * Where an entry's operations are sent: its service's path on this origin (the server forwards
 * it there), or its own URL (empty: this origin).
 */
export const servedAt = (service: string | undefined, url: string) => (service ? `/s/${service}` : url);

/** Production is named so that it stands out wherever the current team is named. */
export const isProduction = (environment: string) => /^prod(uction)?$/i.test(environment.trim());

export interface Entries {
  orgs: OrgEntry[];
  teams: TeamEntry[];
}

/** Keys by entry ID. */
export interface EntryKeys {
  teams: Record<string, string>;
  orgs: Record<string, string>;
}

export interface SavedEntries extends Entries {
  keys: EntryKeys;
  /** The keys stay after the tab closes (localStorage). */
  rememberKeys: boolean;
  /** Team entry IDs, the most recently opened first. */
  recent: string[];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** An entry's service and whether the deployment provides it; entries saved before services had names have neither. */
const ofDeployment = (value: Record<string, unknown>) => ({
  ...(text(value.service) && { service: text(value.service) }),
  ...(value.provided === true && { provided: true }),
});

function parseOrg(raw: unknown): OrgEntry | undefined {
  const value = asRecord(raw);
  if (!value || !text(value.id) || !text(value.orgId)) return undefined;
  return {
    id: text(value.id),
    label: text(value.label),
    orgId: text(value.orgId).toLowerCase(),
    managementUrl: text(value.managementUrl),
    ...ofDeployment(value),
  };
}

function parseTeam(raw: unknown): TeamEntry | undefined {
  const value = asRecord(raw);
  if (!value || !text(value.id) || !text(value.teamId)) return undefined;
  return {
    id: text(value.id),
    label: text(value.label),
    environment: text(value.environment),
    baseUrl: text(value.baseUrl),
    teamId: text(value.teamId).toLowerCase(),
    orgEntryId: text(value.orgEntryId) || null,
    hasKey: value.hasKey === true,
    ...ofDeployment(value),
  };
}

const listOf = <T>(raw: unknown, parse: (item: unknown) => T | undefined): T[] =>
  Array.isArray(raw) ? raw.map(parse).filter((item): item is T => item !== undefined) : [];

function parseEntries(raw: unknown): Entries | undefined {
  const value = asRecord(raw);
  return value && { orgs: listOf(value.orgs, parseOrg), teams: listOf(value.teams, parseTeam) };
}

function parseKeyMap(raw: unknown): Record<string, string> {
  const value = asRecord(raw) ?? {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
}

/**
 * The keys an earlier version kept under the same name, `{ teamApiKey, managementKey }`: set
 * aside at start (earlier-connection.ts), never read as these.
 */
export function isEarlierKeys(raw: unknown): raw is { teamApiKey?: unknown; managementKey?: unknown } {
  const value = asRecord(raw);
  return value !== undefined && ("teamApiKey" in value || "managementKey" in value) && !("teams" in value || "orgs" in value);
}

function parseKeys(raw: unknown): EntryKeys | undefined {
  const value = asRecord(raw);
  return value && !isEarlierKeys(value) ? { teams: parseKeyMap(value.teams), orgs: parseKeyMap(value.orgs) } : undefined;
}

const noEntries: Entries = { orgs: [], teams: [] };
const noKeys: EntryKeys | null = null;

const entries = storedValue({ key: storageKeys.entries, storage: () => localStorage, parse: parseEntries, fallback: noEntries });
const rememberedKeys = storedValue({ key: storageKeys.keys, storage: () => localStorage, parse: parseKeys, fallback: noKeys });
const tabKeys = storedValue({ key: storageKeys.keys, storage: () => sessionStorage, parse: parseKeys, fallback: noKeys });
const recent = storedValue<string[]>({
  key: storageKeys.recentTeams,
  storage: () => localStorage,
  parse: (raw) => (Array.isArray(raw) ? raw.filter((id): id is string => typeof id === "string") : undefined),
  fallback: [],
});
const parts = [entries, rememberedKeys, tabKeys, recent] as const;

let current: { from: readonly unknown[]; saved: SavedEntries } | undefined;

/** Everything saved, the same object while nothing it is made of changed. */
function load(): SavedEntries {
  const from = parts.map((part) => part.get());
  if (current && current.from.every((part, i) => part === from[i])) return current.saved;
  const remembered = rememberedKeys.get();
  // The tab's own copy is the one kept in step with the other tabs; the remembered one seeds a new tab.
  const keys = tabKeys.get() ?? remembered ?? { teams: {}, orgs: {} };
  const saved: SavedEntries = { ...entries.get(), keys, rememberKeys: remembered !== null, recent: recent.get() };
  current = { from, saved };
  return saved;
}

/** The other open tabs, once this tab has joined them (open-tabs.ts); none in tests. */
let openTabs: KeysChannel | undefined;

/** Whether any entry has a key. */
export const hasAnyKey = (keys: EntryKeys) => Object.keys(keys.teams).length > 0 || Object.keys(keys.orgs).length > 0;

/** This tab's copy, and the remembered one when chosen; `share`: told to the other open tabs. */
function writeKeys(keys: EntryKeys, remember: boolean, share = true) {
  const any = hasAnyKey(keys);
  if (any) tabKeys.set(keys);
  else tabKeys.remove();
  if (any && remember) rememberedKeys.set(keys);
  else rememberedKeys.remove();
  if (share) openTabs?.post({ kind: "keys", keys: any ? keys : null, remember });
}

/** What the open tabs' sharing (open-tabs.ts, loaded apart) needs: this tab's copy of the keys, the remembered one, and where to tell this tab's changes. */
export const keysOfThisTab = {
  copy: tabKeys,
  remembered: rememberedKeys,
  parse: parseKeys,
  shareWith: (channel: KeysChannel) => void (openTabs = channel),
};

/** A new entry ID: random, so that nothing about the entry can be read from it. */
export const newEntryId = () => crypto.randomUUID();

/** What a change to the saved entries may set: the entries, and keys to add or (with "") remove. */
export interface EntriesChange {
  orgs?: OrgEntry[];
  teams?: TeamEntry[];
  teamKeys?: Record<string, string>;
  orgKeys?: Record<string, string>;
}

const withKeys = (map: Record<string, string>, change: Record<string, string> | undefined, keep: Set<string>) =>
  Object.fromEntries(
    Object.entries({ ...map, ...change })
      .map(([id, key]) => [id, key.trim()] as const)
      .filter(([id, key]) => key !== "" && keep.has(id)),
  );

export const savedEntries = {
  get: load,
  subscribe(listener: () => void): () => void {
    const stops = parts.map((part) => part.subscribe(listener));
    return () => stops.forEach((stop) => stop());
  },

  /** Saves entries and keys together; keys of entries that no longer exist are dropped. */
  change(change: EntriesChange): void {
    const saved = load();
    const next = { orgs: change.orgs ?? saved.orgs, teams: change.teams ?? saved.teams };
    entries.set(next);
    writeKeys(
      {
        teams: withKeys(saved.keys.teams, change.teamKeys, new Set(next.teams.map((team) => team.id))),
        orgs: withKeys(saved.keys.orgs, change.orgKeys, new Set(next.orgs.map((org) => org.id))),
      },
      saved.rememberKeys,
    );
    const teamIds = new Set(next.teams.map((team) => team.id));
    if (saved.recent.some((id) => !teamIds.has(id))) recent.set(saved.recent.filter((id) => teamIds.has(id)));
  },

  /** Keeps a copy of the keys in localStorage (after the last tab closes), or removes it; in every open tab. */
  setRememberKeys(remember: boolean): void {
    const saved = load();
    if (saved.rememberKeys !== remember) writeKeys(saved.keys, remember);
  },

  /** Removes every key from both storages, in every open tab; the entries stay. */
  forgetKeys(): void {
    rememberedKeys.remove();
    tabKeys.remove();
    openTabs?.post({ kind: "forget" });
  },

  /** Notes that a team was opened: the switcher lists recent teams first, `/users` opens the last. */
  markOpened(teamEntryId: string): void {
    const list = recent.get();
    if (list[0] !== teamEntryId) recent.set([teamEntryId, ...list.filter((id) => id !== teamEntryId)].slice(0, 20));
  },
};

/** The organization entry a team belongs to, if it is saved. */
export const orgOf = (saved: Entries, team: TeamEntry): OrgEntry | undefined =>
  team.orgEntryId === null ? undefined : saved.orgs.find((org) => org.id === team.orgEntryId);

/** The team opened last, or the first saved one. */
export function lastOpenedTeam(saved: SavedEntries): TeamEntry | undefined {
  for (const id of saved.recent) {
    const team = saved.teams.find((t) => t.id === id);
    if (team) return team;
  }
  return saved.teams[0];
}

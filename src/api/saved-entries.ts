/**
 * The teams and organizations the operator saved: the dashboard's stand-in for "list teams",
 * which the service does not offer. What is not secret (labels, URLs, IDs, environment) lives
 * in localStorage. The keys are shared by this browser's open tabs of the dashboard: each tab
 * keeps them in its sessionStorage, a new tab gets them from the open ones, and a change in one
 * reaches the others (see open-tabs.ts), so they are gone when the last tab closes — unless
 * the operator chose to remember them, and then they are in localStorage too. React-free: a
 * small external store.
 */
import {
  latestIn,
  liveKeys,
  mergeKeyStates,
  noKeyState,
  parseKeyState,
  sameKeyState,
  scopes,
  type EntryKeys,
  type KeyState,
} from "./key-state.ts";
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
  /** Provided, and the deployment holds its management key: no key is asked here. */
  keyHeld?: boolean;
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
  /** Provided, and the deployment holds its API key: no key is asked here. */
  keyHeld?: boolean;
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

export type { EntryKeys } from "./key-state.ts";

export interface SavedEntries extends Entries {
  keys: EntryKeys;
  /** The keys stay after the tab closes (localStorage): a preference of its own, kept with or without keys. */
  rememberKeys: boolean;
  /** Team entry IDs, the most recently opened first. */
  recent: string[];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** An entry's service and whether the deployment provides it; entries saved before services had names have neither. */
const ofDeployment = (value: Record<string, unknown>) => ({
  ...(text(value.service) && { service: text(value.service) }),
  ...(value.provided === true && { provided: true }),
  ...(value.provided === true && value.keyHeld === true && { keyHeld: true }),
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

const noEntries: Entries = { orgs: [], teams: [] };

/** What a change to the saved entries may set: the entries, and keys to add or (with "") remove. */
export interface EntriesChange {
  orgs?: OrgEntry[];
  teams?: TeamEntry[];
  teamKeys?: Record<string, string>;
  orgKeys?: Record<string, string>;
}

/** What this tab tells the others (open-tabs.ts): a change of keys, to be merged, never a set that replaces theirs. */
export type TellOpenTabs = (change: KeyState) => void;

/** The keys' side of a tab, for the sharing between open tabs (open-tabs.ts, loaded apart). */
export interface TabKeys {
  /** Everything this tab knows of the keys: what it answers a new tab, and says when it joins. */
  state(): KeyState;
  /** Takes what another tab told (a change, an answer, a remembered copy): merged, never replacing. */
  merge(raw: unknown): void;
  /** Where this tab's own changes are told from now on; keeps this tab's copy in step with the remembered one. */
  shareWith(tell: TellOpenTabs): void;
}

export interface SavedEntriesStore {
  get(): SavedEntries;
  subscribe(listener: () => void): () => void;
  /** Saves entries and key changes together; a removed entry's key goes with it. */
  change(change: EntriesChange): void;
  /** Keeps the keys in localStorage too (after the last tab closes), or stops; in every open tab. */
  setRememberKeys(remember: boolean): void;
  /** Removes every key from both storages, in every open tab; the entries stay. */
  forgetKeys(): void;
  /** Notes that a team was opened: the switcher lists recent teams first, `/users` opens the last. */
  markOpened(teamEntryId: string): void;
  tabKeys: TabKeys;
}

export interface SavedEntriesOptions {
  local: () => Storage;
  session: () => Storage;
  /** Where `storage` events arrive; the window by default. */
  events?: EventTarget;
  /** The clock that stamps key changes; the same one for every tab of a browser. */
  now?: () => number;
  /** This tab, to break ties between changes stamped at the same millisecond. */
  tabId?: string;
}

/** The store of one tab; `savedEntries` below is the page's. Tests make several, one per simulated tab. */
export function createSavedEntries({
  local,
  session,
  events,
  now = Date.now,
  tabId = Math.random().toString(36).slice(2),
}: SavedEntriesOptions): SavedEntriesStore {
  const stored = <T>(key: string, storage: () => Storage, parse: (raw: unknown) => T | undefined, fallback: T) =>
    storedValue({ key, storage, parse, fallback, ...(events && { events }) });
  const entries = stored(storageKeys.entries, local, parseEntries, noEntries);
  /** This tab's copy of the keys: the one kept in step with the other tabs. */
  const tabCopy = stored<KeyState | null>(storageKeys.keys, session, parseKeyState, null);
  /** The copy that outlives the tabs, when the operator chose so. */
  const rememberedCopy = stored<KeyState | null>(storageKeys.keys, local, parseKeyState, null);
  const remembering = stored<boolean | null>(storageKeys.rememberKeys, local, (raw) => (typeof raw === "boolean" ? raw : undefined), null);
  /** When keys were last forgotten, for a tab that was away then (reloading): no secret, kept whatever is remembered. */
  const forgotten = stored(storageKeys.keysForgottenAt, local, (raw) => (typeof raw === "number" ? raw : undefined), 0);
  const recent = stored<string[]>(
    storageKeys.recentTeams,
    local,
    (raw) => (Array.isArray(raw) ? raw.filter((id): id is string => typeof id === "string") : undefined),
    [],
  );
  const parts = [entries, tabCopy, rememberedCopy, remembering, forgotten, recent] as const;

  // Before the preference had a name of its own, a remembered copy was the choice.
  const remembers = () => remembering.get() ?? rememberedCopy.get() !== null;

  /** All this tab knows of the keys: its copy, the remembered one, and the last forgetting. */
  function keyState(): KeyState {
    const merged = mergeKeyStates(tabCopy.get() ?? noKeyState(), { ...noKeyState(), forgottenAt: forgotten.get() });
    const kept = remembers() ? rememberedCopy.get() : null;
    return kept ? mergeKeyStates(merged, kept) : merged;
  }

  let current: { from: readonly unknown[]; saved: SavedEntries } | undefined;
  function load(): SavedEntries {
    const from = parts.map((part) => part.get());
    if (current && current.from.every((part, i) => part === from[i])) return current.saved;
    const saved: SavedEntries = { ...entries.get(), keys: liveKeys(keyState()), rememberKeys: remembers(), recent: recent.get() };
    current = { from, saved };
    return saved;
  }

  let tell: TellOpenTabs | undefined;

  /** Writes `state` where this tab keeps keys: its own copy, and the remembered one (merged with what another tab wrote there). */
  function keep(state: KeyState) {
    if (!sameKeyState(tabCopy.get() ?? noKeyState(), state)) tabCopy.set(state);
    if (!remembers()) return;
    const there = rememberedCopy.get();
    const next = there ? mergeKeyStates(there, state) : state;
    if (!there || !sameKeyState(there, next)) rememberedCopy.set(next);
  }

  /** A change made in this tab: kept, and told to the other tabs as it is (a change, not the whole set). */
  function apply(change: KeyState) {
    keep(mergeKeyStates(keyState(), change));
    tell?.(change);
  }

  /** A stamp after everything this tab has seen, so that a change it makes wins over what it knew. */
  const stampNow = () => Math.max(now(), latestIn(keyState()) + 1);

  const tabKeys: TabKeys = {
    state: keyState,
    merge(raw) {
      const told = parseKeyState(raw);
      if (told) keep(mergeKeyStates(keyState(), told));
    },
    shareWith(next) {
      tell = next;
      // Held in this tab's own copy, keys stay when another tab stops remembering them.
      keep(keyState());
      const follow = () => {
        if (!remembers() && rememberedCopy.get() !== null) rememberedCopy.remove(); // a tab wrote it as another stopped remembering
        keep(keyState());
      };
      rememberedCopy.subscribe(follow);
      remembering.subscribe(follow);
      forgotten.subscribe(follow);
    },
  };

  return {
    get: load,
    subscribe(listener) {
      const stops = parts.map((part) => part.subscribe(listener));
      return () => stops.forEach((stop) => stop());
    },

    change(change) {
      const saved = load();
      const next = { orgs: change.orgs ?? saved.orgs, teams: change.teams ?? saved.teams };
      // Only what changes is written: a change of keys alone never writes this tab's copy of the entries over another tab's.
      if (change.orgs || change.teams) entries.set(next);
      const at = stampNow();
      const keyChange: KeyState = noKeyState();
      const changes = { teams: change.teamKeys, orgs: change.orgKeys };
      for (const scope of scopes) {
        const ids = new Set(next[scope].map((entry) => entry.id));
        for (const [id, key] of Object.entries(changes[scope] ?? {})) {
          if (ids.has(id)) keyChange[scope][id] = { key: key.trim() || null, at, by: tabId };
        }
        // A removed entry's key goes with it, in every tab, whether or not this tab holds it.
        for (const { id } of saved[scope]) if (!ids.has(id)) keyChange[scope][id] = { key: null, at, by: tabId };
      }
      if (scopes.some((scope) => Object.keys(keyChange[scope]).length > 0)) apply(keyChange);
      const teamIds = new Set(next.teams.map((team) => team.id));
      if (saved.recent.some((id) => !teamIds.has(id))) recent.set(saved.recent.filter((id) => teamIds.has(id)));
    },

    setRememberKeys(remember) {
      remembering.set(remember);
      if (remember) keep(keyState());
      else rememberedCopy.remove();
    },

    forgetKeys() {
      const at = stampNow();
      forgotten.set(Math.max(at, forgotten.get()));
      apply({ ...noKeyState(), forgottenAt: at });
    },

    markOpened(teamEntryId) {
      const list = recent.get();
      if (list[0] !== teamEntryId) recent.set([teamEntryId, ...list.filter((id) => id !== teamEntryId)].slice(0, 20));
    },
    tabKeys,
  };
}

/** This page's saved entries. */
export const savedEntries = createSavedEntries({ local: () => localStorage, session: () => sessionStorage });

/** A new entry ID: random, so that nothing about the entry can be read from it. */
export const newEntryId = () => crypto.randomUUID();

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

/**
 * The keys of the saved entries as the open tabs agree on them: each entry's key carries when it
 * was set or removed (a removal is kept as a `null` key), and Forget keys carries when it
 * happened. Two states merge entry by entry, the later change winning, so tabs tell each other
 * what changed, in any order, late or twice, and all end up holding the same keys: no key is
 * lost unless someone removed or forgot it after it was set. Nothing here touches storage.
 */
import { asRecord } from "./stored-value.ts";

/** An entry's key, or its removal (`null`), and when: `at` (ms), then `by` (a tab) to break ties. */
export interface KeyStamp {
  key: string | null;
  at: number;
  by: string;
}

export interface KeyState {
  teams: Record<string, KeyStamp>;
  orgs: Record<string, KeyStamp>;
  /** When the keys were last forgotten: every change up to then is gone. */
  forgottenAt: number;
}

/** Keys by entry ID, what the views read. */
export interface EntryKeys {
  teams: Record<string, string>;
  orgs: Record<string, string>;
}

export const scopes = ["teams", "orgs"] as const;
export type KeyScope = (typeof scopes)[number];

export const noKeyState = (): KeyState => ({ teams: {}, orgs: {}, forgottenAt: 0 });

const later = (a: KeyStamp, b: KeyStamp) => (a.at > b.at || (a.at === b.at && a.by > b.by) ? a : b);

/** Both states' changes, the later one of each entry; nothing from before the later forgetting. */
export function mergeKeyStates(a: KeyState, b: KeyState): KeyState {
  const forgottenAt = Math.max(a.forgottenAt, b.forgottenAt);
  const merged: KeyState = { teams: {}, orgs: {}, forgottenAt };
  for (const scope of scopes) {
    const winners = new Map<string, KeyStamp>();
    for (const [id, stamp] of [...Object.entries(a[scope]), ...Object.entries(b[scope])]) {
      const kept = winners.get(id);
      winners.set(id, kept ? later(kept, stamp) : stamp);
    }
    merged[scope] = Object.fromEntries([...winners].filter(([, stamp]) => stamp.at > forgottenAt));
  }
  return merged;
}

const sameStamp = (a: KeyStamp | undefined, b: KeyStamp | undefined) => a?.key === b?.key && a?.at === b?.at && a?.by === b?.by;

export function sameKeyState(a: KeyState, b: KeyState): boolean {
  if (a.forgottenAt !== b.forgottenAt) return false;
  return scopes.every((scope) => {
    const ids = new Set([...Object.keys(a[scope]), ...Object.keys(b[scope])]);
    return [...ids].every((id) => sameStamp(a[scope][id], b[scope][id]));
  });
}

/** The latest time a state mentions: a tab's next change is stamped after it. */
export function latestIn(state: KeyState): number {
  let latest = state.forgottenAt;
  for (const scope of scopes) for (const stamp of Object.values(state[scope])) latest = Math.max(latest, stamp.at);
  return latest;
}

/** The keys a state holds (removals left out). */
export function liveKeys(state: KeyState): EntryKeys {
  const live = (stamps: Record<string, KeyStamp>) =>
    Object.fromEntries(Object.entries(stamps).flatMap(([id, { key }]) => (key === null ? [] : [[id, key]])));
  return { teams: live(state.teams), orgs: live(state.orgs) };
}

/** Whether any entry has a key. */
export const hasAnyKey = (keys: EntryKeys) => Object.keys(keys.teams).length > 0 || Object.keys(keys.orgs).length > 0;

/**
 * The keys an earlier version kept under the same name, `{ teamApiKey, managementKey }`: set
 * aside at start (earlier-connection.ts), never read as these.
 */
export function isEarlierKeys(raw: unknown): raw is { teamApiKey?: unknown; managementKey?: unknown } {
  const value = asRecord(raw);
  return value !== undefined && ("teamApiKey" in value || "managementKey" in value) && !("teams" in value || "orgs" in value);
}

const finite = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function parseStamp(raw: unknown): KeyStamp | undefined {
  // The versions before stamps kept the key alone: the earliest change (after "never forgotten"), which any later one beats.
  if (typeof raw === "string") return raw.trim() ? { key: raw, at: 1, by: "" } : undefined;
  const value = asRecord(raw);
  if (!value || !(value.key === null || (typeof value.key === "string" && value.key.trim() !== ""))) return undefined;
  return { key: value.key, at: finite(value.at), by: typeof value.by === "string" ? value.by : "" };
}

function parseStamps(raw: unknown): Record<string, KeyStamp> {
  return Object.fromEntries(
    Object.entries(asRecord(raw) ?? {}).flatMap(([id, item]) => {
      const stamp = parseStamp(item);
      return stamp ? [[id, stamp]] : [];
    }),
  );
}

/** A state read from storage or another tab: the stamped shape, or the earlier one of keys alone. */
export function parseKeyState(raw: unknown): KeyState | undefined {
  const value = asRecord(raw);
  if (!value || isEarlierKeys(value)) return undefined;
  return mergeKeyStates(noKeyState(), {
    teams: parseStamps(value.teams),
    orgs: parseStamps(value.orgs),
    forgottenAt: finite(value.forgottenAt),
  });
}

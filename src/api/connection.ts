/**
 * Where the dashboard connects, and with which keys. URLs and the organization ID live in
 * localStorage; keys live in sessionStorage (gone with the tab) unless the user chose to
 * remember them, and then in localStorage. React-free: a small external store.
 */
import { asRecord, storageKeys, storedValue } from "./stored-value.ts";

export interface Connection {
  /** Empty: this origin. */
  baseUrl: string;
  /** Empty: this origin. */
  managementUrl: string;
  orgId: string;
  teamApiKey: string;
  managementKey: string;
  rememberKeys: boolean;
}

interface Places {
  baseUrl: string;
  managementUrl: string;
  orgId: string;
}
interface Keys {
  teamApiKey: string;
  managementKey: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function parsePlaces(raw: unknown): Places | undefined {
  const value = asRecord(raw);
  return value && { baseUrl: text(value.baseUrl), managementUrl: text(value.managementUrl), orgId: text(value.orgId) };
}
function parseKeys(raw: unknown): Keys | undefined {
  const value = asRecord(raw);
  return value && { teamApiKey: text(value.teamApiKey), managementKey: text(value.managementKey) };
}

const places = storedValue({
  key: storageKeys.connection,
  storage: () => localStorage,
  parse: parsePlaces,
  fallback: { baseUrl: "", managementUrl: "", orgId: "" },
});
const noKeys: Keys | null = null;
/** Keys are only ever in one of the two storages: remembered ones in localStorage. */
const rememberedKeys = storedValue({ key: storageKeys.keys, storage: () => localStorage, parse: parseKeys, fallback: noKeys });
const tabKeys = storedValue({ key: storageKeys.keys, storage: () => sessionStorage, parse: parseKeys, fallback: noKeys });

let current: { from: readonly unknown[]; connection: Connection } | undefined;

/** The connection, the same object while nothing it is made of changed. */
function load(): Connection {
  const parts = [places.get(), rememberedKeys.get(), tabKeys.get()] as const;
  if (current && current.from.every((part, i) => part === parts[i])) return current.connection;
  const [where, remembered, tab] = parts;
  const keys = remembered ?? tab ?? { teamApiKey: "", managementKey: "" };
  const connection = { ...where, ...keys, rememberKeys: remembered !== null };
  current = { from: parts, connection };
  return connection;
}

export const connectionStore = {
  get: load,
  subscribe(listener: () => void): () => void {
    const unsubscribe = [places, rememberedKeys, tabKeys].map((stored) => stored.subscribe(listener));
    return () => unsubscribe.forEach((stop) => stop());
  },
  save(next: Connection): void {
    const trim = (value: string) => value.trim();
    places.set({ baseUrl: trim(next.baseUrl), managementUrl: trim(next.managementUrl), orgId: trim(next.orgId) });
    const keys = { teamApiKey: trim(next.teamApiKey), managementKey: trim(next.managementKey) };
    rememberedKeys.remove();
    tabKeys.remove();
    if (keys.teamApiKey !== "" || keys.managementKey !== "") (next.rememberKeys ? rememberedKeys : tabKeys).set(keys);
  },
  forgetKeys(): void {
    rememberedKeys.remove();
    tabKeys.remove();
  },
};

/**
 * A short, non-reversible tag of where and as whom the team client reads (FNV-1a), so cached
 * pages of one team are never shown for another, without the key itself in any cache key.
 */
export function teamTag(connection: Connection): string {
  let hash = 0x811c9dc5;
  for (const ch of `${connection.baseUrl}\n${connection.teamApiKey}`) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The one connection that versions before saved teams kept: its URLs and organization ID in
 * localStorage (`dashboard.connection`), its keys (`{ teamApiKey, managementKey }`) under
 * `dashboard.keys` in sessionStorage or, remembered, localStorage — the name the saved entries'
 * keys now have. Set aside at start, before anything reads those keys, so that nothing is lost:
 * the Teams page offers to save it as a team (and its organization), or to discard it.
 */
import { isEarlierKeys } from "./key-state.ts";
import { asRecord, storageKeys, storedValue } from "./stored-value.ts";

export interface EarlierConnection {
  /** Empty: this origin. */
  baseUrl: string;
  managementUrl: string;
  orgId: string;
  teamApiKey: string;
  managementKey: string;
  /** The keys were remembered (localStorage), not kept for the tab only. */
  remembered: boolean;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function readJson(storage: Storage, key: string): Record<string, unknown> | undefined {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : asRecord(JSON.parse(raw));
  } catch {
    return undefined; // unreadable JSON, or storage disabled
  }
}

function earlierKeys(storage: Storage) {
  const value = readJson(storage, storageKeys.keys);
  return isEarlierKeys(value) ? { teamApiKey: text(value.teamApiKey), managementKey: text(value.managementKey) } : undefined;
}

/**
 * Moves an earlier connection under its own name, in the storage its keys were in (localStorage
 * when it has none), and removes the earlier items. Does nothing when there is none. When that
 * storage refuses the write, the other one is tried; when both do, the earlier items stay.
 */
export function setAsideEarlierConnection(storages?: { local: Storage; session: Storage }): void {
  try {
    const { local, session } = storages ?? { local: localStorage, session: sessionStorage };
    const places = readJson(local, storageKeys.earlierPlaces);
    const remembered = earlierKeys(local);
    const keys = remembered ?? earlierKeys(session);
    if (!places && !keys) return;
    const earlier: EarlierConnection = {
      baseUrl: text(places?.baseUrl),
      managementUrl: text(places?.managementUrl),
      orgId: text(places?.orgId),
      teamApiKey: keys?.teamApiKey ?? "",
      managementKey: keys?.managementKey ?? "",
      remembered: remembered !== undefined,
    };
    if (earlier.teamApiKey || earlier.managementKey || earlier.orgId) {
      const [first, second] = keys && !remembered ? [session, local] : [local, session];
      const item = JSON.stringify(earlier);
      try {
        first.setItem(storageKeys.earlierConnection, item);
      } catch {
        second.setItem(storageKeys.earlierConnection, item); // throws, to the outer catch, when both refuse
      }
    }
    local.removeItem(storageKeys.earlierPlaces);
    if (remembered) local.removeItem(storageKeys.keys);
    else if (keys) session.removeItem(storageKeys.keys);
  } catch {
    // Storage disabled, or full in both: the earlier items stay; the saved entries read them as no keys.
  }
}

function parseEarlier(raw: unknown): EarlierConnection | undefined {
  const value = asRecord(raw);
  if (!value) return undefined;
  const earlier = {
    baseUrl: text(value.baseUrl),
    managementUrl: text(value.managementUrl),
    orgId: text(value.orgId),
    teamApiKey: text(value.teamApiKey),
    managementKey: text(value.managementKey),
    remembered: value.remembered === true,
  };
  return earlier.teamApiKey || earlier.managementKey || earlier.orgId ? earlier : undefined;
}

const none: EarlierConnection | null = null;
const inLocal = /* @__PURE__ */ storedValue({
  key: storageKeys.earlierConnection,
  storage: () => localStorage,
  parse: parseEarlier,
  fallback: none,
});
const inTab = /* @__PURE__ */ storedValue({
  key: storageKeys.earlierConnection,
  storage: () => sessionStorage,
  parse: parseEarlier,
  fallback: none,
});

/** The connection set aside, if any: saved or discarded from the Teams page. */
export const earlierConnection = {
  get: () => inLocal.get() ?? inTab.get(),
  subscribe(listener: () => void): () => void {
    const stops = [inLocal, inTab].map((part) => part.subscribe(listener));
    return () => stops.forEach((stop) => stop());
  },
  discard(): void {
    inLocal.remove();
    inTab.remove();
  },
};

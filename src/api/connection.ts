/**
 * Where the dashboard connects, and with which keys. URLs and the organization ID live in
 * localStorage; keys live in sessionStorage (gone with the tab) unless the user chose to
 * remember them, and then in localStorage. React-free: a small external store.
 */
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

const placesKey = "dashboard.connection";
const keysKey = "dashboard.keys";

function read(storage: Storage, key: string): Record<string, unknown> {
  try {
    const value = JSON.parse(storage.getItem(key) ?? "{}") as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function load(): Connection {
  const places = read(localStorage, placesKey);
  const remembered = read(localStorage, keysKey);
  const rememberKeys = Object.keys(remembered).length > 0;
  const keys = rememberKeys ? remembered : read(sessionStorage, keysKey);
  return {
    baseUrl: text(places.baseUrl),
    managementUrl: text(places.managementUrl),
    orgId: text(places.orgId),
    teamApiKey: text(keys.teamApiKey),
    managementKey: text(keys.managementKey),
    rememberKeys,
  };
}

let current: Connection | undefined;
const listeners = new Set<() => void>();

export const connectionStore = {
  get(): Connection {
    current ??= load();
    return current;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  save(next: Connection): void {
    const trimmed: Connection = {
      ...next,
      baseUrl: next.baseUrl.trim(),
      managementUrl: next.managementUrl.trim(),
      orgId: next.orgId.trim(),
      teamApiKey: next.teamApiKey.trim(),
      managementKey: next.managementKey.trim(),
    };
    localStorage.setItem(
      placesKey,
      JSON.stringify({ baseUrl: trimmed.baseUrl, managementUrl: trimmed.managementUrl, orgId: trimmed.orgId }),
    );
    const keys = JSON.stringify({ teamApiKey: trimmed.teamApiKey, managementKey: trimmed.managementKey });
    const hasKeys = trimmed.teamApiKey !== "" || trimmed.managementKey !== "";
    // Keys are only ever in one of the two storages.
    localStorage.removeItem(keysKey);
    sessionStorage.removeItem(keysKey);
    if (hasKeys) (trimmed.rememberKeys ? localStorage : sessionStorage).setItem(keysKey, keys);
    publish(trimmed);
  },
  forgetKeys(): void {
    localStorage.removeItem(keysKey);
    sessionStorage.removeItem(keysKey);
    publish({ ...connectionStore.get(), teamApiKey: "", managementKey: "", rememberKeys: false });
  },
};

function publish(next: Connection) {
  current = next;
  listeners.forEach((listener) => listener());
}

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

/**
 * A value kept in browser storage, typed: what is read is validated (anything else reads as the
 * fallback), writes that the storage refuses (full, disabled) keep the value for this tab, and
 * subscribers hear of changes made here and, through `storage` events, in other tabs.
 */

/** Every key the dashboard writes, named once; tests and benchmarks import them too. */
export const storageKeys = {
  /** localStorage: the saved teams and organizations, without their keys. */
  entries: "dashboard.entries",
  /** sessionStorage, or localStorage when the user chose to remember them: the entries' keys. */
  keys: "dashboard.keys",
  /** localStorage: whether the keys are remembered after the last tab closes (a preference, kept with or without keys). */
  rememberKeys: "dashboard.remember-keys",
  /** localStorage: when the keys were last forgotten (a time, no secret), for a tab that was reloading then. */
  keysForgottenAt: "dashboard.keys-forgotten-at",
  /**
   * The one connection the versions before saved teams kept, set aside at start (see
   * earlier-connection.ts) in the storage its keys were in, until the Teams page saves or discards it.
   */
  earlierConnection: "dashboard.earlier-connection",
  /** localStorage, versions before saved teams: that connection's URLs and organization ID. */
  earlierPlaces: "dashboard.connection",
  /** localStorage: the saved teams' entry IDs, the most recently opened first. */
  recentTeams: "dashboard.recent-teams",
  /** localStorage: light, dark or system. */
  theme: "dashboard.theme",
  /** sessionStorage: this tab's delete attempts (no keys). */
  deleteAttempts: "dashboard.delete-attempts",
  /** localStorage: which users columns show. */
  userColumns: "dashboard.users.columns",
  /** localStorage: seconds a confirmed team deletion waits for Undo. */
  undoSeconds: "dashboard.undo-seconds",
  /** localStorage: the largest team loaded whole without being asked. */
  autoLoadUsers: "dashboard.auto-load-users",
  /** localStorage: the most pages of the whole team asked of the service at once. */
  pagesInFlight: "dashboard.pages-in-flight",
} as const;

export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  remove(): void;
  subscribe(listener: () => void): () => void;
}

interface StoredValueOptions<T> {
  key: string;
  /** A getter, so that nothing touches the storage before it is used. */
  storage: () => Storage;
  /** The value, if `raw` (parsed JSON) is one; undefined otherwise. */
  parse: (raw: unknown) => T | undefined;
  fallback: T;
  /** Where `storage` events arrive; the window by default. */
  events?: EventTarget;
}

export function storedValue<T>({ key, storage, parse, fallback, events = globalThis.window }: StoredValueOptions<T>): StoredValue<T> {
  let cached: { value: T } | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  function read(): T {
    try {
      const text = storage().getItem(key);
      return text === null ? fallback : (parse(JSON.parse(text)) ?? fallback);
    } catch {
      return fallback; // unreadable JSON, or storage disabled
    }
  }

  function onStorage(event: Event) {
    const { key: changed, storageArea } = event as StorageEvent;
    if ((changed === key || changed === null) && storageArea === storage()) {
      cached = undefined;
      notify();
    }
  }

  return {
    get() {
      cached ??= { value: read() };
      return cached.value;
    },
    set(value) {
      cached = { value };
      try {
        storage().setItem(key, JSON.stringify(value));
      } catch {
        console.warn(`${key} could not be saved (storage full or disabled); it is kept for this tab only.`);
      }
      notify();
    },
    remove() {
      cached = undefined;
      try {
        storage().removeItem(key);
      } catch {
        // Nothing stored means nothing to remove.
      }
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) events?.addEventListener("storage", onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events?.removeEventListener("storage", onStorage);
      };
    },
  };
}

/** A plain object, or undefined: the first step of every `parse`. */
export const asRecord = (raw: unknown): Record<string, unknown> | undefined =>
  raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;

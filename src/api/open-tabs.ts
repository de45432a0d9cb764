/**
 * This browser's open tabs of the dashboard, telling each other their keys: a new tab asks and
 * the open ones answer, and each change in one tab (a key set, a key removed, all forgotten)
 * reaches the others. Whatever arrives is merged (key-state.ts): an answer that comes late, a
 * change that overtakes another, a tab that was reloading — none replaces what a tab holds, so
 * no key is lost that nobody removed. Only same-origin tabs share a BroadcastChannel, and it
 * keeps nothing: the keys stay in the tabs' own storage.
 */
import { hasAnyKey } from "./key-state.ts";
import { savedEntries, type SavedEntriesStore } from "./saved-entries.ts";
import { storageKeys } from "./stored-value.ts";

export type KeysMessage =
  | { kind: "ask"; id: string }
  /** What a tab holds or changed, to merge; `to`: the ask it answers. */
  | { kind: "keys"; keys: unknown; to?: string };

export interface KeysChannel {
  post(message: KeysMessage): void;
  /** Calls `handler` with each message another tab posts. */
  listen(handler: (message: KeysMessage) => void): void;
}

export function keysChannel(name: string = storageKeys.keys): KeysChannel {
  const channel = new BroadcastChannel(name);
  const handlers = new Set<(message: KeysMessage) => void>();
  channel.onmessage = (event: MessageEvent<KeysMessage>) => handlers.forEach((handler) => handler(event.data));
  return { post: (message) => channel.postMessage(message), listen: (handler) => void handlers.add(handler) };
}

const isKeysMessage = (data: unknown): data is KeysMessage =>
  typeof data === "object" && data !== null && ((data as KeysMessage).kind === "ask" || (data as KeysMessage).kind === "keys");

/**
 * Joins this browser's other open tabs of the dashboard: says what this tab holds (for a tab
 * that asked before this one listened), asks them for theirs, answers their asking, and takes
 * every change they tell. A tab with saved entries but no key waits for the first answer, at
 * most `timeoutMs`, so that a tab opened from another shows its team at once; an answer that
 * comes later (a busy tab) is taken all the same. Resolves once the wait is over.
 */
export async function shareKeysWithOpenTabs(
  store: SavedEntriesStore = savedEntries,
  channel: KeysChannel = keysChannel(),
  timeoutMs = 300,
): Promise<void> {
  const { tabKeys } = store;
  const askId = Math.random().toString(36).slice(2);
  let answered = () => {};
  const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
  tabKeys.shareWith((keys) => channel.post({ kind: "keys", keys }));
  channel.listen((message) => {
    if (!isKeysMessage(message)) return; // another version's tab
    if (message.kind === "ask") channel.post({ kind: "keys", keys: tabKeys.state(), to: message.id });
    else {
      tabKeys.merge(message.keys);
      // A tab holding no key answers too: the wait ends on keys, not on the first word.
      if (hasAnyKey(store.get().keys)) answered();
    }
  });
  channel.post({ kind: "keys", keys: tabKeys.state() });
  channel.post({ kind: "ask", id: askId });
  const { keys, teams, orgs } = store.get();
  if (teams.length + orgs.length === 0 || hasAnyKey(keys)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([firstAnswer, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

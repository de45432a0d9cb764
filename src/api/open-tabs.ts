/**
 * This browser's open tabs of the dashboard, telling each other the keys they hold: a new tab
 * asks and an open one answers, and each change of keys in one tab reaches the others. Only
 * same-origin tabs share a BroadcastChannel, and it keeps nothing: the keys stay in the tabs'
 * own storage.
 */
import { hasAnyKey, keysOfThisTab, savedEntries, type EntryKeys } from "./saved-entries.ts";

export type KeysMessage =
  | { kind: "ask"; id: string }
  | { kind: "answer"; to: string; keys: unknown }
  /** A tab's keys changed: what every tab now holds (null: none), and whether they are remembered. */
  | { kind: "keys"; keys: unknown; remember: boolean }
  /** A tab joined, holding these keys: for a tab that asked before it listened, and got none. */
  | { kind: "joined"; keys: unknown }
  | { kind: "forget" };

export interface KeysChannel {
  post(message: KeysMessage): void;
  /** Calls `handler` with each message another tab posts. */
  listen(handler: (message: KeysMessage) => void): void;
  /**
   * Asks the open tabs for their keys: the first answer, parsed by `parse`, or null when no tab
   * answers within `timeoutMs` (no other tab is open, or none holds keys).
   */
  ask(parse: (raw: unknown) => EntryKeys | undefined, timeoutMs: number): Promise<EntryKeys | null>;
}

export function keysChannel(name = "dashboard.keys"): KeysChannel {
  const channel = new BroadcastChannel(name);
  const handlers = new Set<(message: KeysMessage) => void>();
  channel.onmessage = (event: MessageEvent<KeysMessage>) => handlers.forEach((handler) => handler(event.data));
  return {
    post: (message) => channel.postMessage(message),
    listen: (handler) => void handlers.add(handler),
    ask(parse, timeoutMs) {
      const id = crypto.randomUUID();
      return new Promise((resolve) => {
        const done = (keys: EntryKeys | null) => {
          clearTimeout(timer);
          handlers.delete(onAnswer);
          resolve(keys);
        };
        const onAnswer = (message: KeysMessage) => {
          const keys = message.kind === "answer" && message.to === id ? parse(message.keys) : undefined;
          if (keys) done(keys);
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        handlers.add(onAnswer);
        channel.postMessage({ kind: "ask", id } satisfies KeysMessage);
      });
    },
  };
}

/**
 * Joins this browser's other open tabs of the dashboard: answers their asking for keys, follows
 * their changes and Forget keys, tells them this tab's, and — in a tab that has no keys yet but
 * saved entries — asks them first, waiting at most `timeoutMs`. A tab that joins with keys says
 * so, and a tab without any takes them: it may have asked while this one was still starting (a
 * reload), before it listened. Resolves once this tab's keys are known.
 */
export async function shareKeysWithOpenTabs(channel: KeysChannel = keysChannel(), timeoutMs = 300): Promise<void> {
  const { copy, remembered, parse, shareWith } = keysOfThisTab;
  const keep = (keys: EntryKeys | undefined) => (keys && hasAnyKey(keys) ? copy.set(keys) : copy.remove());
  /**
   * This tab asked for keys and has none yet: a tab joining with keys gives them. Any change of
   * keys ends the wait, here or in another tab: a Forget keys is not undone by a tab that joins.
   */
  let waiting = false;
  shareWith({
    ...channel,
    post(message) {
      waiting = false; // this tab's own change
      channel.post(message);
    },
  });
  channel.listen((message) => {
    const mine = copy.get();
    switch (message.kind) {
      case "ask":
        if (mine) channel.post({ kind: "answer", to: message.id, keys: mine });
        break;
      case "joined":
        if (waiting && mine === null) keep(parse(message.keys));
        waiting = false;
        break;
      case "keys":
        // The sender wrote the remembered copy already; this tab keeps its own.
        waiting = false;
        keep(parse(message.keys));
        break;
      case "forget":
        waiting = false;
        copy.remove();
        break;
    }
  });
  const held = copy.get();
  if (held !== null) return channel.post({ kind: "joined", keys: held });
  // A tab of remembered keys keeps its own copy too: it stays when another tab stops remembering.
  const { teams, orgs } = savedEntries.get();
  const stored = remembered.get();
  waiting = stored === null && teams.length + orgs.length > 0;
  const kept = stored ?? (waiting ? await channel.ask(parse, timeoutMs) : null);
  if (kept && copy.get() === null) keep(kept);
  if (kept) waiting = false;
}

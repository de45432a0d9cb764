/**
 * A browser of simulated tabs for the key store: each tab has its own sessionStorage, store and
 * channel; they share one localStorage. What one tab posts on the channel, and the `storage`
 * events its localStorage writes raise in the others, wait in a queue that the test delivers in
 * any order, as late as it likes.
 */
import { MemoryStorage } from "./memory-storage.test-helper.ts";
import type { KeysChannel, KeysMessage } from "./open-tabs.ts";
import { shareKeysWithOpenTabs } from "./open-tabs.ts";
import { createSavedEntries, type SavedEntriesStore } from "./saved-entries.ts";

export interface SimTab {
  name: number;
  session: MemoryStorage;
  store: SavedEntriesStore;
  /** The local storage as this tab sees it: writes raise `storage` events in the other tabs. */
  local: Storage;
  events: EventTarget;
  handlers: ((message: KeysMessage) => void)[];
}

interface Delivery {
  to: SimTab;
  what: string;
  deliver(): void;
}

export class SimBrowser {
  readonly shared = new MemoryStorage();
  clock = 1_000;
  readonly tabs: SimTab[] = [];
  readonly queue: Delivery[] = [];
  private names = 0;

  /** A tab opened (or reloaded, with the sessionStorage it had): it joins the others as a page does. */
  open(session = new MemoryStorage()): SimTab {
    const tab = { name: ++this.names, session, events: new EventTarget(), handlers: [] } as unknown as SimTab;
    tab.local = this.localOf(tab);
    tab.store = createSavedEntries({
      local: () => tab.local,
      session: () => session,
      events: tab.events,
      now: () => this.clock,
      tabId: `tab${tab.name}`,
    });
    this.tabs.push(tab);
    void shareKeysWithOpenTabs(tab.store, this.channelOf(tab), 0);
    return tab;
  }

  /** Closed: what reached it is processed first, nothing reaches it after. */
  close(tab: SimTab): void {
    this.flush(tab);
    this.tabs.splice(this.tabs.indexOf(tab), 1);
    this.dropQueued(tab);
  }

  /**
   * Reloaded, with the sessionStorage it had. As with a close, what reached the page before is
   * processed first: a reload takes far longer than a message between tabs. (A key told only to a
   * page that unloads before reading it, by a tab that closed meanwhile, is in no storage at all.)
   */
  reload(tab: SimTab): SimTab {
    this.close(tab);
    return this.open(tab.session);
  }

  deliver(index: number): void {
    const [delivery] = this.queue.splice(index % this.queue.length, 1);
    delivery?.deliver();
  }

  /** Everything on its way delivered (to one tab, or to all), in the order it was sent. */
  flush(to?: SimTab): void {
    for (let i = 0; i < this.queue.length;) {
      if (to && this.queue[i]?.to !== to) i++;
      else this.deliver(i);
    }
  }

  private dropQueued(tab: SimTab) {
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]?.to === tab) this.queue.splice(i, 1);
  }

  private toOthers(from: SimTab, what: string, deliver: (to: SimTab) => void) {
    for (const to of this.tabs) if (to !== from) this.queue.push({ to, what, deliver: () => deliver(to) });
  }

  private channelOf(tab: SimTab): KeysChannel {
    return {
      post: (message) => {
        const copy = structuredClone(message);
        this.toOthers(tab, `message ${message.kind}`, (to) => to.handlers.forEach((handler) => handler(copy)));
      },
      listen: (handler) => void tab.handlers.push(handler),
    };
  }

  private localOf(tab: SimTab): Storage {
    const shared = this.shared;
    const changed = (key: string) =>
      this.toOthers(tab, `storage ${key}`, (to) =>
        to.events.dispatchEvent(Object.assign(new Event("storage"), { key, storageArea: to.local })),
      );
    return {
      get length() {
        return shared.length;
      },
      clear: () => shared.clear(),
      key: (index) => shared.key(index),
      getItem: (key) => shared.getItem(key),
      setItem(key, value) {
        shared.setItem(key, value);
        changed(key);
      },
      removeItem(key) {
        shared.removeItem(key);
        changed(key);
      },
    };
  }
}

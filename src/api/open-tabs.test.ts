import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "./memory-storage.test-helper.ts";
import type { KeysChannel, KeysMessage } from "./open-tabs.ts";
import type { TeamEntry } from "./saved-entries.ts";

const teamEntry: TeamEntry = { id: "t1", label: "Pilot", environment: "", baseUrl: "", teamId: "", orgEntryId: null, hasKey: true };
const keys = { teams: { t1: "svc_team_000000000000" }, orgs: {} };

/** A channel to no other tab: what this tab posts is recorded, other tabs' messages are delivered by `receive`, and an ask gets no answer. */
function quietChannel() {
  const posted: KeysMessage[] = [];
  const handlers: ((message: KeysMessage) => void)[] = [];
  const channel: KeysChannel = {
    post: (message) => void posted.push(message),
    listen: (handler) => void handlers.push(handler),
    ask: () => Promise.resolve(null),
  };
  return { channel, posted, receive: (message: KeysMessage) => handlers.forEach((handler) => handler(message)) };
}

/** This tab, started afresh: its storages (sessionStorage holding `tabKeys` if given) and the modules reading them. */
async function startTab(tabKeys?: typeof keys) {
  vi.resetModules();
  const [local, session] = [new MemoryStorage(), new MemoryStorage()];
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", session);
  const { savedEntries, keysOfThisTab } = await import("./saved-entries.ts");
  const { shareKeysWithOpenTabs } = await import("./open-tabs.ts");
  savedEntries.change({ teams: [teamEntry], teamKeys: tabKeys?.teams ?? {} });
  return { savedEntries, copy: keysOfThisTab.copy, shareKeysWithOpenTabs };
}

describe("shareKeysWithOpenTabs", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says so when it joins with keys", async () => {
    const tab = await startTab(keys);
    const { channel, posted } = quietChannel();
    await tab.shareKeysWithOpenTabs(channel);
    expect(posted).toEqual([{ kind: "joined", keys }]);
  });

  it("takes the keys of a tab that joins after its asking went unanswered", async () => {
    const tab = await startTab();
    const { channel, receive } = quietChannel();
    await tab.shareKeysWithOpenTabs(channel);
    expect(tab.copy.get()).toBeNull();
    receive({ kind: "joined", keys });
    expect(tab.copy.get()).toEqual(keys);
  });

  it("does not take them once keys were forgotten, in another tab or in this one, or given here", async () => {
    for (const change of ["forgotten there", "forgotten here", "given here"] as const) {
      const tab = await startTab();
      const { channel, receive } = quietChannel();
      await tab.shareKeysWithOpenTabs(channel);
      if (change === "forgotten there") receive({ kind: "forget" });
      else if (change === "forgotten here") tab.savedEntries.forgetKeys();
      else tab.savedEntries.change({ teamKeys: { t1: "svc_team_111111111111" } });
      receive({ kind: "joined", keys });
      expect(tab.copy.get(), change).toEqual(change === "given here" ? { teams: { t1: "svc_team_111111111111" }, orgs: {} } : null);
    }
  });
});

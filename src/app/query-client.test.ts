import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../api/memory-storage.test-helper.ts";
import type { TeamEntry } from "../api/saved-entries.ts";

const team = (id: string, baseUrl: string): TeamEntry => ({
  id,
  label: id,
  environment: "sandbox",
  baseUrl,
  teamId: `0a0a0a0a-0000-4000-8000-00000000000${id.slice(-1)}`,
  orgEntryId: null,
  hasKey: true,
});

/** A tab's modules afresh, on storages of its own, and a query client that follows its entries. */
async function startTab() {
  vi.resetModules();
  vi.stubGlobal("localStorage", new MemoryStorage());
  vi.stubGlobal("sessionStorage", new MemoryStorage());
  const { savedEntries } = await import("../api/saved-entries.ts");
  const { connectionOf, teamTag } = await import("../api/connection.ts");
  const { usersKeys } = await import("../api/list-users.ts");
  const { dropWhatEntriesLost } = await import("./query-client.ts");
  savedEntries.change({ teams: [team("t1", ""), team("t2", "https://eu.example")], teamKeys: { t1: "svc_team_one", t2: "svc_team_two" } });
  const client = new QueryClient();
  const stop = dropWhatEntriesLost(client);
  const tagOf = (id: string) => {
    const saved = savedEntries.get();
    return teamTag(
      connectionOf(
        saved,
        saved.teams.find((t) => t.id === id)!,
      ),
    );
  };
  /** Caches a page under each team's tag, as the users page does. */
  const cache = () => {
    for (const id of ["t1", "t2"]) client.setQueryData(usersKeys.list({ team: tagOf(id), offset: 0, limit: 1 }), id);
    return ["t1", "t2"].map((id) => tagOf(id));
  };
  const held = (tags: string[]) => tags.map((tag) => client.getQueryData(usersKeys.list({ team: tag, offset: 0, limit: 1 })) ?? null);
  return { savedEntries, client, stop, cache, held, tagOf };
}

describe("what the query client holds of a team", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is keyed by neither key, and goes when the team's key changes, its address changes, or its entry is removed", async () => {
    const tab = await startTab();
    let tags = tab.cache();
    expect(new Set(tags).size).toBe(2);
    expect(
      JSON.stringify(
        tab.client
          .getQueryCache()
          .getAll()
          .map((q) => q.queryKey),
      ),
    ).not.toMatch(/svc_team/);

    tab.savedEntries.change({ teamKeys: { t1: "svc_team_one_new" } });
    expect(tab.held(tags)).toEqual([null, "t2"]);

    tags = tab.cache();
    tab.savedEntries.change({
      teams: tab.savedEntries.get().teams.map((t) => (t.id === "t2" ? { ...t, baseUrl: "https://us.example" } : t)),
    });
    expect(tab.held(tags)).toEqual(["t1", null]);

    tags = tab.cache();
    tab.savedEntries.change({ teams: tab.savedEntries.get().teams.filter((t) => t.id !== "t1") });
    expect(tab.held(tags)).toEqual([null, "t2"]);
    tab.stop();
  });

  it("stays while nothing of the team changed", async () => {
    const tab = await startTab();
    const tags = tab.cache();
    tab.savedEntries.change({ teams: tab.savedEntries.get().teams.map((t) => ({ ...t, label: `${t.label} renamed` })) });
    expect(tab.held(tags)).toEqual(["t1", "t2"]);
    expect(["t1", "t2"].map((id) => tab.tagOf(id))).toEqual(tags);
    tab.stop();
  });
});

import type { Page } from "@playwright/test";
import type { Entries, EntryKeys } from "../src/api/saved-entries.ts";
import { storageKeys } from "../src/api/stored-value.ts";

export interface StoredConnection {
  /** The team opened by `/users`: saved with this key (none: no team is saved). */
  teamApiKey?: string;
  /** The team's ID; the demo's team of `teamApiKey` when left out. */
  teamId?: string;
  /** The team's label. */
  label?: string;
  /** The team's environment; "sandbox" when left out. */
  environment?: string;
  /** The organization the team belongs to, saved with this management key. */
  orgId?: string;
  managementKey?: string;
  /** The undo window of team deletion, as set in Settings; the app's default when left out. */
  undoSeconds?: number;
  /** The largest team loaded whole without being asked, as set in Settings. */
  autoLoadUsers?: number;
}

/** The saved entries and this tab's keys of a connection, as the Teams page would save them. */
export function entriesOf({
  teamApiKey = "",
  teamId,
  label = "Test team",
  environment = "sandbox",
  orgId = "",
  managementKey = "",
}: StoredConnection) {
  const entries: Entries = { orgs: [], teams: [] };
  const keys: EntryKeys = { teams: {}, orgs: {} };
  if (orgId || managementKey) {
    entries.orgs.push({ id: "org-1", label: "Test organization", orgId: orgId.toLowerCase(), managementUrl: "" });
    if (managementKey) keys.orgs["org-1"] = managementKey;
  }
  if (teamApiKey || teamId) {
    const id = "team-1";
    entries.teams.push({
      id,
      label,
      environment,
      baseUrl: "",
      teamId: (teamId ?? "00000000-0000-4000-8000-00000000e2e0").toLowerCase(),
      orgEntryId: entries.orgs.length > 0 ? "org-1" : null,
      hasKey: teamApiKey !== "",
    });
    if (teamApiKey) keys.teams[id] = teamApiKey;
  }
  return { entries, keys, recent: entries.teams.map((team) => team.id) };
}

/**
 * Saves a team (and its organization) in the tab before the app loads, as the Teams page would
 * (keys in sessionStorage), once per tab: changes the test makes later stand.
 */
export async function storeConnection(page: Page, connection: StoredConnection) {
  await page.addInitScript({ content: connectionScript(connection) });
}

/** `storeConnection`'s script, for a browser that no Playwright drives (the benchmarks'). */
export function connectionScript(connection: StoredConnection): string {
  const { undoSeconds, autoLoadUsers } = connection;
  const saved = entriesOf(connection);
  const write = (storage: string, name: string, value: unknown) =>
    `${storage}.setItem(${JSON.stringify(name)}, ${JSON.stringify(JSON.stringify(value))});`;
  return [
    'if (!sessionStorage.getItem("e2e.connected")) {',
    'sessionStorage.setItem("e2e.connected", "1");',
    write("localStorage", storageKeys.entries, saved.entries),
    write("localStorage", storageKeys.recentTeams, saved.recent),
    write("sessionStorage", storageKeys.keys, saved.keys),
    undoSeconds === undefined ? "" : write("localStorage", storageKeys.undoSeconds, undoSeconds),
    autoLoadUsers === undefined ? "" : write("localStorage", storageKeys.autoLoadUsers, autoLoadUsers),
    "}",
  ].join("\n");
}

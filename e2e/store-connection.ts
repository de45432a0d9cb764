import type { Page } from "@playwright/test";
import { storageKeys } from "../src/api/stored-value.ts";

export interface StoredConnection {
  teamApiKey?: string;
  managementKey?: string;
  orgId?: string;
  /** The undo window of team deletion, as set in Settings; the app's default when left out. */
  undoSeconds?: number;
  /** The largest team loaded whole without being asked, as set in Settings. */
  autoLoadUsers?: number;
}

/**
 * Stores a connection in the tab before the app loads, as Settings would (keys in
 * sessionStorage), once per tab: changes the test makes later stand.
 */
export async function storeConnection(
  page: Page,
  { teamApiKey = "", managementKey = "", orgId = "", undoSeconds, autoLoadUsers }: StoredConnection,
) {
  await page.addInitScript(
    ({ names, keys, orgId, undoSeconds, autoLoadUsers }) => {
      if (sessionStorage.getItem("e2e.connected")) return;
      sessionStorage.setItem("e2e.connected", "1");
      sessionStorage.setItem(names.keys, JSON.stringify(keys));
      localStorage.setItem(names.connection, JSON.stringify({ baseUrl: "", managementUrl: "", orgId }));
      if (undoSeconds !== undefined) localStorage.setItem(names.undoSeconds, JSON.stringify(undoSeconds));
      if (autoLoadUsers !== undefined) localStorage.setItem(names.autoLoadUsers, JSON.stringify(autoLoadUsers));
    },
    { names: storageKeys, keys: { teamApiKey, managementKey }, orgId, undoSeconds, autoLoadUsers },
  );
}

import type { Page } from "@playwright/test";
import { storageKeys } from "../src/api/stored-value.ts";

export interface StoredConnection {
  teamApiKey?: string;
  managementKey?: string;
  orgId?: string;
}

/**
 * Stores a connection in the tab before the app loads, as Settings would (keys in
 * sessionStorage), once per tab: changes the test makes later stand.
 */
export async function storeConnection(page: Page, { teamApiKey = "", managementKey = "", orgId = "" }: StoredConnection) {
  await page.addInitScript(
    ({ names, keys, orgId }) => {
      if (sessionStorage.getItem("e2e.connected")) return;
      sessionStorage.setItem("e2e.connected", "1");
      sessionStorage.setItem(names.keys, JSON.stringify(keys));
      localStorage.setItem(names.connection, JSON.stringify({ baseUrl: "", managementUrl: "", orgId }));
    },
    { names: storageKeys, keys: { teamApiKey, managementKey }, orgId },
  );
}

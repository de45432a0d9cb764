/**
 * The kit: Playwright fixtures and page objects for the dashboard, for the people who deploy it
 * and for our own end-to-end tests. Import `test` and `expect` from here, or combine the kit with
 * your own fixtures through Playwright's `mergeTests`. Set `baseURL` to the dashboard, and the
 * keys with the option fixtures (`test.use({ teamApiKey })`, or a project's `use`), read from the
 * environment, never from code. Read-only unless `readOnly` is set to false.
 *
 * The page objects' locators (roles, names and labels) are part of the kit's public interface:
 * a change to them is called out in docs/testing.md ("Kit changes").
 */
import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { DeleteDialog } from "./delete-dialog.ts";
import { OverviewPage } from "./overview-page.ts";
import { guardReadOnly, type ReadOnlyGuard } from "./read-only-guard.ts";
import { SettingsPage } from "./settings-page.ts";
import { TeamSwitcher } from "./team-switcher.ts";
import { TeamsPage } from "./teams-page.ts";
import { UsersPage } from "./users-page.ts";

export interface KitOptions {
  /** The team the checks browse: its API key. */
  teamApiKey: string;
  /** The organization's management key and ID: the Teams page's delete, when given. */
  managementKey: string;
  orgId: string;
  /** Where the list operation answers; empty: the dashboard's own origin (its proxy). */
  apiBaseUrl: string;
  /** Stops every request other than GET, HEAD or OPTIONS before it leaves the browser, and fails the test that sent it. */
  readOnly: boolean;
}

/** The team of `teamApiKey`, saved through the Teams page as an operator would. */
export interface SavedTeam {
  label: string;
  teamId: string;
  /** Its reference in the URL, for `usersPage.goto`: the team ID, with `@…` when the deployment also provides that team. */
  ref: string;
  /** The service's `total`, asked directly. */
  total: number;
}

export interface KitFixtures {
  guard: ReadOnlyGuard;
  teamsPage: TeamsPage;
  usersPage: UsersPage;
  overviewPage: OverviewPage;
  switcher: TeamSwitcher;
  settingsPage: SettingsPage;
  deleteDialog: DeleteDialog;
  /** Asks the list operation directly, with `teamApiKey`: the truth the dashboard is compared with. */
  listUsers: (query?: { offset?: number; limit?: number }) => Promise<{ total: number; users: Record<string, unknown>[] }>;
  savedTeam: SavedTeam;
}

const notGuarded: ReadOnlyGuard = { blocked: [], takeBlocked: () => [] };

async function listDirectly(request: APIRequestContext, apiBaseUrl: string, teamApiKey: string, { offset = 0, limit = 1 } = {}) {
  const response = await request.get(`${apiBaseUrl.replace(/\/+$/, "")}/v2/user/?offset=${offset}&limit=${limit}`, {
    headers: { "x-service-api-key": teamApiKey, Accept: "application/json" },
  });
  expect(response.status(), "the list operation answers the team API key").toBe(200);
  return (await response.json()) as { total: number; users: Record<string, unknown>[] };
}

export const test = base.extend<KitOptions & KitFixtures>({
  teamApiKey: ["", { option: true }],
  managementKey: ["", { option: true }],
  orgId: ["", { option: true }],
  apiBaseUrl: ["", { option: true }],
  readOnly: [true, { option: true }],

  guard: [
    async ({ context, readOnly }, use) => {
      if (!readOnly) return use(notGuarded);
      const guard = await guardReadOnly(context);
      await use(guard);
      expect(guard.blocked, "requests the read-only guard stopped before they left the browser").toEqual([]);
    },
    { auto: true },
  ],
  teamsPage: async ({ page }, use) => use(new TeamsPage(page)),
  usersPage: async ({ page }, use) => use(new UsersPage(page)),
  overviewPage: async ({ page }, use) => use(new OverviewPage(page)),
  switcher: async ({ page }, use) => use(new TeamSwitcher(page)),
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
  deleteDialog: async ({ page }, use) => use(new DeleteDialog(page)),
  listUsers: async ({ request, apiBaseUrl, teamApiKey }, use) => {
    await use((query) => listDirectly(request, apiBaseUrl, teamApiKey, query));
  },
  savedTeam: async ({ teamsPage, teamApiKey, apiBaseUrl, listUsers }, use) => {
    const label = "Smoke test team";
    await teamsPage.goto();
    const row = await teamsPage.addTeam({ label, teamApiKey, baseUrl: apiBaseUrl, environment: "smoke test" });
    await expect(row.keyStatus).toHaveText("Works");
    const teamId = ((await row.teamId.getByRole("code").textContent()) ?? "").trim();
    const ref = decodeURIComponent(/^\/t\/([^/]+)\//.exec((await row.openUsersLink.getAttribute("href")) ?? "")?.[1] ?? teamId);
    await use({ label, teamId, ref, total: (await listUsers()).total });
  },
});

export { expect };

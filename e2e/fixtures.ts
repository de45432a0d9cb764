import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test as kit } from "./kit/fixtures.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Credentials } from "../server/service.ts";
import { disposableTeams } from "./seed.ts";
import { storeConnection, type StoredConnection } from "./store-connection.ts";

type Team = Credentials["orgs"][number]["teams"][number];

export interface Demo {
  orgId: string;
  managementKey: string;
  /** The demo's largest team (2,500 users). */
  bigTeam: Team;
  smallTeam: Team;
  emptyTeam: Team;
  awkwardTeam: Team;
  /** Sixteen sources, and users near midnight (`manySourcesTeam` in seed.ts). */
  manySourcesTeam: Team;
  /** Teams made to be deleted: each test takes its own by number. */
  disposable: (n: number) => Team;
  otherOrg: { orgId: string; managementKey: string; team: Team };
}

function loadDemo(): Demo {
  const credentials = JSON.parse(readFileSync(join(process.env.E2E_DATA ?? "", "credentials.json"), "utf8")) as Credentials;
  const [acme, northwind] = credentials.orgs;
  if (!acme || !northwind) throw new Error("The e2e seed has two organizations");
  const named = (name: string) => {
    const team = acme.teams.find((t) => t.name === name);
    if (!team) throw new Error(`No team named ${name}`);
    return team;
  };
  return {
    orgId: acme.org_id,
    managementKey: acme.management_key,
    bigTeam: named("Sleep study"),
    smallTeam: named("Pilot clinic"),
    emptyTeam: named("New cohort"),
    awkwardTeam: named("Awkward users"),
    manySourcesTeam: named("Many sources"),
    disposable: (n) => named(`Disposable ${n}`),
    otherOrg: { orgId: northwind.org_id, managementKey: northwind.management_key, team: northwind.teams[0]! },
  };
}

/** The kit's fixtures and page objects, and what our own tests need of our own seed. */
export const test = kit.extend<{
  demo: Demo;
  /** Saves a team and its organization in the tab, as Teams would (keys in sessionStorage), before the app loads. */
  connect: (options: StoredConnection) => Promise<void>;
  /** On the delete view: opens the confirmation, types `typed` (the team ID), and confirms. */
  confirmDelete: (typed: string) => Promise<void>;
  /** Fails on any serious or critical axe violation of the page as it is now. */
  expectAccessible: (page?: Page) => Promise<void>;
}>({
  demo: async ({}, use) => {
    await use(loadDemo());
  },
  connect: async ({ page, demo }, use) => {
    const teams = [
      demo.bigTeam,
      demo.smallTeam,
      demo.emptyTeam,
      demo.awkwardTeam,
      demo.manySourcesTeam,
      demo.otherOrg.team,
      ...Array.from({ length: disposableTeams }, (_, i) => demo.disposable(i + 1)),
    ];
    await use((options) => {
      const team = teams.find((t) => t.api_key === options.teamApiKey);
      return storeConnection(page, { teamId: team?.team_id, label: team?.name, ...options });
    });
  },
  confirmDelete: async ({ page }, use) => {
    await use(async (typed) => {
      await page.getByRole("button", { name: "Delete team" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete team" });
      await dialog.getByLabel("Type the team ID to confirm").fill(typed);
      await dialog.getByRole("button", { name: "Delete this team" }).click();
    });
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // Only the violations are read: axe then describes one node a rule for the other results,
      // where it described every node (a third of its time on the users page). Legacy mode runs
      // axe.run in the page, the same rules on the same nodes (the app has no frames), where the
      // default runs each frame's part, then joins them in a new blank page: 26 s against 6 s on
      // the users page of 100 rows, with the same violations found.
      const results = await new AxeBuilder({ page: target })
        .setLegacyMode(true)
        .options({ resultTypes: ["violations"] })
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        );
      expect(serious).toEqual([]);
    });
  },
});

export { expect };

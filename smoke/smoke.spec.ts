/**
 * The read-only smoke suite: what a person would check by hand after deploying the dashboard in
 * front of their service, with their key and their data. Nothing here changes data: the kit's
 * guard stops any request other than GET, HEAD or OPTIONS before it leaves the browser.
 */
import { readFileSync } from "node:fs";
import { SavePicker } from "../e2e/kit/save-picker.ts";
import { expect, test } from "./fixtures.ts";

test("the app loads without console errors", async ({ page, savedTeam, usersPage }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // A missing image (a user's logo) is the data's, and the logo check's business.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (response.status() >= 400 && ["document", "script", "stylesheet"].includes(type))
      problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/teams");
  await usersPage.goto(savedTeam.ref);
  await expect(usersPage.table.or(page.getByRole("heading", { name: "No users yet" }))).toBeVisible();
  expect(problems).toEqual([]);
});

test("the team's first page lists, and its count is the service's", async ({ usersPage, savedTeam, listUsers }) => {
  await usersPage.goto(savedTeam.ref);
  const first = await listUsers({ limit: 100 });
  test.skip(first.total === 0, "The team has no users: nothing to list.");
  await expect(usersPage.range).toHaveText(
    `Showing 1–${Math.min(100, first.total).toLocaleString("en-US")} of ${first.total.toLocaleString("en-US")}`,
  );
  await expect(usersPage.rows).toHaveCount(first.users.length);
  await expect(usersPage.rows.first()).toContainText(String(first.users[0]!.client_user_id));
});

test("a far page: the last one lists the last users", async ({ usersPage, savedTeam, listUsers }) => {
  const { total } = savedTeam;
  test.skip(total <= 25, "The team fits on one page.");
  const pageSize = 25;
  const last = Math.ceil(total / pageSize);
  await usersPage.goto(savedTeam.ref, `?page=${last}&pageSize=${pageSize}`);
  const expected = await listUsers({ offset: (last - 1) * pageSize, limit: pageSize });
  const from = (last - 1) * pageSize + 1;
  await expect(usersPage.range).toHaveText(
    `Showing ${from.toLocaleString("en-US")}–${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  );
  await expect(usersPage.rows).toHaveCount(expected.users.length);
  await expect(usersPage.rows.last()).toContainText(String(expected.users.at(-1)!.client_user_id));
});

test("a user's detail shows the answer exactly as the service sent it", async ({ usersPage, savedTeam, listUsers }) => {
  test.skip(savedTeam.total === 0, "The team has no users.");
  await usersPage.goto(savedTeam.ref);
  const panel = await usersPage.openUser(0);
  const [sent] = (await listUsers({ limit: 1 })).users;
  await expect(panel.sentJson).toBeVisible();
  expect(JSON.parse((await panel.sentJson.textContent()) ?? "")).toEqual(sent);
});

test("logos load, or fall back to their lettered badge", async ({ usersPage, savedTeam, listUsers }) => {
  const { users } = await listUsers({ limit: 5 });
  test.skip(!users.some((user) => (user.connected_sources as unknown[]).length > 0), "The first users have no connected source.");
  await usersPage.goto(savedTeam.ref);
  await expect(usersPage.rows.first()).toBeVisible();
  // Each source is an image: its logo (a background, once the rows are painted), or, when the
  // logo fails, a lettered badge. Wait until every one in the window is settled: a logo whose
  // address does not load and that never turns into its badge keeps it waiting.
  const unsettled = () =>
    usersPage.rows.getByRole("img").evaluateAll(async (nodes) => {
      const shown = nodes.filter((node) => node.getBoundingClientRect().top < window.innerHeight);
      const states = await Promise.all(
        shown.map(async (node) => {
          if (node.textContent) return "badge";
          const url = /^url\("(.*)"\)$/.exec(getComputedStyle(node).backgroundImage)?.[1];
          if (!url) return "waiting";
          const image = new Image();
          image.referrerPolicy = "no-referrer";
          image.src = url;
          return image.decode().then(
            () => "logo",
            () => `not loaded, no badge: ${url}`,
          );
        }),
      );
      return states.length === 0 ? ["no source in the window"] : states.filter((state) => state !== "logo" && state !== "badge");
    });
  await expect.poll(unsettled, { message: "every source in the window shows its logo or its badge" }).toEqual([]);
});

test("the whole team loads, searches and exports, when it is small enough", async ({ page, usersPage, savedTeam, wholeTeamMax }) => {
  test.skip(
    savedTeam.total === 0 || savedTeam.total > wholeTeamMax,
    `Runs for teams of 1 to ${wholeTeamMax} users (SMOKE_WHOLE_TEAM_MAX).`,
  );
  // Downloaded, as in a browser without Chromium's save picker, which a headless one cannot answer.
  await SavePicker.install(page, "absent");
  await usersPage.goto(savedTeam.ref);
  if (await usersPage.wholeTeam.loadButton.isVisible()) await usersPage.wholeTeam.loadButton.click();
  await expect(usersPage.wholeTeam.loaded).toBeVisible({ timeout: 120_000 });

  const someone = ((await usersPage.rows.first().getByRole("cell").first().locator("b").textContent()) ?? "").trim();
  await usersPage.search.fill(someone);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(usersPage.rows.first()).toContainText(someone);

  await usersPage.search.fill("");
  const download = page.waitForEvent("download");
  await usersPage.wholeTeam.exportCsvButton.click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.split("\n")[0]).toMatch(/^user_id,client_user_id,team_id,created_on/);
});

test("the delete form refuses the team key offered as a management key, and sends nothing", async ({
  page,
  teamsPage,
  savedTeam,
  teamApiKey,
}) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/v1/")) sent.push(request.url());
  });
  const form = await teamsPage.submitOrganizationForm({
    label: "Smoke test organization",
    orgId: "00000000-0000-4000-8000-000000000000",
    managementKey: teamApiKey,
  });
  await expect(
    form.getByText(`This is the team API key of ${savedTeam.label}. Deleting a team needs the organization's management key.`),
  ).toBeVisible();
  expect(sent).toEqual([]);
});

test("with MANAGEMENT_KEY and ORG_ID, the Teams page shows the team with its count, ready to delete", async ({
  teamsPage,
  savedTeam,
  managementKey,
  orgId,
}) => {
  test.skip(!managementKey || !orgId, "Set MANAGEMENT_KEY and ORG_ID to check the organization.");
  await teamsPage.addOrganization({ label: "Smoke test organization", orgId, managementKey });
  await teamsPage.page.getByRole("button", { name: `Edit ${savedTeam.label}` }).click();
  const edit = teamsPage.page.getByRole("dialog", { name: `Edit ${savedTeam.label}` });
  await edit.getByLabel("Organization").selectOption({ label: "Smoke test organization" });
  await edit.getByRole("button", { name: "Save team" }).click();
  const row = teamsPage.row(savedTeam.label);
  await expect(row.organization).toHaveText("Smoke test organization");
  await expect(row.users).toHaveText(savedTeam.total.toLocaleString("en-US"));
  await expect(row.deleteButton).toBeEnabled();
});

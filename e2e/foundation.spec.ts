import { expect, test } from "./fixtures.ts";

test.describe("shell", () => {
  test("home and /users lead to Teams while no team is saved; unknown paths get a not-found page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole("heading", { name: "No teams saved yet" })).toBeVisible();
    await page.goto("/users");
    await expect(page).toHaveURL(/\/teams$/);
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Teams" }).click();
    await expect(page).toHaveURL(/\/teams$/);
  });

  test("the navigation moves between views without reloading and marks the current one", async ({ page, connect, demo }) => {
    await connect({ teamApiKey: demo.smallTeam.api_key });
    const usersPath = `/t/${demo.smallTeam.team_id}/users`;
    await page.goto("/users");
    await expect(page).toHaveURL(usersPath);
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = () => nav.locator('[aria-current="page"]');
    await expect(current()).toHaveText("Users");
    for (const [name, path] of [
      ["Teams", "/teams"],
      ["Settings", "/settings"],
      ["Users", usersPath],
    ] as const) {
      await nav.getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(current()).toHaveText(name);
      await expect(current()).toHaveCount(1);
    }
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // A click with a modifier is left to the browser: a new tab, this view stays.
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      nav.getByRole("link", { name: "Settings" }).click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await expect(tab).toHaveURL(/\/settings$/);
    await expect(page).toHaveURL(usersPath);
  });

  test("the theme follows the system and can be switched", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/users");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();
    await page.getByLabel("Theme").selectOption("light");
    const light = await background();
    expect(light).not.toBe(dark);
    await page.reload();
    expect(await background()).toBe(light);
  });

  test("pages are served with a strict Content-Security-Policy and security headers", async ({ request }) => {
    for (const path of ["/users", "/teams", "/t/0a0a0a0a-0000-4000-8000-00000000000a/users", "/settings", "/teams/delete", "/nowhere"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["content-security-policy"]).toContain("script-src 'self'");
      expect(headers["content-security-policy"]).toContain("img-src 'self' https:");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("no-referrer");
    }
    const api = await request.get("/v9/nothing");
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ detail: "Not Found" });
  });

  test("the header names the current team and its environment, production in colour and words, never a key", async ({
    page,
    connect,
    demo,
  }) => {
    await connect({ teamApiKey: demo.bigTeam.api_key, environment: "prod" });
    await page.goto("/users");
    const switcher = page.getByRole("button", { name: /^Switch team/ });
    await expect(switcher).toHaveText(`Team${demo.bigTeam.name} Production▾`);
    const badge = switcher.getByText("Production");
    const colours = await badge.evaluate((element) => [
      getComputedStyle(element).backgroundColor,
      getComputedStyle(element.parentElement!).backgroundColor,
    ]);
    expect(colours[0]).not.toBe(colours[1]);
    await expect(page.getByRole("heading", { name: "Users" }).locator("..")).toContainText(`The users of ${demo.bigTeam.name} Production.`);
    expect(await page.content()).not.toContain(demo.bigTeam.api_key);
  });
});

test.describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const path of ["/users", "/teams", "/settings", "/teams/delete", "/nowhere"]) {
      test(`axe finds nothing serious on ${path} in ${scheme}`, async ({ page, connect, demo, expectAccessible }) => {
        await connect({ teamApiKey: demo.bigTeam.api_key, managementKey: demo.managementKey, orgId: demo.orgId });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (path === "/users") await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
        await expectAccessible();
      });
    }
  }

  test("axe finds nothing serious without saved teams or keys", async ({ page, connect, demo, expectAccessible }) => {
    await page.goto("/teams/delete");
    await expect(page.getByRole("heading", { name: "An organization is needed" })).toBeVisible();
    await expectAccessible();
    await connect({ teamId: demo.smallTeam.team_id, label: "Keyless" });
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Keyless is saved without a team API key" })).toBeVisible();
    await expectAccessible();
    await page.goto("/t/0b0b0b0b-0000-4000-8000-00000000dead/users");
    await expect(page.getByRole("heading", { name: "No saved team here" })).toBeVisible();
    await expectAccessible();
  });
});

import { expect, test } from "./fixtures.ts";

test.describe("settings", () => {
  test("Test connection reports the team's user count for the demo key", async ({ page, demo }) => {
    await page.goto("/settings");
    await page.getByLabel("Team API key").fill(demo.bigTeam.api_key);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByRole("status")).toHaveText("Connected. The team has 2,500 users.");
  });

  test("a wrong key gets a precise message", async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("Team API key").fill("svc_team_this-key-does-not-exist-000");
    await page.getByRole("button", { name: "Test connection" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "rejected" });
    await expect(alert).toContainText("The team API key was rejected. Invalid API key.");
    await expect(alert).not.toContainText("this-key-does-not-exist");
  });

  test("a management key used as the team key is named as such", async ({ page, demo }) => {
    await page.goto("/settings");
    await page.getByLabel("Team API key").fill(demo.managementKey);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "rejected" })).toContainText("This is a management key");
  });

  test("a dead service gets a clear message", async ({ page, demo }) => {
    await page.goto("/settings");
    await page.getByLabel("API base URL").fill("http://127.0.0.1:9");
    await page.getByLabel("Team API key").fill(demo.bigTeam.api_key);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "could not be reached" })).toBeVisible({ timeout: 20_000 });
  });

  test("keys are masked, can be revealed, and the two kinds cannot be the same", async ({ page, demo }) => {
    await page.goto("/settings");
    const key = page.getByLabel("Team API key");
    await key.fill(demo.bigTeam.api_key);
    await expect(key).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show", exact: true }).first().click();
    await expect(key).toHaveAttribute("type", "text");
    await page.getByLabel("Management key").fill(demo.bigTeam.api_key);
    await expect(page.getByText("This is the team API key.")).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Fix the fields" })).toBeVisible();
  });

  test("keys stay out of localStorage and URLs unless remembering is chosen, and Forget keys clears them", async ({ page, demo }) => {
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto("/settings");
    await page.getByLabel("Team API key").fill(demo.bigTeam.api_key);
    await page.getByLabel("Management key").fill(demo.managementKey);
    await page.getByLabel("Organization ID").fill(demo.orgId);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");

    const storage = () => page.evaluate(() => ({ local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage) }));
    let stored = await storage();
    expect(stored.local).not.toContain(demo.bigTeam.api_key);
    expect(stored.local).not.toContain(demo.managementKey);
    expect(stored.local).toContain(demo.orgId);
    expect(stored.session).toContain(demo.bigTeam.api_key);

    // The users page reads with the saved key; the key travels in a header only.
    await page.getByRole("link", { name: "Users", exact: true }).click();
    await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
    await page.goto("/settings");
    await page.getByLabel("Remember keys on this device").check();
    await expect(page.getByRole("note")).toContainText("local storage");
    await page.getByRole("button", { name: "Save" }).click();
    stored = await storage();
    expect(stored.local).toContain(demo.bigTeam.api_key);
    expect(stored.session).not.toContain(demo.bigTeam.api_key);

    await page.getByRole("button", { name: "Forget keys" }).click();
    await expect(page.getByRole("status")).toContainText("Keys forgotten");
    stored = await storage();
    for (const where of [stored.local, stored.session]) {
      expect(where).not.toContain(demo.bigTeam.api_key);
      expect(where).not.toContain(demo.managementKey);
    }
    await expect(page.getByLabel("Team API key")).toHaveValue("");
    await expect(page.getByRole("region", { name: "Current connection" })).toContainText("Team keynot set");

    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) {
      expect(url).not.toContain(demo.bigTeam.api_key);
      expect(url).not.toContain(demo.managementKey);
    }
  });
});

test.describe("shell", () => {
  test("home redirects to the users, unknown paths get a not-found page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole("link", { name: "Open settings" })).toBeVisible();
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to users" }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  test("the navigation moves between views without reloading and marks the current one", async ({ page }) => {
    await page.goto("/users");
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = () => nav.locator('[aria-current="page"]');
    await expect(current()).toHaveText("Users");
    for (const [name, path] of [
      ["Delete a team", "/teams/delete"],
      ["Settings", "/settings"],
      ["Users", "/users"],
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
    await expect(page).toHaveURL(/\/users$/);
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
    for (const path of ["/users", "/settings", "/teams/delete", "/nowhere"]) {
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

  test("the layout shows which keys are set, never the keys", async ({ page, connect, demo }) => {
    await connect({ teamApiKey: demo.bigTeam.api_key });
    await page.goto("/users");
    const summary = page.getByRole("region", { name: "Current connection" });
    await expect(summary).toContainText("Team keyset");
    await expect(summary).toContainText("Management keynot set");
    expect(await page.content()).not.toContain(demo.bigTeam.api_key);
  });
});

test.describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const path of ["/users", "/settings", "/teams/delete", "/nowhere"]) {
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

  test("axe finds nothing serious without keys", async ({ page, expectAccessible }) => {
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Connect a team" })).toBeVisible();
    await expectAccessible();
    await page.goto("/teams/delete");
    await expect(page.getByRole("heading", { name: "A management key is needed" })).toBeVisible();
    await expectAccessible();
  });
});

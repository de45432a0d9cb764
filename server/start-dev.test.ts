import { expect, it } from "vitest";
import { spawnServer } from "./spawn-server.ts";

it("npm run dev serves the app with hot reload and the service on one origin", async () => {
  const server = await spawnServer("server/start.ts", [
    "--dev",
    "--quiet",
    "--port",
    "0",
    "--db",
    ":memory:",
    "--seed",
    "demo",
    "--demo-users",
    "5",
  ]);
  try {
    const page = await (await fetch(`${server.url}/users`)).text();
    expect(page).toContain("/@vite/client");
    expect(page).toContain('<div id="root"></div>');
    const key = /team API key\s+(\S+)/.exec(server.output())?.[1];
    expect(key).toBeDefined();
    const users = await fetch(`${server.url}/v2/user/?limit=1`, { headers: { "x-service-api-key": key! } });
    expect(((await users.json()) as { total: number }).total).toBe(5);
    expect((await fetch(`${server.url}/v9/unknown`)).status).toBe(404);
    // The sign-in's paths are the server's, not the app's: here, with no deployment, nobody signs in.
    expect(await (await fetch(`${server.url}/auth/session`)).json()).toEqual({
      auth: null,
      signedIn: false,
      email: null,
      name: null,
      roles: {},
    });
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 60_000);

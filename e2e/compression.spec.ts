/**
 * Compression through the dashboard's proxy: a dashboard in upstream mode in front of a reference
 * service, reached by the browser through a front of our own that either passes the browser's
 * Accept-Encoding on (compression on: the service compresses, the proxy passes its bytes on as
 * they came, the app's files go as their brotli or gzip copies) or asks for `identity` (off). The
 * users page and a whole-team load give the same rows both ways, and an NDJSON export the same bytes.
 */
import { readFileSync } from "node:fs";
import { createServer, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import type { SpawnedServer } from "../server/spawn-server.ts";
import { expect, test } from "./fixtures.ts";
import { SavePicker } from "./kit/save-picker.ts";
import { UsersPage } from "./kit/users-page.ts";
import { forward } from "./service-proxy.ts";
import { storeConnection } from "./store-connection.ts";
import { startUpstreamDemo, type UpstreamDemo } from "./upstream-demo.ts";

const teamSize = 6_000; // above the 5,000 loaded without asking: the load is the test's click
let dashboard: SpawnedServer;
let team: UpstreamDemo["team"];
let stop: (() => Promise<void>) | undefined;

interface Front {
  url: string;
  /** The Content-Encoding of each answer that came back, by the path asked. */
  codings: { path: string; coding: string | undefined }[];
  close: () => Promise<void>;
}

/** A front for the dashboard that passes requests on as they came, or (with `acceptEncoding`) asking for that coding. */
async function startFront(acceptEncoding?: string): Promise<Front> {
  const target = new URL(dashboard.url);
  const codings: Front["codings"] = [];
  const server: Server = createServer((req, res) => {
    if (acceptEncoding !== undefined) req.headers["accept-encoding"] = acceptEncoding;
    const path = req.url ?? "/";
    const writeHead = res.writeHead.bind(res) as (status: number, headers: OutgoingHttpHeaders) => ServerResponse;
    (res as { writeHead: unknown }).writeHead = (status: number, headers: OutgoingHttpHeaders) => {
      codings.push({ path, coding: headers["content-encoding"] as string | undefined });
      return writeHead(status, headers);
    };
    forward(req, res, target);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    codings,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ dashboard, team, stop } = await startUpstreamDemo(teamSize, ["--quiet"]));
});
test.afterAll(() => stop?.());

/** The users page's first rows, then the whole team loaded and exported as NDJSON: the rows' text and the file's bytes. */
async function usersAndExport(page: Page, front: Front) {
  await storeConnection(page, { teamApiKey: team.api_key, teamId: team.team_id });
  await SavePicker.install(page, "absent");
  const users = new UsersPage(page);
  await page.goto(`${front.url}/users`);
  const rows = users.table.locator("tbody tr");
  // The first ten rows' IDs and date (each row's first three lines: a source's logo shows its
  // letters until it loads; rows further down are drawn as they scroll into view).
  const shown = async () => (await rows.allInnerTexts()).slice(0, 10).map((text) => text.split("\n").slice(0, 3).join(" "));
  await expect.poll(async () => (await shown()).filter((row) => row.split(" ").length >= 3).length).toBe(10);
  const firstRows = await shown();
  await users.wholeTeam.loadButton.click();
  await expect(page.getByRole("status").filter({ hasText: `All ${teamSize.toLocaleString("en")} users are loaded` })).toBeVisible({
    timeout: 45_000,
  });
  const download = page.waitForEvent("download");
  await users.wholeTeam.exportNdjsonButton.click();
  const file = await download;
  return { firstRows, ndjson: readFileSync((await file.path())!) };
}

test("through the proxy, compressed or not, the users page and a whole-team load give the same rows, and an NDJSON export the same bytes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const on = await startFront();
  const off = await startFront("identity");
  try {
    const compressed = await browser.newContext().then(async (context) => {
      try {
        return await usersAndExport(await context.newPage(), on);
      } finally {
        await context.close();
      }
    });
    const plain = await browser.newContext().then(async (context) => {
      try {
        return await usersAndExport(await context.newPage(), off);
      } finally {
        await context.close();
      }
    });

    // Compression was on: every page of users and every script came compressed; off, none did.
    const pages = (front: Front) => front.codings.filter(({ path }) => /^\/v2\/user\//.test(path));
    const scripts = (front: Front) => front.codings.filter(({ path }) => /^\/assets\/.+\.js$/.test(path));
    expect(pages(on).length).toBeGreaterThanOrEqual(teamSize / 500);
    expect(new Set(pages(on).map(({ coding }) => coding))).toEqual(new Set([expect.stringMatching(/^(br|gzip)$/)]));
    expect(scripts(on).length).toBeGreaterThan(0);
    expect(scripts(on).every(({ coding }) => coding === "br" || coding === "gzip")).toBe(true);
    expect([...pages(off), ...scripts(off)].every(({ coding }) => coding === undefined)).toBe(true);

    expect(compressed.firstRows.length).toBeGreaterThan(0);
    expect(compressed.firstRows).toEqual(plain.firstRows);
    expect(compressed.ndjson.toString("utf8").trim().split("\n")).toHaveLength(teamSize);
    expect(compressed.ndjson.equals(plain.ndjson)).toBe(true);
  } finally {
    await on.close();
    await off.close();
  }
});

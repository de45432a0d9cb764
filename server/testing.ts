/** Test support: fixtures, a reference service on a free port with a fresh in-memory database, a raw client. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UserPayload } from "../src/api/contract.ts";
import { createServiceApp, type ServiceAppOptions } from "./service-app.ts";
import { listen, openStore, type Listening } from "./service.ts";
import type { SeedFile } from "./seed-file.ts";

export const ids = {
  orgA: "0b7c1f3e-1111-4a2b-8c3d-000000000001",
  orgB: "0b7c1f3e-2222-4a2b-8c3d-000000000002",
  teamA: "7e4b9a10-aaaa-4c5d-9e6f-00000000000a",
  teamA2: "7e4b9a10-bbbb-4c5d-9e6f-00000000000b",
  teamB: "7e4b9a10-cccc-4c5d-9e6f-00000000000c",
  unknown: "99999999-9999-4999-8999-999999999999",
};

export const keys = {
  managementA: "mgmt-key-org-a-0000000000000001",
  managementB: "mgmt-key-org-b-0000000000000002",
  teamA: "team-key-team-a-000000000000000a",
  teamA2: "team-key-team-a2-00000000000000b",
  teamB: "team-key-team-b-000000000000000c",
};

/** A user whose created_on is `minutes` after 2025-01-01T00:00Z, written at a rotating offset. */
export function fixtureUser(teamId: string, n: number, overrides: Partial<UserPayload> = {}): UserPayload {
  const offsets = ["+00:00", "+05:30", "-08:00", "Z", "+09:00"];
  const offset = offsets[n % offsets.length] ?? "Z";
  const minutes = offset === "Z" ? 0 : (offset.startsWith("-") ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
  const wallClock = new Date(Date.UTC(2025, 0, 1) + n * 60_000 + minutes * 60_000).toISOString().slice(0, 19);
  return {
    user_id: `${teamId.slice(0, 24)}${String(n).padStart(12, "0")}`,
    team_id: teamId,
    client_user_id: `client-${n}`,
    created_on: `${wallClock}${offset}`,
    connected_sources:
      n % 3 === 0 ? [] : [{ created_on: "2025-02-01T10:00:00+01:00", source: { logo: "/logos/oura.svg", name: "Oura", slug: "oura" } }],
    fallback_birth_date: n % 2 === 0 ? { source_slug: "oura", updated_at: "2025-02-01T10:00:00Z", value: "1990-05-17" } : null,
    fallback_time_zone: n % 4 === 0 ? null : { id: "Europe/Amsterdam", source_slug: "oura", updated_at: "2025-02-01T10:00:00Z" },
    ...overrides,
  };
}

export function fixtureSeed(sizes = { teamA: 250, teamA2: 3, teamB: 5 }): SeedFile {
  const users = (teamId: string, count: number) => Array.from({ length: count }, (_, i) => fixtureUser(teamId, i + 1));
  return {
    orgs: [
      {
        org_id: ids.orgA,
        name: "Org A",
        management_key: keys.managementA,
        teams: [
          { team_id: ids.teamA, name: "Team A", api_key: keys.teamA, users: users(ids.teamA, sizes.teamA) },
          { team_id: ids.teamA2, name: "Team A2", api_key: keys.teamA2, users: users(ids.teamA2, sizes.teamA2) },
        ],
      },
      {
        org_id: ids.orgB,
        name: "Org B",
        management_key: keys.managementB,
        teams: [{ team_id: ids.teamB, name: "Team B", api_key: keys.teamB, users: users(ids.teamB, sizes.teamB) }],
      },
    ],
  };
}

/** Starts the service on 127.0.0.1 and a free port, on a fresh in-memory database. */
export async function startTestService(seed: SeedFile = fixtureSeed(), options: ServiceAppOptions = {}): Promise<Listening> {
  const { db, store } = openStore({ db: ":memory:", seed });
  const listening = await listen(createServiceApp(store, options), "127.0.0.1", 0);
  return {
    ...listening,
    close: async () => {
      await listening.close();
      db.close();
    },
  };
}

/** A built app as small as the dashboard server needs: index.html and one hashed asset. */
export function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), "dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Team admin</title>");
  writeFileSync(join(dist, "assets", "app-1234.js"), "console.log(1)");
  return dist;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends `path` exactly as written (fetch and URL would resolve its dot segments first). */
export function rawRequest(port: number, method: string, path: string, headers: OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A service that answers any request 200 with `text` in `pieces`, `gapMs` apart, and ends it
 * (or, with `stall`, sends half the pieces and then nothing): a slow link, or an answer that stops.
 */
export async function tricklingService(text: string, { pieces, gapMs, stall = false }: { pieces: number; gapMs: number; stall?: boolean }) {
  const parts = Array.from({ length: pieces }, (_, i) => text.slice((i * text.length) / pieces, ((i + 1) * text.length) / pieces));
  const sent = stall ? parts.slice(0, Math.ceil(pieces / 2)) : parts;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.flushHeaders();
    const next = (i: number) => {
      if (i === sent.length) return stall ? undefined : response.end();
      response.write(sent[i]);
      setTimeout(() => next(i + 1), gapMs);
    };
    setTimeout(() => next(0), gapMs);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

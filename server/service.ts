/** Opens the database, seeds it when new, and serves an app over HTTP. */
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { openDatabase, type Db } from "./database.ts";
import { lazyDemoSeed } from "./demo-seed.ts";
import { parseSeed, SeedError, type SeedFile, type SeedToApply } from "./seed-file.ts";
import { createStore, type Store } from "./store.ts";

export interface StoreOptions {
  /** A file path, or `:memory:`. */
  db: string;
  /** `demo`, the path of a seed file, or a seed itself; applied when the database is new. */
  seed?: string | SeedFile;
  demoUsers?: number;
  /** Where to write what was seeded, keys included, as JSON. */
  credentialsOut?: string;
  /** Told how many users a new database is about to be seeded with. */
  onSeed?: (users: number) => void;
}

export interface Credentials {
  orgs: {
    org_id: string;
    name: string;
    management_key: string;
    teams: { team_id: string; name: string; api_key: string; users: number }[];
  }[];
}

export interface OpenedStore {
  db: Db;
  store: Store;
  /** What was seeded on this start, or undefined when the database already existed. */
  seeded?: Credentials;
}

function loadSeed(seed: string | SeedFile, demoUsers: number | undefined): SeedToApply {
  if (typeof seed !== "string") return parseSeed(seed);
  if (seed === "demo") return lazyDemoSeed(demoUsers);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(seed, "utf8"));
  } catch (error) {
    throw new SeedError(`Cannot read seed file ${seed}: ${(error as Error).message}`);
  }
  return parseSeed(data);
}

function credentialsOf(seed: SeedToApply): Credentials {
  return {
    orgs: seed.orgs.map((org) => ({
      org_id: org.org_id.toLowerCase(),
      name: org.name,
      management_key: org.management_key,
      teams: org.teams.map((team) => ({
        team_id: team.team_id.toLowerCase(),
        name: team.name,
        api_key: team.api_key,
        users: team.users.length,
      })),
    })),
  };
}

/** The seed is checked before the database is opened, so a bad seed writes nothing. */
export function openStore(options: StoreOptions): OpenedStore {
  const seed = options.seed === undefined ? undefined : loadSeed(options.seed, options.demoUsers);
  // A new database is seeded through the store that then serves it (its statements prepared once).
  let store: Store | undefined;
  const { db, isNew } = openDatabase(
    options.db,
    seed &&
      ((db) => {
        options.onSeed?.(seed.orgs.flatMap((org) => org.teams).reduce((users, team) => users + team.users.length, 0));
        (store = createStore(db)).applySeed(seed);
      }),
  );
  store ??= createStore(db);
  if (!isNew || !seed) return { db, store };
  const seeded = credentialsOf(seed);
  if (options.credentialsOut) {
    writeFileSync(options.credentialsOut, `${JSON.stringify(seeded, null, 2)}\n`, { mode: 0o600 });
  }
  return { db, store, seeded };
}

export interface Listening {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

const badRequestBody = (status: number, detail: string) =>
  `HTTP/1.1 ${status} ${detail}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ detail })}`;

export function listen(app: Hono, host: string, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }) as Server;
    // Requests Node's parser refuses (a NUL in the path, oversized headers) still get JSON.
    server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy();
      const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
      socket.end(tooLarge ? badRequestBody(431, "Request Header Fields Too Large") : badRequestBody(400, "Bad Request"));
    });
    server.once("error", reject);
    server.once("listening", () => {
      const actual = (server.address() as AddressInfo).port;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${actual}`,
        port: actual,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export function formatCredentials(credentials: Credentials): string {
  return credentials.orgs
    .map((org) =>
      [
        `  ${org.name}  org_id ${org.org_id}`,
        `    management key  ${org.management_key}`,
        ...org.teams.map((t) => `    team "${t.name}" (${t.users} users)  team_id ${t.team_id}\n      team API key  ${t.api_key}`),
      ].join("\n"),
    )
    .join("\n");
}

/**
 * The demo data: deterministic for a given size (a seeded generator), apart from the keys, which
 * are new and random for each new database.
 */
import { randomBytes } from "node:crypto";
import { formatCode } from "../src/api/read-instant.ts";
import { writeInstant } from "../src/api/write-instant.ts";
import { rowsMadeElsewhere } from "./demo-rows.ts";
import { providers } from "./providers.ts";
import type { ParsedSeed, SeedToApply, SeedUser, SeedUsers } from "./seed-file.ts";

export const defaultDemoUsers = 2500;

/**
 * sfc32, seeded by a seed and a stream number: small, fast and good enough for demo data. Its
 * 128-bit state lets each user have its own stream (a 32-bit one repeats users at a million). A
 * class, so that a user's generator is four numbers, not five functions made for each user.
 */
class Random {
  #a: number;
  #b: number;
  #c = 0x9e3779b9;
  #d = 1;

  constructor(seed: number, stream = 0) {
    this.#a = seed | 0;
    this.#b = stream | 0;
    for (let i = 0; i < 12; i++) this.next(); // mixes the seed in
  }

  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (((this.#c << 21) | (this.#c >>> 11)) + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One string built digit by digit: at a million users, arrays of digits cost seconds. */
  uuid(): string {
    let h = "";
    for (let i = 0; i < 32; i++) {
      const digit = hexDigits[Math.floor(this.next() * 16)];
      h += i === 12 ? "4" : digit;
    }
    const variant = hexDigits[8 + Math.floor(this.next() * 4)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20)}`;
  }

  /** k distinct items, by a partial Fisher–Yates shuffle. */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = [...items];
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, k);
  }
}

const hexDigits = "0123456789abcdef";

/** The offsets instants are written at, in minutes (`null`: `Z`). */
const offsets = [null, 0, -480, -300, -180, 60, 120, 330, 540, 600, 765];
const timeZones = [
  "Europe/Amsterdam",
  "Europe/London",
  "America/New_York",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Asia/Kolkata",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Chatham",
  "Africa/Nairobi",
];
const clientIdStyles = [
  (n: number) => `patient-${String(n).padStart(5, "0")}`,
  (n: number) => `user_${(n * 7919) % 1_000_003}`,
  (n: number) => `p${n}@clinic.example`,
];

/** An instant written at an offset (null: `Z`), to the millisecond or the second: `2025-03-04T10:22:33+05:30`. */
function atOffset(ms: number, offset: number | null, withFraction: boolean): string {
  return writeInstant(ms, formatCode(offset ?? 0, withFraction ? 3 : 0, offset === null));
}

const twoYearsMs = 2 * 365 * 24 * 3600 * 1000;
const firstInstant = Date.UTC(2024, 10, 1);

/**
 * A demo user's random draws, in the order they are made: the demo's data is this order, so a
 * change to it changes every user. Numbers and picks only: `demoUser` writes the strings, and the
 * page order needs only two of them.
 */
function drawUser(random: Random) {
  const created = firstInstant + Math.floor(random.next() * twoYearsMs);
  const chosen = random.sample(providers, random.int(0, 5));
  const connections = chosen.map((provider) => ({
    provider,
    at: created + Math.floor(random.next() * (firstInstant + twoYearsMs - created)),
    offset: random.pick(offsets),
    withFraction: random.next() < 0.3,
  }));
  const birth =
    random.next() < 0.8
      ? { updated: updatedAfter(random, created), year: random.int(1945, 2006), month: random.int(1, 12), day: random.int(1, 28) }
      : null;
  const zone = random.next() < 0.75 ? { id: random.pick(timeZones), updated: updatedAfter(random, created) } : null;
  return {
    created,
    connections,
    birth,
    zone,
    userId: random.uuid(),
    clientIdStyle: random.pick(clientIdStyles),
    createdOffset: random.pick(offsets),
    createdWithFraction: random.next() < 0.3,
  };
}

type UserDraws = ReturnType<typeof drawUser>;

/** When a fallback value was last updated: within 30 days of the user's creation. */
function updatedAfter(random: Random, created: number): number {
  return created + Math.floor(random.next() * 30 * 86_400_000);
}

const createdOn = (user: UserDraws) => atOffset(user.created, user.createdOffset, user.createdWithFraction);
/** `instantMicros(createdOn(user))`: an offset is whole minutes, so only the milliseconds may be dropped. */
const createdMicros = (user: UserDraws) => (user.createdWithFraction ? user.created : user.created - (user.created % 1000)) * 1000;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

function demoUser(user: UserDraws, teamId: string, n: number): SeedUser {
  const fromSlug = user.connections[0]?.provider.slug ?? "manual";
  const { birth, zone } = user;
  return {
    user_id: user.userId,
    team_id: teamId,
    client_user_id: user.clientIdStyle(n),
    created_on: createdOn(user),
    connected_sources: user.connections.map(({ provider, at, offset, withFraction }) => ({
      created_on: atOffset(at, offset, withFraction),
      source: { logo: `/logos/${provider.slug}.svg`, name: provider.name, slug: provider.slug },
    })),
    fallback_birth_date: birth && {
      source_slug: fromSlug,
      updated_at: atOffset(birth.updated, 0, false),
      value: `${birth.year}-${twoDigits(birth.month)}-${twoDigits(birth.day)}`,
    },
    fallback_time_zone: zone && { id: zone.id, source_slug: fromSlug, updated_at: atOffset(zone.updated, 0, false) },
  };
}

export function newKey(kind: "team" | "management"): string {
  return `${kind === "team" ? "svc_team" : "svc_mgmt"}_${randomBytes(24).toString("base64url")}`;
}

/** A team's users, each generated when asked for, from its own seed: a million of them never exist at once. */
export function demoUsers(seed: number, teamId: string, count: number): SeedUsers {
  const draws = (i: number) => drawUser(new Random(seed, i + 1));
  return {
    length: count,
    at: (i) => (i >= 0 && i < count ? demoUser(draws(i), teamId, i + 1) : undefined),
    // Its instant from the draws, not written and read again: two seconds of a million's page order.
    orderKey: (i) => {
      const user = draws(i);
      return { user_id: user.userId, micros: createdMicros(user) };
    },
  };
}

/**
 * Two organizations, four teams: a large one, a small one, an empty one, and one elsewhere, with
 * users generated when read. Already in the parsed form (a test checks that parsing it
 * changes nothing), so that seeding it skips the check: at a million users that took 20 s.
 */
export function lazyDemoSeed(largestTeamUsers = defaultDemoUsers, { rowsElsewhereFrom = 20_000 } = {}): SeedToApply {
  const random = new Random(20261122);
  const team = (name: string, users: number) => {
    const team_id = random.uuid();
    const seed = random.int(0, 2 ** 31);
    const generated = demoUsers(seed, team_id, users);
    if (users >= rowsElsewhereFrom)
      generated.rowsInOrder = (teamId, order, micros) => rowsMadeElsewhere({ seed, teamId, count: users, order, micros });
    return { team_id, name, api_key: newKey("team"), users: generated };
  };
  const acme = { org_id: random.uuid(), name: "Acme Health", management_key: newKey("management") };
  const northwind = { org_id: random.uuid(), name: "Northwind Research", management_key: newKey("management") };
  return {
    orgs: [
      { ...acme, teams: [team("Sleep study", largestTeamUsers), team("Pilot clinic", 8), team("New cohort", 0)] },
      { ...northwind, teams: [team("Cardio trial", 40)] },
    ],
  };
}

/** The demo with its users in arrays, for tests. */
export function demoSeed(largestTeamUsers = defaultDemoUsers): ParsedSeed {
  const { orgs } = lazyDemoSeed(largestTeamUsers);
  return {
    orgs: orgs.map((org) => ({
      ...org,
      teams: org.teams.map((team) => ({ ...team, users: Array.from({ length: team.users.length }, (_, i) => team.users.at(i)!) })),
    })),
  };
}

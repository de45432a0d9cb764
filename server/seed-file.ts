/**
 * The seed format: organizations, their teams and keys, and each team's users exactly as the
 * list operation returns them. A seed is checked whole before anything is written.
 */
import * as z from "zod/mini";
import { contract } from "../src/api/contract.ts";

/** Any 16 or more printable ASCII characters, with no space at either end (headers trim them). */
const keyText = z
  .string()
  .check(z.regex(/^[\x21-\x7e](?:[\x20-\x7e]{14,})[\x21-\x7e]$/, "Expected a key of 16 or more printable ASCII characters"));

const seedTeam = z.looseObject({
  team_id: z.uuid(),
  name: z.string(),
  api_key: keyText,
  users: z.array(contract.user),
});

const seedOrg = z.looseObject({
  org_id: z.uuid(),
  name: z.string(),
  management_key: keyText,
  teams: z.array(seedTeam),
});

export const seedFileSchema = z.looseObject({ orgs: z.array(seedOrg) });

export type SeedFile = z.input<typeof seedFileSchema>;
export type ParsedSeed = z.output<typeof seedFileSchema>;
export type SeedUser = ParsedSeed["orgs"][number]["teams"][number]["users"][number];

/**
 * A team's users as the store takes them, read by index: an array, or users generated when asked
 * for (the demo's), the same each time.
 */
export interface SeedUsers {
  readonly length: number;
  at(index: number): SeedUser | undefined;
  /**
   * What sets the page order, where it costs far less than the whole user (the demo's): its
   * user_id and its instant in microseconds. They must equal `at(index)`'s (`instantMicros` of its
   * created_on), since the store also writes that instant.
   */
  orderKey?(index: number): { user_id: string; micros: number };
  /**
   * The users' rows in page order (`order`: their indexes; `micros`: their instants, by index),
   * where they are made elsewhere (a large demo team's, on another thread): they must equal
   * `rowsInPageOrder`'s over `at` (user-rows.ts), which the store makes where this is absent.
   */
  rowsInOrder?(teamId: string, order: Uint32Array, micros: Float64Array): Iterable<UserRow>;
}

/** The values of one user's rows, in the order of the store's two INSERT statements (made by user-rows.ts). */
export interface UserRow {
  /** user_id, team_id, client_user_id, created_on, created_on_us, position, fallback_birth_date, fallback_time_zone, extra, document */
  user: [string, string, string, string, number, number, string | null, string | null, string | null, string];
  /** Each connected source's position, created_on, source and extra (its user_ref is known once the user is in). */
  sources: [number, string, string, string | null][];
}

/** What the store writes: a parsed seed, whose teams' users may be generated when read. */
export interface SeedToApply {
  orgs: readonly {
    org_id: string;
    name: string;
    management_key: string;
    teams: readonly { team_id: string; name: string; api_key: string; users: SeedUsers }[];
  }[];
}

export class SeedError extends Error {
  override name = "SeedError";
}

/** `orgs[0].teams[1].users[3].created_on` */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

/** Parses and cross-checks a seed; throws a SeedError naming each bad field's path. */
export function parseSeed(data: unknown): ParsedSeed {
  const result = z.safeParse(seedFileSchema, data);
  if (!result.success) {
    const problems = result.error.issues.slice(0, 10).map((issue) => `${formatPath(issue.path) || "(root)"}: ${issue.message}`);
    throw new SeedError(`Invalid seed:\n  ${problems.join("\n  ")}`);
  }
  const problems = crossCheck(result.data);
  if (problems.length > 0) throw new SeedError(`Invalid seed:\n  ${problems.slice(0, 10).join("\n  ")}`);
  return result.data;
}

function crossCheck(seed: ParsedSeed): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const unique = (kind: string, value: string, path: string) => {
    const key = `${kind}:${kind === "key" ? value : value.toLowerCase()}`;
    const first = seen.get(key);
    if (first) problems.push(`${path}: duplicate ${kind === "key" ? "key" : kind} (also at ${first})`);
    else seen.set(key, path);
  };
  seed.orgs.forEach((org, o) => {
    unique("org_id", org.org_id, `orgs[${o}].org_id`);
    unique("key", org.management_key, `orgs[${o}].management_key`);
    org.teams.forEach((team, t) => {
      const teamPath = `orgs[${o}].teams[${t}]`;
      unique("team_id", team.team_id, `${teamPath}.team_id`);
      unique("key", team.api_key, `${teamPath}.api_key`);
      team.users.forEach((user, u) => {
        const userPath = `${teamPath}.users[${u}]`;
        unique("user_id", user.user_id, `${userPath}.user_id`);
        if (user.team_id.toLowerCase() !== team.team_id.toLowerCase()) {
          problems.push(`${userPath}.team_id: must equal the team's team_id (${team.team_id})`);
        }
      });
    });
  });
  return problems;
}

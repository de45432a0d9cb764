/**
 * The dashboard's reading of the service's answers, written by hand: it accepts and refuses
 * exactly what `tolerant.userPage` and `errorBodySchema` of `contract.ts` do, and names the same
 * first problem (the property tests of `contract-reader.test.ts` hold it to that). A page of
 * 500 users is read in a fraction of zod's time, and the first page's code carries no zod.
 */
import type { ErrorBody, SentUser, SentUserPage, UserPage } from "./contract.ts";

export type ContractPath = (string | number)[];

type Json = Record<string, unknown>;

/** The first problem, where zod would report it: thrown from deep inside, its path built on the way out. */
class Mismatch {
  readonly path: ContractPath;
  constructor(...path: ContractPath) {
    this.path = path;
  }
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function object(value: unknown): Json {
  if (!isObject(value)) throw new Mismatch();
  return value;
}

function strings(record: Json, keys: readonly string[]): void {
  for (const key of keys) if (typeof record[key] !== "string") throw new Mismatch(key);
}

/** Absent, or an object with these string fields (`orNull`: or null). */
function optional(record: Json, key: string, fields: readonly string[], orNull: boolean): void {
  const value = record[key];
  if (value === undefined || (orNull && value === null)) return;
  if (!isObject(value)) throw new Mismatch(key);
  for (const field of fields) if (typeof value[field] !== "string") throw new Mismatch(key, field);
}

const sourceInfoKeys = ["logo", "name", "slug"];

function checkConnectedSource(value: unknown): void {
  const source = object(value);
  if (typeof source.created_on !== "string") throw new Mismatch("created_on");
  optional(source, "source", sourceInfoKeys, false);
  optional(source, "provider", sourceInfoKeys, false);
  if (source.source === undefined && source.provider === undefined) throw new Mismatch("source");
}

function checkUser(value: unknown): void {
  const user = object(value);
  strings(user, ["user_id", "team_id", "client_user_id", "created_on"]);
  if (!Array.isArray(user.connected_sources)) throw new Mismatch("connected_sources");
  checkEach(user.connected_sources, checkConnectedSource, "connected_sources");
  optional(user, "fallback_birth_date", ["source_slug", "updated_at", "value"], true);
  optional(user, "fallback_time_zone", ["id", "source_slug", "updated_at"], true);
}

function checkEach(items: unknown[], check: (item: unknown) => void, key: string): void {
  for (let i = 0; i < items.length; i++) {
    try {
      check(items[i]);
    } catch (error) {
      if (error instanceof Mismatch) error.path.unshift(key, i);
      throw error;
    }
  }
}

/**
 * A page of users checked against the contract and left as sent (a connected source may name its
 * provider `provider`), or the path of its first problem: a page the whole-team load's scan left,
 * which `teamPageOf` then turns into what the index takes.
 */
export function checkUserPage(body: unknown): { page: SentUserPage } | { mismatch: ContractPath } {
  try {
    const page = object(body);
    if (!Array.isArray(page.users)) throw new Mismatch("users");
    checkEach(page.users, checkUser, "users");
    for (const key of ["total", "offset", "limit"]) if (!isCount(page[key])) throw new Mismatch(key);
    return { page: page as unknown as SentUserPage };
  } catch (error) {
    if (error instanceof Mismatch) return { mismatch: error.path };
    throw error;
  }
}

/** A page of users as the contract reads it (`provider` read as `source`), or the path of its first problem. */
export function readUserPage(body: unknown): { page: UserPage } | { mismatch: ContractPath } {
  const checked = checkUserPage(body);
  if ("mismatch" in checked) return checked;
  const { page } = checked;
  // Only what changes is copied: a user with no `provider` is the object that was sent.
  let renamed = false;
  const users = page.users.map((user) => {
    if (!user.connected_sources.some((source) => "provider" in source)) return user;
    renamed = true;
    return { ...user, connected_sources: user.connected_sources.map(sourceNamed) };
  });
  return { page: (renamed ? { ...page, users } : page) as UserPage };
}

function sourceNamed(connected: SentUser["connected_sources"][number]) {
  if (!("provider" in connected)) return connected;
  const { source, provider, ...rest } = connected;
  return { ...rest, source: source ?? provider };
}

const isValidationItem = (item: unknown) =>
  isObject(item) &&
  typeof item.type === "string" &&
  Array.isArray(item.loc) &&
  item.loc.every((part) => typeof part === "string" || (typeof part === "number" && Number.isFinite(part))) &&
  typeof item.msg === "string" &&
  (item.ctx === undefined || isObject(item.ctx));

/** `{"detail": "…"}` or `{"detail": [validation errors]}`, as the contract reads it; else undefined. */
export function readErrorBody(body: unknown): ErrorBody | undefined {
  if (!isObject(body)) return undefined;
  const { detail } = body;
  return typeof detail === "string" || (Array.isArray(detail) && detail.every(isValidationItem)) ? (body as ErrorBody) : undefined;
}

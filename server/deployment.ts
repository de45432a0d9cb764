/**
 * The deployment file (`--config FILE` or DASHBOARD_CONFIG): the services this dashboard's server
 * forwards to by name, the organizations and teams every operator is offered, and optionally who
 * may sign in (`auth`) and the keys the server holds — each by reference to an environment variable
 * or a file, never written in it. It is checked whole at start, the references read; the first
 * problem stops the server, in one sentence naming the file, the entry and the problem (never a
 * secret's value).
 */
import { Hono } from "hono";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { isUuid } from "../src/api/uuid.ts";
import { jsonErrorPlace } from "./json-error-place.ts";

export interface Service {
  /** URL-safe: the proxy serves it under `/s/<name>/`. */
  name: string;
  label: string;
  /** production, sandbox… */
  environment: string;
  baseUrl: string;
  managementUrl: string;
}

export interface ProvidedOrg {
  label: string;
  orgId: string;
  /** The service whose management API deletes its teams. */
  service: string;
}

export interface ProvidedTeam {
  label: string;
  service: string;
  teamId: string;
  /** An organization declared for the same service; null: browse only. */
  orgId: string | null;
}

export type Role = "viewer" | "operator" | "admin";
export const roles: readonly Role[] = ["viewer", "operator", "admin"];

/** The first rule naming the person (by email or group) for a service gives their role there. */
export interface AccessRule {
  services: "*" | string[];
  emails: string[];
  groups: string[];
  role: Role;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  groupsClaim: string;
  /** null: this origin's /auth/callback. */
  redirectUrl: string | null;
}

export interface ProxySettings {
  emailHeader: string;
  groupsHeader: string | null;
  /** Addresses and CIDR ranges whose requests may carry the headers. */
  trustedAddresses: string[];
}

export interface AuthSettings {
  oidc: OidcSettings | null;
  proxy: ProxySettings | null;
  /** The cookie's key is derived from `secret`; null only in proxy mode, where no cookie is made. */
  session: { secret: string; lifetimeMinutes: number } | null;
  access: AccessRule[];
}

/** Keys the server holds, read from their references; never sent to a browser. */
export interface HeldKeys {
  /** By `service teamId`. */
  teams: Map<string, string>;
  /** By `service orgId`. */
  organizations: Map<string, string>;
}

export const heldKeyId = (service: string, id: string) => `${service} ${id.toLowerCase()}`;

export interface Deployment {
  services: Service[];
  organizations: ProvidedOrg[];
  teams: ProvidedTeam[];
  /** The service this origin's own `/v2/user` and `/v1/org` paths forward to (entries saved before services had names). */
  default: string | null;
  /** null: nobody signs in, and everything works as for local use. */
  auth: AuthSettings | null;
  /** The activity record's retention; null: kept for ever. */
  retentionDays: number | null;
  keys: HeldKeys;
}

/** Where secrets are read from: the process's environment and files, or a test's. */
export interface SecretSources {
  env: Record<string, string | undefined>;
  readFile: (path: string) => string;
}

const processSources: SecretSources = { env: process.env, readFile: (path) => readFileSync(path, "utf8") };

export class DeploymentError extends Error {
  override name = "DeploymentError";
}

const serviceName = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** `$comment` may stand in any object: JSON has no comments. */
const comment = "$comment";

type Fields = Record<string, unknown>;

/** Reads and checks a deployment file, and the secrets it references. */
export function readDeployment(file: string, sources: SecretSources = processSources): Deployment {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new DeploymentError(`Cannot read the deployment file ${file}: ${(error as Error).message}.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // The parser's message quotes the text, and a key pasted near the mistake with it: the place only.
    const place = jsonErrorPlace(text);
    throw new DeploymentError(`The deployment file ${file} is not JSON${place ? `: line ${place.line}, column ${place.column}` : ""}.`);
  }
  return parseDeployment(raw, file, sources);
}

/** Checks a parsed deployment file; `file` names it in the message of the first problem found. */
export function parseDeployment(raw: unknown, file: string, sources: SecretSources = processSources): Deployment {
  const fail = (where: string, problem: string): never => {
    throw new DeploymentError(`${file}: ${where} ${problem}.`);
  };

  /** An object with only the given fields (and `$comment`). */
  const object = (value: unknown, where: string, fields: readonly string[]): Fields => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail(where, "must be an object");
    const unknown = Object.keys(value).find((field) => field !== comment && !fields.includes(field));
    if (unknown !== undefined) fail(where, `has an unknown field "${unknown}" (known: ${fields.join(", ")})`);
    return value as Fields;
  };
  const list = (value: unknown, where: string): unknown[] =>
    value === undefined ? [] : Array.isArray(value) ? value : fail(where, "must be a list");
  const text = (fields: Fields, field: string, where: string): string => {
    const value = fields[field];
    if (typeof value !== "string" || value.trim() === "") return fail(where, `needs "${field}", a non-empty string`);
    return value.trim();
  };
  const url = (value: string, field: string, where: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return fail(where, `has "${field}" ${JSON.stringify(value)}, which is not a URL`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") fail(where, `has "${field}" ${JSON.stringify(value)}, not http(s)`);
    // A password in a URL would be a secret on the server, and in its log of what it forwards to.
    if (parsed.username || parsed.password) fail(where, `has "${field}" with a user name or password, which the file must not hold`);
    if (parsed.search || parsed.hash) fail(where, `has "${field}" with a query or fragment, which a base URL cannot have`);
    return value.replace(/\/+$/, "");
  };
  const uuid = (fields: Fields, field: string, where: string): string => {
    const value = text(fields, field, where);
    return isUuid(value) ? value.toLowerCase() : fail(where, `has "${field}" ${JSON.stringify(value)}, which is not a UUID`);
  };
  const named = (where: string, label: unknown) => (typeof label === "string" && label ? `${where} (${JSON.stringify(label)})` : where);

  /**
   * A secret by reference, read now: `{"env": "NAME"}` or `{"file": "/path"}`. Its value is never
   * said, not even when it was written in the file by mistake.
   */
  const secret = (value: unknown, field: string, where: string): string => {
    const how = 'by reference, {"env": "NAME"} or {"file": "/path"}';
    if (typeof value === "string") return fail(where, `has "${field}" written in the file: give it ${how}`);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail(where, `needs "${field}" ${how}`);
    const ref = value as Fields;
    const kinds = Object.keys(ref).filter((k) => k !== comment);
    if (kinds.length !== 1 || (kinds[0] !== "env" && kinds[0] !== "file") || typeof ref[kinds[0]] !== "string" || ref[kinds[0]] === "")
      return fail(where, `needs "${field}" ${how}`);
    if (kinds[0] === "env") {
      const name = ref.env as string;
      const read = sources.env[name];
      if (read === undefined) return fail(where, `takes "${field}" from the environment variable ${name}, which is not set`);
      if (read.trim() === "") return fail(where, `takes "${field}" from the environment variable ${name}, which is empty`);
      return read.trim();
    }
    const path = ref.file as string;
    let read: string;
    try {
      read = sources.readFile(path);
    } catch (error) {
      const code = (error as { code?: string }).code;
      return fail(where, `takes "${field}" from the file ${path}, which cannot be read${code ? ` (${code})` : ""}`);
    }
    if (read.trim() === "") return fail(where, `takes "${field}" from the file ${path}, which is empty`);
    return read.trim();
  };
  const keys: HeldKeys = { teams: new Map(), organizations: new Map() };
  /** The first entry holding a key, for the refusal of keys without sign-in. */
  let firstHolder: string | undefined;

  const top = object(raw, "the top level", ["services", "organizations", "teams", "default", "auth", "activity"]);
  const services = list(top.services, '"services"').map((item, i): Service => {
    const where = named(`services[${i}]`, (item as Fields | null)?.name);
    const fields = object(item, where, ["name", "label", "environment", "baseUrl", "managementUrl"]);
    const name = text(fields, "name", where);
    if (!serviceName.test(name))
      fail(where, "has a name that is not URL-safe (lower-case letters, digits and inner hyphens, at most 40 characters)");
    const baseUrl = url(text(fields, "baseUrl", where), "baseUrl", where);
    return {
      name,
      label: text(fields, "label", where),
      environment: text(fields, "environment", where),
      baseUrl,
      managementUrl: fields.managementUrl === undefined ? baseUrl : url(text(fields, "managementUrl", where), "managementUrl", where),
    };
  });
  if (services.length === 0) fail('"services"', "must list at least one service");
  services.forEach((service, i) => {
    const first = services.findIndex((other) => other.name === service.name);
    if (first !== i) fail(`services[${i}]`, `uses the name "${service.name}" again (services[${first}] has it)`);
  });
  const known = (fields: Fields, where: string) => {
    const service = text(fields, "service", where);
    return services.some((s) => s.name === service) ? service : fail(where, `names the service "${service}", which is not declared`);
  };

  const organizations = list(top.organizations, '"organizations"').map((item, i): ProvidedOrg => {
    const where = named(`organizations[${i}]`, (item as Fields | null)?.label);
    const fields = object(item, where, ["label", "orgId", "service", "managementKey"]);
    const org = { label: text(fields, "label", where), orgId: uuid(fields, "orgId", where), service: known(fields, where) };
    if (fields.managementKey !== undefined) {
      keys.organizations.set(heldKeyId(org.service, org.orgId), secret(fields.managementKey, "managementKey", where));
      firstHolder ??= where;
    }
    return org;
  });
  organizations.forEach((org, i) => {
    const first = organizations.findIndex((other) => other.orgId === org.orgId && other.service === org.service);
    if (first !== i) fail(named(`organizations[${i}]`, org.label), `declares again organizations[${first}] (same orgId and service)`);
  });

  const teams = list(top.teams, '"teams"').map((item, i): ProvidedTeam => {
    const where = named(`teams[${i}]`, (item as Fields | null)?.label);
    const fields = object(item, where, ["label", "service", "teamId", "orgId", "apiKey"]);
    const team = { label: text(fields, "label", where), service: known(fields, where), teamId: uuid(fields, "teamId", where) };
    if (fields.apiKey !== undefined) {
      keys.teams.set(heldKeyId(team.service, team.teamId), secret(fields.apiKey, "apiKey", where));
      firstHolder ??= where;
    }
    if (fields.orgId === undefined || fields.orgId === null) return { ...team, orgId: null };
    const orgId = uuid(fields, "orgId", where);
    if (!organizations.some((org) => org.orgId === orgId && org.service === team.service))
      fail(where, `names the organization ${orgId}, which is not declared for the service "${team.service}"`);
    return { ...team, orgId };
  });
  teams.forEach((team, i) => {
    const first = teams.findIndex((other) => other.teamId === team.teamId && other.service === team.service);
    if (first !== i) fail(named(`teams[${i}]`, team.label), `declares again teams[${first}] (same teamId and service)`);
  });

  let defaultService: string | null = null;
  if (top.default !== undefined) {
    defaultService = typeof top.default === "string" ? top.default : fail('"default"', "must be a service's name");
    if (!services.some((s) => s.name === defaultService)) fail('"default"', `names the service "${defaultService}", which is not declared`);
  }

  const auth = top.auth === undefined ? null : parseAuth(top.auth);
  if (firstHolder !== undefined && auth === null)
    fail(firstHolder, 'holds a key, but the file has no "auth" section: keys held by the server would be open to anyone who reaches it');

  let retentionDays: number | null = null;
  if (top.activity !== undefined) {
    const activity = object(top.activity, '"activity"', ["retentionDays"]);
    if (activity.retentionDays !== undefined) {
      const days = activity.retentionDays;
      if (typeof days !== "number" || !Number.isInteger(days) || days < 1)
        fail('"activity"', 'has "retentionDays" that is not a whole number of days, 1 or more');
      retentionDays = days as number;
    }
  }
  return { services, organizations, teams, default: defaultService, auth, retentionDays, keys };

  function parseAuth(value: unknown): AuthSettings {
    const where = '"auth"';
    const fields = object(value, where, ["oidc", "proxy", "session", "access"]);
    if ((fields.oidc === undefined) === (fields.proxy === undefined)) fail(where, 'needs exactly one of "oidc" and "proxy"');
    const names = (value: unknown, field: string, at: string) =>
      list(value, `${at} "${field}"`).map((item) =>
        typeof item === "string" && item.trim() !== ""
          ? item.trim()
          : fail(at, `has "${field}" with an entry that is not a non-empty string`),
      );
    let oidc: OidcSettings | null = null;
    if (fields.oidc !== undefined) {
      const at = '"auth.oidc"';
      const o = object(fields.oidc, at, ["issuer", "clientId", "clientSecret", "scopes", "groupsClaim", "redirectUrl"]);
      const issuer = url(text(o, "issuer", at), "issuer", at);
      const host = new URL(issuer).hostname;
      // Tokens from a provider reached in plain HTTP could be read on the way, but on this machine.
      if (issuer.startsWith("http:") && !["127.0.0.1", "localhost", "[::1]"].includes(host))
        fail(at, 'has an "issuer" in plain http, not https');
      const scopes = o.scopes === undefined ? ["openid", "email", "profile"] : names(o.scopes, "scopes", at);
      if (!scopes.includes("openid")) fail(at, 'has "scopes" without "openid"');
      oidc = {
        issuer,
        clientId: text(o, "clientId", at),
        clientSecret: secret(o.clientSecret, "clientSecret", at),
        scopes,
        groupsClaim: o.groupsClaim === undefined ? "groups" : text(o, "groupsClaim", at),
        redirectUrl: o.redirectUrl === undefined ? null : url(text(o, "redirectUrl", at), "redirectUrl", at),
      };
    }
    let proxy: ProxySettings | null = null;
    if (fields.proxy !== undefined) {
      const at = '"auth.proxy"';
      const p = object(fields.proxy, at, ["emailHeader", "groupsHeader", "trustedAddresses"]);
      const header = (field: string) => {
        const name = text(p, field, at);
        return /^[A-Za-z0-9-]+$/.test(name) ? name.toLowerCase() : fail(at, `has "${field}" that is not a header name`);
      };
      const trustedAddresses = names(p.trustedAddresses, "trustedAddresses", at);
      if (trustedAddresses.length === 0) fail(at, 'needs "trustedAddresses", the proxy\'s addresses (a list of addresses or CIDR ranges)');
      for (const address of trustedAddresses) {
        const [ip, bits, more] = address.split("/");
        const family = isIP(ip!);
        const prefix = Number(bits);
        const fits = bits === undefined || (/^\d+$/.test(bits) && prefix <= (family === 6 ? 128 : 32));
        if (family === 0 || !fits || more !== undefined)
          fail(at, `has "trustedAddresses" with ${JSON.stringify(address)}, which is not an address or CIDR range`);
      }
      proxy = {
        emailHeader: header("emailHeader"),
        groupsHeader: p.groupsHeader === undefined ? null : header("groupsHeader"),
        trustedAddresses,
      };
    }
    let session: AuthSettings["session"] = null;
    if (fields.session !== undefined) {
      const at = '"auth.session"';
      const s = object(fields.session, at, ["secret", "lifetimeMinutes"]);
      const value = secret(s.secret, "secret", at);
      // The cookie's key is derived from it: a short one could be guessed.
      if (value.length < 32) fail(at, 'has a "secret" shorter than 32 characters');
      const minutes = s.lifetimeMinutes ?? 480;
      if (typeof minutes !== "number" || !Number.isInteger(minutes) || minutes < 1 || minutes > 43_200)
        fail(at, 'has "lifetimeMinutes" that is not a whole number from 1 to 43200 (30 days)');
      session = { secret: value, lifetimeMinutes: minutes as number };
    } else if (oidc) fail(where, 'needs "session" with a "secret" by reference: the sign-in cookie is sealed with it');
    const access = list(fields.access, `${where} "access"`).map((item, i): AccessRule => {
      const at = `auth.access[${i}]`;
      const rule = object(item, at, ["services", "emails", "groups", "role"]);
      let ruleServices: AccessRule["services"];
      if (rule.services === "*") ruleServices = "*";
      else {
        ruleServices = names(rule.services, "services", at);
        if (ruleServices.length === 0) fail(at, 'needs "services", "*" or a list of service names');
        const unknown = ruleServices.find((name) => !services.some((s) => s.name === name));
        if (unknown !== undefined) fail(at, `names the service "${unknown}", which is not declared`);
      }
      const emails = names(rule.emails, "emails", at).map((email) => email.toLowerCase());
      const groups = names(rule.groups, "groups", at);
      if (emails.length + groups.length === 0) fail(at, 'needs "emails" or "groups": whom the rule is for');
      const role = rule.role;
      if (typeof role !== "string" || !roles.includes(role as Role)) fail(at, `has "role" that is not one of ${roles.join(", ")}`);
      return { services: ruleServices, emails, groups, role: role as Role };
    });
    return { oidc, proxy, session, access };
  }
}

export const deploymentPath = "/deployment.json";

/**
 * What the browser learns of the deployment: the services' names, labels and environments and the
 * provided entries, each saying whether the server holds its key — no service's URL, and no key, ever. Without a file, no service has a name.
 */
export function deploymentInfoApp(deployment: Deployment | undefined) {
  // Whether the server holds an entry's key, and never the key.
  const held = (keys: Map<string, string> | undefined, service: string, id: string) =>
    keys?.has(heldKeyId(service, id)) ? { keyHeld: true } : {};
  const body = {
    services: deployment?.services.map(({ name, label, environment }) => ({ name, label, environment })) ?? [],
    organizations:
      deployment?.organizations.map((org) => ({ ...org, ...held(deployment.keys.organizations, org.service, org.orgId) })) ?? [],
    teams: deployment?.teams.map((team) => ({ ...team, ...held(deployment.keys.teams, team.service, team.teamId) })) ?? [],
  };
  const app = new Hono();
  app.get(deploymentPath, (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(body);
  });
  return app;
}

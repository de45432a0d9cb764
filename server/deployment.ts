/**
 * The deployment file (`--config FILE` or DASHBOARD_CONFIG): the services this dashboard's server
 * forwards to by name, and the organizations and teams every operator is offered — labels, IDs
 * and URLs, never a key. It is checked whole at start; the first problem stops the server, in one
 * sentence naming the file, the entry and the problem.
 */
import { Hono } from "hono";
import { readFileSync } from "node:fs";
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

export interface Deployment {
  services: Service[];
  organizations: ProvidedOrg[];
  teams: ProvidedTeam[];
  /** The service this origin's own `/v2/user` and `/v1/org` paths forward to (entries saved before services had names). */
  default: string | null;
}

export class DeploymentError extends Error {
  override name = "DeploymentError";
}

const serviceName = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** `$comment` may stand in any object: JSON has no comments. */
const comment = "$comment";

type Fields = Record<string, unknown>;

/** Reads and checks a deployment file. */
export function readDeployment(file: string): Deployment {
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
  return parseDeployment(raw, file);
}

/** Checks a parsed deployment file; `file` names it in the message of the first problem found. */
export function parseDeployment(raw: unknown, file: string): Deployment {
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

  const top = object(raw, "the top level", ["services", "organizations", "teams", "default"]);
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
    const fields = object(item, where, ["label", "orgId", "service"]);
    return { label: text(fields, "label", where), orgId: uuid(fields, "orgId", where), service: known(fields, where) };
  });
  organizations.forEach((org, i) => {
    const first = organizations.findIndex((other) => other.orgId === org.orgId && other.service === org.service);
    if (first !== i) fail(named(`organizations[${i}]`, org.label), `declares again organizations[${first}] (same orgId and service)`);
  });

  const teams = list(top.teams, '"teams"').map((item, i): ProvidedTeam => {
    const where = named(`teams[${i}]`, (item as Fields | null)?.label);
    const fields = object(item, where, ["label", "service", "teamId", "orgId"]);
    const team = { label: text(fields, "label", where), service: known(fields, where), teamId: uuid(fields, "teamId", where) };
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
  return { services, organizations, teams, default: defaultService };
}

export const deploymentPath = "/deployment.json";

/**
 * What the browser learns of the deployment: the services' names, labels and environments and the
 * provided entries — no service's URL, and no key, ever. Without a file, no service has a name.
 */
export function deploymentInfoApp(deployment: Deployment | undefined) {
  const body = {
    services: deployment?.services.map(({ name, label, environment }) => ({ name, label, environment })) ?? [],
    organizations: deployment?.organizations ?? [],
    teams: deployment?.teams ?? [],
  };
  const app = new Hono();
  app.get(deploymentPath, (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(body);
  });
  return app;
}

/**
 * What this dashboard's server says of its deployment (`GET /deployment.json`): its services by
 * name, label and environment, and the organizations and teams it provides — never a key, never
 * a service's URL. The provided entries are kept among the saved ones, marked `provided`, so
 * that everything a saved team has (its row, counts, key, switcher, views) is theirs too; an
 * operator only gives them keys. Loaded apart from the first page's code.
 */
import * as z from "zod/mini";
import { savedEntries, type Entries, type OrgEntry, type TeamEntry } from "./saved-entries.ts";

const deploymentSchema = z.object({
  services: z.array(z.object({ name: z.string(), label: z.string(), environment: z.string() })),
  // keyHeld: the deployment holds the key (never sent); absent from a server that holds none.
  organizations: z.array(z.object({ label: z.string(), orgId: z.string(), service: z.string(), keyHeld: z.optional(z.boolean()) })),
  teams: z.array(
    z.object({
      label: z.string(),
      service: z.string(),
      teamId: z.string(),
      orgId: z.nullable(z.string()),
      keyHeld: z.optional(z.boolean()),
    }),
  ),
});

export type Deployment = z.infer<typeof deploymentSchema>;
export type DeployedService = Deployment["services"][number];

/** Provided entries have IDs of their own making, the same in every tab and after every start, so their keys stay theirs. */
const providedOrgId = (service: string, orgId: string) => `deployment:${service}:org:${orgId}`;
const providedTeamId = (service: string, teamId: string) => `deployment:${service}:team:${teamId}`;

/**
 * The saved entries with the deployment's: provided entries as the deployment has them now (one
 * it no longer provides goes, with its key), then the operator's own, whose service gives them
 * their environment.
 */
export function withDeployment(saved: Entries, deployment: Deployment): Entries {
  const environmentOf = new Map(deployment.services.map((service) => [service.name, service.environment]));
  const orgs: OrgEntry[] = deployment.organizations.map((org) => ({
    id: providedOrgId(org.service, org.orgId),
    label: org.label,
    orgId: org.orgId,
    managementUrl: "",
    service: org.service,
    provided: true,
    ...(org.keyHeld === true && { keyHeld: true }),
  }));
  const teams: TeamEntry[] = deployment.teams.map((team) => ({
    id: providedTeamId(team.service, team.teamId),
    label: team.label,
    environment: environmentOf.get(team.service) ?? "",
    baseUrl: "",
    teamId: team.teamId,
    orgEntryId: team.orgId === null ? null : providedOrgId(team.service, team.orgId),
    // Meant to be browsed: an operator without its key is asked for it.
    hasKey: true,
    service: team.service,
    provided: true,
    ...(team.keyHeld === true && { keyHeld: true }),
  }));
  const own = saved.teams
    .filter((team) => !team.provided)
    .map((team) => {
      const environment = team.service && environmentOf.get(team.service);
      return environment ? { ...team, environment } : team;
    });
  return { orgs: [...orgs, ...saved.orgs.filter((org) => !org.provided)], teams: [...teams, ...own] };
}

let loading: Promise<Deployment> | undefined;

/**
 * The deployment, asked once a tab (again after a failure); the saved entries follow it. A server
 * that does not answer leaves the entries as they were: the provided ones stay until it does.
 */
export function loadDeployment(): Promise<Deployment> {
  loading ??= (async () => {
    const response = await fetch("/deployment.json", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`The dashboard's server answered ${response.status} for its deployment.`);
    const deployment = deploymentSchema.parse(await response.json());
    const saved = savedEntries.get();
    const next = withDeployment(saved, deployment);
    if (JSON.stringify(next) !== JSON.stringify({ orgs: saved.orgs, teams: saved.teams })) savedEntries.change(next);
    return deployment;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** A service as the forms list it: "US (production)". */
export const serviceName = (service: DeployedService) => `${service.label} (${service.environment})`;

/**
 * What is wrong with an "Another URL…" that names this dashboard's own `/s/<name>` (`origin` is
 * this dashboard's): a service the deployment does not declare, or not that path exactly. Its
 * server would answer every request there itself (see docs/deploying.md, "The dashboard's own
 * answers"). Nothing for any other URL.
 */
export function ownServiceUrlProblem(value: string, origin: string, services: readonly DeployedService[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined; // the URL's own rule says what is wrong
  }
  const path = url.pathname.replace(/\/+$/, "");
  const name = /^\/s(?:\/([^/]*))?/i.exec(path)?.[1] ?? "";
  if (url.origin !== origin || !/^\/s(\/|$)/i.test(path)) return undefined;
  const service = services.find((s) => s.name === name.toLowerCase());
  if (service && path === `/s/${service.name}` && !url.search && !url.hash) return undefined;
  if (service) return `This dashboard serves ${serviceName(service)} at ${origin}/s/${service.name}: choose it in the Service list.`;
  const known = services.map((s) => s.name).join(", ");
  return known
    ? `This dashboard declares no service ${name ? `named ${name}` : "there"} (it has ${known}): choose one in the Service list.`
    : `This dashboard declares no services: nothing is forwarded under ${origin}/s/.`;
}

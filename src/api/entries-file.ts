/**
 * Saved entries in and out of a file: our own export (keys only when asked for), and the
 * credentials file that the reference service writes (`--credentials-out`, `npm start`), which
 * is also what its demo offers. An import applies the forms' rules entry by entry and says what
 * it skipped and why.
 */
import * as z from "zod/mini";
import { draftPlace, normalizeUrl, orgDraftProblems, sameOrg, sameTeam, teamDraftProblems } from "./entry-rules.ts";
import { newEntryId, type EntriesChange, type OrgEntry, type SavedEntries, type TeamEntry } from "./saved-entries.ts";

export const entriesFormat = "team-admin-entries";

const optionalText = z.optional(z.string());
const ourFile = z.object({
  format: z.literal(entriesFormat),
  version: z.literal(1),
  orgs: z.array(
    z.object({ label: z.string(), orgId: z.string(), service: optionalText, managementUrl: optionalText, managementKey: optionalText }),
  ),
  teams: z.array(
    z.object({
      label: z.string(),
      environment: z.string(),
      service: optionalText,
      baseUrl: optionalText,
      teamId: z.string(),
      org: z.optional(z.nullable(z.object({ orgId: z.string(), service: optionalText, managementUrl: optionalText }))),
      teamApiKey: optionalText,
    }),
  ),
});

const credentialsFile = z.object({
  orgs: z.array(
    z.object({
      org_id: z.string(),
      name: z.string(),
      management_key: z.string(),
      teams: z.array(z.object({ team_id: z.string(), name: z.string(), api_key: z.string() })),
    }),
  ),
});

/** The credentials file's shape, as the demo offer also sends it. */
export type CredentialsFile = z.infer<typeof credentialsFile>;

/** `service`: a service of the deployment, by name (see servedAt). */
interface OrgItem {
  label: string;
  orgId: string;
  service?: string;
  managementUrl: string;
  managementKey: string;
}
interface TeamItem {
  label: string;
  environment: string;
  service?: string;
  baseUrl: string;
  teamId: string;
  teamApiKey: string;
  org: { orgId: string; service?: string; managementUrl: string } | null;
}
export interface ImportItems {
  orgs: OrgItem[];
  teams: TeamItem[];
}

/** The environment of the teams of a credentials file: the reference service runs locally. */
const credentialsEnvironment = "local";

export const fromCredentials = (file: CredentialsFile): ImportItems => ({
  orgs: file.orgs.map((org) => ({ label: org.name, orgId: org.org_id, managementUrl: "", managementKey: org.management_key })),
  teams: file.orgs.flatMap((org) =>
    org.teams.map((team) => ({
      label: team.name,
      environment: credentialsEnvironment,
      baseUrl: "",
      teamId: team.team_id,
      teamApiKey: team.api_key,
      org: { orgId: org.org_id, managementUrl: "" },
    })),
  ),
});

/** The entries a file holds, or a sentence saying why it is not a file we read. */
export function readEntriesFile(text: string): ImportItems | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "This file is not JSON. Choose a file exported from Teams, or a credentials file of the reference service." };
  }
  const ours = z.safeParse(ourFile, data);
  if (ours.success)
    return {
      orgs: ours.data.orgs.map((org) => ({ ...org, managementUrl: org.managementUrl ?? "", managementKey: org.managementKey ?? "" })),
      teams: ours.data.teams.map((team) => ({
        ...team,
        baseUrl: team.baseUrl ?? "",
        teamApiKey: team.teamApiKey ?? "",
        org: team.org ? { ...team.org, managementUrl: team.org.managementUrl ?? "" } : null,
      })),
    };
  const credentials = z.safeParse(credentialsFile, data);
  if (credentials.success) return fromCredentials(credentials.data);
  return {
    problem:
      "This JSON is neither a Teams export nor a credentials file of the reference service (organizations with their teams and keys).",
  };
}

export interface ImportReport {
  change: EntriesChange;
  added: { orgs: number; teams: number };
  /** Saved already, and given the key this tab lacked. */
  keysAdded: number;
  skipped: { label: string; reason: string }[];
}

/**
 * What importing `items` into `saved` changes: new entries, keys for saved entries that this tab
 * lacks, and the items refused (each with the forms' own reason). A saved entry is never changed
 * otherwise.
 */
export function planImport(saved: SavedEntries, items: ImportItems, origin: string): ImportReport {
  const working: SavedEntries = {
    ...saved,
    orgs: [...saved.orgs],
    teams: [...saved.teams],
    keys: { teams: { ...saved.keys.teams }, orgs: { ...saved.keys.orgs } },
  };
  const report: ImportReport = { change: {}, added: { orgs: 0, teams: 0 }, keysAdded: 0, skipped: [] };
  /** Gives a saved entry the key this tab lacks. */
  const addKey = (kind: "teams" | "orgs", id: string, key: string) => {
    if (key.trim() === "" || working.keys[kind][id]) return;
    working.keys[kind][id] = key.trim();
    report.keysAdded++;
  };
  const setKey = (kind: "teams" | "orgs", id: string, key: string) => {
    if (key.trim() !== "") working.keys[kind][id] = key.trim();
  };

  for (const item of items.orgs) {
    const managementUrl = item.service ? "" : normalizeUrl(item.managementUrl, origin);
    const twin = sameOrg(working, item.orgId, draftPlace(item.service, item.managementUrl, origin));
    const problems = orgDraftProblems(item, working, origin, twin?.id);
    if (twin) {
      if (!problems.managementKey) addKey("orgs", twin.id, item.managementKey);
      continue;
    }
    const reason = Object.values(problems)[0];
    if (reason) {
      report.skipped.push({ label: item.label || item.orgId, reason });
      continue;
    }
    const org: OrgEntry = {
      id: newEntryId(),
      label: item.label.trim(),
      orgId: item.orgId.trim().toLowerCase(),
      managementUrl,
      ...(item.service && { service: item.service }),
    };
    working.orgs.push(org);
    setKey("orgs", org.id, item.managementKey);
    report.added.orgs++;
  }

  for (const item of items.teams) {
    const baseUrl = item.service ? "" : normalizeUrl(item.baseUrl, origin);
    const twin = sameTeam(working, item.teamId, draftPlace(item.service, item.baseUrl, origin));
    const draft = { ...item, orgEntryId: null };
    const problems = teamDraftProblems(draft, working, origin, twin);
    if (twin) {
      if (!problems.teamApiKey) addKey("teams", twin.id, item.teamApiKey);
      continue;
    }
    const reason = item.teamId.trim() === "" ? "A team needs its team ID." : Object.values(problems)[0];
    if (reason) {
      report.skipped.push({ label: item.label || item.teamId, reason });
      continue;
    }
    const org = item.org && sameOrg(working, item.org.orgId, draftPlace(item.org.service, item.org.managementUrl, origin));
    const team: TeamEntry = {
      id: newEntryId(),
      label: item.label.trim(),
      environment: item.environment.trim(),
      baseUrl,
      teamId: item.teamId.trim().toLowerCase(),
      orgEntryId: org ? org.id : null,
      hasKey: item.teamApiKey.trim() !== "",
      ...(item.service && { service: item.service }),
    };
    working.teams.push(team);
    setKey("teams", team.id, item.teamApiKey);
    report.added.teams++;
  }

  report.change = { orgs: working.orgs, teams: working.teams, teamKeys: working.keys.teams, orgKeys: working.keys.orgs };
  return report;
}

/** The saved entries as a file of our format; keys only when `withKeys`. */
export function exportEntries(saved: SavedEntries, withKeys: boolean): string {
  const orgById = new Map(saved.orgs.map((org) => [org.id, org]));
  const file: z.infer<typeof ourFile> = {
    format: entriesFormat,
    version: 1,
    orgs: saved.orgs.map((org) => ({
      label: org.label,
      orgId: org.orgId,
      ...(org.service && { service: org.service }),
      managementUrl: org.managementUrl,
      ...(withKeys && saved.keys.orgs[org.id] ? { managementKey: saved.keys.orgs[org.id] } : {}),
    })),
    teams: saved.teams.map((team) => {
      const org = team.orgEntryId === null ? undefined : orgById.get(team.orgEntryId);
      return {
        label: team.label,
        environment: team.environment,
        ...(team.service && { service: team.service }),
        baseUrl: team.baseUrl,
        teamId: team.teamId,
        org: org ? { orgId: org.orgId, ...(org.service && { service: org.service }), managementUrl: org.managementUrl } : null,
        ...(withKeys && saved.keys.teams[team.id] ? { teamApiKey: saved.keys.teams[team.id] } : {}),
      };
    }),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * What `npm run smoke` reads from its environment, and the checks it makes before any browser
 * starts, so that a wrong key, an unreachable URL or a dashboard that is not ours ends with one
 * sentence rather than a stack of timeouts. Keys come only from the environment, or from a file
 * the environment names (`TEAM_API_KEY_FILE`), never from arguments.
 */
import { readFileSync } from "node:fs";

/** Thrown with the one sentence the run ends with. */
export class SmokeSetupError extends Error {
  override name = "SmokeSetupError";
}

/** `NAME` from the environment, or the content of the file `NAME_FILE` names; "" when neither is set. */
export function secret(env: NodeJS.ProcessEnv, name: string): string {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return readFileSync(file, "utf8").trim();
    } catch (error) {
      throw new SmokeSetupError(`${name}_FILE names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
    }
  }
  return (env[name] ?? "").trim();
}

export interface SmokeSettings {
  dashboardUrl: string;
  /** Where the list operation answers: the dashboard's origin unless `SMOKE_API_BASE_URL` says otherwise. */
  apiBaseUrl: string;
  teamApiKey: string;
  managementKey: string;
  orgId: string;
  /** The whole team is loaded, searched and exported only up to this many users. */
  wholeTeamMax: number;
  /** Traces, screenshots and videos hold personal data: off unless asked for. */
  artifacts: boolean;
}

export function readSettings(env: NodeJS.ProcessEnv): SmokeSettings {
  const dashboardUrl = (env.DASHBOARD_URL ?? "").trim().replace(/\/+$/, "");
  if (!dashboardUrl)
    throw new SmokeSetupError("Set DASHBOARD_URL to the dashboard to test, for example DASHBOARD_URL=https://admin.example.com.");
  try {
    new URL(dashboardUrl);
  } catch {
    throw new SmokeSetupError(`DASHBOARD_URL is not a URL: ${dashboardUrl}.`);
  }
  const teamApiKey = secret(env, "TEAM_API_KEY");
  if (!teamApiKey)
    throw new SmokeSetupError("Set TEAM_API_KEY (or TEAM_API_KEY_FILE, a file that holds it) to the API key of a team to browse.");
  const wholeTeamMax = Number(env.SMOKE_WHOLE_TEAM_MAX ?? 5_000);
  if (!Number.isInteger(wholeTeamMax) || wholeTeamMax < 0) throw new SmokeSetupError("SMOKE_WHOLE_TEAM_MAX is a whole number of users.");
  return {
    dashboardUrl,
    apiBaseUrl: (env.SMOKE_API_BASE_URL ?? "").trim().replace(/\/+$/, "") || dashboardUrl,
    teamApiKey,
    managementKey: secret(env, "MANAGEMENT_KEY"),
    orgId: (env.ORG_ID ?? "").trim(),
    wholeTeamMax,
    artifacts: env.SMOKE_ARTIFACTS === "1",
  };
}

/** The deletion the destructive run makes: both opt-ins, and what it needs. */
export function readDeletion(env: NodeJS.ProcessEnv, settings: SmokeSettings) {
  const teamId = (env.SMOKE_DELETE_TEAM_ID ?? "").trim().toLowerCase();
  if (!teamId) throw new SmokeSetupError("--destructive deletes one team: name it in SMOKE_DELETE_TEAM_ID.");
  if ((env.SMOKE_DELETE_CONFIRM ?? "").trim().toLowerCase() !== teamId)
    throw new SmokeSetupError("--destructive also needs SMOKE_DELETE_CONFIRM set to the same team ID as SMOKE_DELETE_TEAM_ID.");
  if (!settings.managementKey || !settings.orgId)
    throw new SmokeSetupError("--destructive needs MANAGEMENT_KEY (or MANAGEMENT_KEY_FILE) and ORG_ID, the organization of the team.");
  return { teamId, teamApiKey: secret(env, "SMOKE_DELETE_TEAM_API_KEY") };
}

async function get(url: string, headers: Record<string, string> = {}) {
  try {
    return await fetch(url, { headers: { Accept: "application/json", ...headers }, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

/** The dashboard's name and version (its `/app-info.json`), once it and its service answer as they should. */
export async function preflight(settings: SmokeSettings): Promise<string> {
  const { dashboardUrl, apiBaseUrl, teamApiKey } = settings;
  const info = await get(`${dashboardUrl}/app-info.json`);
  if (typeof info === "string") throw new SmokeSetupError(`Cannot reach the dashboard at ${dashboardUrl} (${info}).`);
  const app = info.ok ? ((await info.json().catch(() => null)) as { name?: string; version?: string } | null) : null;
  if (app?.name !== "team-admin-dashboard")
    throw new SmokeSetupError(
      `${dashboardUrl} answers, but not as this dashboard: it serves no /app-info.json naming team-admin-dashboard.`,
    );

  const list = await get(`${apiBaseUrl}/v2/user/?limit=1`, { "x-service-api-key": teamApiKey });
  if (typeof list === "string") throw new SmokeSetupError(`Cannot reach the service at ${apiBaseUrl} (${list}).`);
  const body = (await list.json().catch(() => null)) as { detail?: unknown; total?: unknown } | null;
  if (list.status === 401 || list.status === 403)
    throw new SmokeSetupError(
      `The service at ${apiBaseUrl} refused TEAM_API_KEY (${list.status}${typeof body?.detail === "string" ? `: ${body.detail.replace(/\.$/, "")}` : ""}).`,
    );
  if (!list.ok || typeof body?.total !== "number")
    throw new SmokeSetupError(`${apiBaseUrl}/v2/user/ did not answer as the service does (status ${list.status}).`);
  return `${app.name} ${app.version ?? "(no version)"}`;
}

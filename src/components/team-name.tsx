import { isProduction, type TeamEntry } from "../api/saved-entries.ts";

/** A team's environment; production stands out in colour and in words. */
export function EnvironmentBadge({ environment }: { environment: string }) {
  return isProduction(environment) ? (
    <span className="badge badge-production">Production</span>
  ) : (
    <span className="badge badge-environment">{environment || "no environment"}</span>
  );
}

/** A saved team as people know it: its label and its environment. */
export function TeamName({ team }: { team: Pick<TeamEntry, "label" | "environment"> }) {
  return (
    <span className="named-team">
      <strong className="named-team-label">{team.label}</strong> <EnvironmentBadge environment={team.environment} />
    </span>
  );
}

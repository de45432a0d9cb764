/**
 * Which of the service's two operations a request to this dashboard is, on which service and
 * team: what the sign-in's rules check and what the activity record records. Only the paths the
 * proxy forwards are operations; anything else it answers itself.
 */
export interface OperationCall {
  operation: "list-users" | "delete-team";
  /** The deployment's service; null in upstream mode, where one hosted service has no name. */
  service: string | null;
  orgId: string | null;
  teamId: string | null;
}

export interface Routing {
  /** The deployment's service names; empty in upstream mode. */
  declared: readonly string[];
  /** The service this origin's own `/v2/user` and `/v1/org` go to (a deployment's `default`); undefined: none. */
  origin: string | null | undefined;
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export function operationOf(method: string, path: string, routing: Routing): OperationCall | null {
  let service: string | null;
  let rest = path;
  const named = /^\/s\/([^/]+)(\/.*)$/.exec(path);
  if (named) {
    if (!routing.declared.includes(named[1]!)) return null;
    service = named[1]!;
    rest = named[2]!;
  } else {
    if (routing.origin === undefined) return null;
    service = routing.origin;
  }
  if ((method === "GET" || method === "HEAD") && /^\/v2\/user\/?$/.test(rest))
    return { operation: "list-users", service, orgId: null, teamId: null };
  const team = /^\/v1\/org\/([^/]+)\/team\/([^/]+)$/.exec(rest);
  if (method === "DELETE" && team) return { operation: "delete-team", service, orgId: decoded(team[1]!), teamId: decoded(team[2]!) };
  return null;
}

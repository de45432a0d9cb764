/**
 * Roles from the deployment's `access` rules: for each service, the first rule that names the
 * person (by email or by group) and the service gives their role there; no rule, no access.
 */
import type { AccessRule, Role } from "../deployment.ts";

export interface Person {
  email: string;
  name: string | null;
  groups: string[];
}

export type Operation = "list-users" | "delete-team" | "read-activity";

const rank: Record<Role, number> = { viewer: 1, operator: 2, admin: 3 };

/** The least role each operation needs. */
export const needs: Record<Operation, Role> = { "list-users": "viewer", "delete-team": "operator", "read-activity": "admin" };

const what: Record<Operation, string> = {
  "list-users": "listing a team's users",
  "delete-team": "deleting a team",
  "read-activity": "reading the activity record",
};

export function roleOf(rules: readonly AccessRule[], person: Person, service: string): Role | null {
  const email = person.email.toLowerCase();
  for (const rule of rules) {
    if (rule.services !== "*" && !rule.services.includes(service)) continue;
    if (rule.emails.includes(email) || rule.groups.some((group) => person.groups.includes(group))) return rule.role;
  }
  return null;
}

/** The person's role on each service that gives them one. */
export function rolesOf(rules: readonly AccessRule[], person: Person, services: readonly string[]): Record<string, Role> {
  const roles: Record<string, Role> = {};
  for (const service of services) {
    const role = roleOf(rules, person, service);
    if (role) roles[service] = role;
  }
  return roles;
}

export const allows = (role: Role | null, operation: Operation) => role !== null && rank[role] >= rank[needs[operation]];

/** Why `person` may not do `operation` on `service`, in a sentence; null when the role allows it. */
export function refusal(rules: readonly AccessRule[], person: Person, service: string, operation: Operation): string | null {
  const role = roleOf(rules, person, service);
  if (allows(role, operation)) return null;
  if (role === null) return `${person.email} has no role on ${service}.`;
  return `${person.email} is ${role === "viewer" ? "a" : "an"} ${role} of ${service}: ${what[operation]} needs the ${needs[operation]} role.`;
}

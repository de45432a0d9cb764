/**
 * What a person's role on a service lets the page offer, mirroring the server's rules (it
 * enforces them): viewer lists users, operator also deletes teams, admin also reads the
 * activity record. Without sign-in, or for an entry of no service, nothing is held back.
 */
import type { Role, Session } from "./session.ts";

export type Operation = "list" | "delete";

const allowed: Record<Role, readonly Operation[]> = { viewer: ["list"], operator: ["list", "delete"], admin: ["list", "delete"] };

/** The role on a service; "any" when sign-in is off or the entry names no service (the server restricts neither). */
export function roleOn(session: Session, service: string | undefined): Role | "any" | null {
  if (session.auth === null || !service) return "any";
  return session.roles[service] ?? null;
}

export function allows(session: Session, service: string | undefined, operation: Operation): boolean {
  const role = roleOn(session, service);
  return role === "any" || (role !== null && allowed[role].includes(operation));
}

const article = (role: Role) => (role === "admin" || role === "operator" ? "an" : "a");

/**
 * Why an operation is not offered, in a sentence (`serviceName` as people read it, "US
 * production"); null when it is.
 */
export function whyNot(session: Session, service: string | undefined, serviceName: string, operation: Operation): string | null {
  if (allows(session, service, operation)) return null;
  const role = roleOn(session, service);
  if (role === null || role === "any") return `You have no role on ${serviceName}: its teams are not open to you.`;
  return operation === "delete"
    ? `You are ${article(role)} ${role} of ${serviceName}: deleting needs the operator role.`
    : `You are ${article(role)} ${role} of ${serviceName}: listing users needs the viewer role.`;
}

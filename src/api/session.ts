/**
 * Who is signed in (`GET /auth/session`), when the deployment signs people in: the way of
 * signing in (`oidc`, `proxy`, or null for none: everything as without sign-in), the person,
 * and their role on each service. A small external store, React-free and read by hand (no
 * schema library on the first page's code), told when the server says the session ended.
 */
export type Role = "viewer" | "operator" | "admin";

export interface Session {
  auth: "oidc" | "proxy" | null;
  signedIn: boolean;
  email: string | null;
  name: string | null;
  /** By service name; a service not named gives no role. */
  roles: Record<string, Role>;
  /** A request of this tab was refused for want of a session (it expired, or the person signed out elsewhere). */
  ended?: boolean;
}

/** Without sign-in configured (or a server that does not say): everything works as it did. */
export const noSignIn: Session = { auth: null, signedIn: false, email: null, name: null, roles: {} };

const isRole = (value: unknown): value is Role => value === "viewer" || value === "operator" || value === "admin";
const textOrNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/**
 * The server's answer as a Session, read tolerantly: an unknown role is no role, and anything
 * that does not name a way of signing in is no sign-in (the requests that follow say what is wrong).
 */
export function parseSession(body: unknown): Session {
  const given = (body ?? {}) as Partial<Record<keyof Session, unknown>>;
  const { auth, roles } = given;
  if (auth !== "oidc" && auth !== "proxy") return noSignIn;
  return {
    auth,
    signedIn: given.signedIn === true,
    email: textOrNull(given.email),
    name: textOrNull(given.name),
    roles: Object.fromEntries(Object.entries(typeof roles === "object" && roles !== null ? roles : {}).filter(([, role]) => isRole(role))),
  };
}

let current: Session = noSignIn;
const listeners = new Set<() => void>();
const set = (next: Session) => {
  current = next;
  listeners.forEach((listener) => listener());
};

export const session = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * Asks the server. A server of before sign-in (no such path: its app's page, or a 404) and one
 * that cannot be reached both leave the session as it was (at first: no sign-in).
 */
export async function loadSession(fetchImpl: typeof fetch = fetch): Promise<Session> {
  try {
    const response = await fetchImpl("/auth/session", { headers: { accept: "application/json" } });
    if (response.ok) set(parseSession(await response.json()));
  } catch {
    // not JSON, or no answer
  }
  return current;
}

/**
 * A dashboard path refused for want of a session (401 with `X-Dashboard-Refusal`): the page
 * shows the sign-in screen over what is open. Nothing without sign-in configured.
 */
export function noticeSessionEnded() {
  if (current.auth !== null && !current.ended) set({ ...current, signedIn: false, ended: true });
}

/** Whether the person may read the activity record (admin of at least one service). */
export const readsActivity = (s: Session) => s.auth !== null && Object.values(s.roles).includes("admin");

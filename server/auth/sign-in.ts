/**
 * Who is asking, and whether they may: sign-in through the organization's OpenID provider
 * (authorization code with PKCE, `openid-client`) or an identity-aware proxy's header trusted only
 * from its addresses; the session in a sealed cookie (no session in any process's memory); the
 * Origin check of every state-changing request (Hono's `csrf`); the roles of `access` on each
 * operation; and the keys the deployment holds, added to a request its role allows.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { BlockList, isIP } from "node:net";
import * as client from "openid-client";
import { isServicePath } from "../dashboard-app.ts";
import { refusalHeader } from "../dashboard-refusal.ts";
import { heldKeyId, type AuthSettings, type Deployment, type Role } from "../deployment.ts";
import { operationOf, type Routing } from "../operation-paths.ts";
import { refusal, rolesOf, type Person } from "./access.ts";
import { sealer } from "./session-cookie.ts";

declare module "hono" {
  interface ContextVariableMap {
    person: Person | null;
    /** A key the deployment holds, for the proxy to add to the request it forwards. */
    heldKey: { header: string; value: string };
  }
}

export const sessionCookie = "dashboard_session";
const flowCookie = "dashboard_sign_in";
const flowSeconds = 600;

export type AuthRefusal = "not-signed-in" | "forbidden" | "cross-site" | "untrusted-proxy";

/** The dashboard's refusal, said in JSON, marked as its own, and told to the activity record. */
export function refuse(c: Context, status: 400 | 401 | 403 | 404 | 502, reason: AuthRefusal | "sign-in-failed", detail: string) {
  c.set("reason", detail);
  c.header(refusalHeader, reason);
  return c.json({ detail }, status);
}

/** Paths that answer only with a session: the service's, the deployment's, the record's. The app's files do not. */
export const needsSession = (path: string) => (isServicePath(path) && path !== "/healthz") || path === "/api" || path.startsWith("/api/");

/** A `next` that stays on this origin, as a browser reads it: not `//host`, `/\host`, nor `/<tab>/host` (URLs drop tabs). */
export function sameOriginPath(next: string | undefined): string {
  if (!next?.startsWith("/")) return "/";
  const here = "http://dashboard.invalid";
  const url = new URL(next, here);
  return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : "/";
}

const groupsFrom = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((g): g is string => typeof g === "string")
    : typeof value === "string"
      ? value
          .split(",")
          .map((g) => g.trim())
          .filter(Boolean)
      : [];

export interface AuthOptions {
  settings: AuthSettings;
  deployment: Pick<Deployment, "services" | "default" | "keys">;
  /** The peer's address (a seam for tests); by default the socket's. */
  peerAddress?: (c: Context) => string | undefined;
}

export interface Auth {
  /** Before every route: who, the Origin check, the session required, the role, the held key. */
  guard: MiddlewareHandler;
  /** `/auth/session`, `/auth/sign-in`, `/auth/callback`, `/auth/sign-out`. */
  routes: Hono;
  /** The roles of the request's person on each service (empty when not signed in). */
  rolesOf: (c: Context) => Record<string, Role>;
}

export function createAuth({ settings, deployment, peerAddress = (c) => getConnInfo(c).remote.address }: AuthOptions): Auth {
  const declared = deployment.services.map((s) => s.name);
  const routing: Routing = { declared, origin: deployment.default ?? undefined };
  const { oidc, proxy, session } = settings;
  const sessionSealer = session && sealer(session.secret, "session");
  const flowSealer = session && sealer(session.secret, "sign-in flow");

  const trusted = new BlockList();
  for (const address of proxy?.trustedAddresses ?? []) {
    const [ip, bits] = address.split("/") as [string, string | undefined];
    const type = isIP(ip) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) trusted.addAddress(ip, type);
    else trusted.addSubnet(ip, Number(bits), type);
  }
  const isTrusted = (address: string | undefined) => address !== undefined && trusted.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");

  const redirectUri = (c: Context) => oidc?.redirectUrl ?? `${new URL(c.req.url).origin}/auth/callback`;
  /** Secure whenever the browser speaks https to this dashboard, directly or through a proxy that terminates it. */
  const secure = (c: Context) =>
    new URL(redirectUri(c)).protocol === "https:" ||
    new URL(c.req.url).protocol === "https:" ||
    c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";

  const originCheck = csrf({
    origin: (origin, c) =>
      origin === new URL(c.req.url).origin || (oidc?.redirectUrl != null && origin === new URL(oidc.redirectUrl).origin),
  });

  async function identify(c: Context): Promise<Person | null | Response> {
    if (proxy) {
      const email = c.req.header(proxy.emailHeader)?.trim();
      const groups = proxy.groupsHeader ? c.req.header(proxy.groupsHeader) : undefined;
      if (email === undefined && groups === undefined) return null;
      const address = peerAddress(c);
      // Anyone who reaches the server directly could write the header: only the proxy may.
      if (!isTrusted(address)) {
        c.set("activityOperation", "sign-in");
        return refuse(
          c,
          403,
          "untrusted-proxy",
          `This request names a person in ${proxy.emailHeader}, but comes from ${address ?? "an unknown address"}, not from the identity proxy.`,
        );
      }
      if (!email) return null;
      return { email: email.toLowerCase(), name: null, groups: groupsFrom(groups) };
    }
    const claims = await sessionSealer?.open(getCookie(c, sessionCookie));
    if (!claims || typeof claims.email !== "string") return null;
    return { email: claims.email, name: typeof claims.name === "string" ? claims.name : null, groups: groupsFrom(claims.groups) };
  }

  const guard: MiddlewareHandler = async (c, next) => {
    const person = await identify(c);
    if (person instanceof Response) return person;
    c.set("person", person);
    c.set("who", person?.email ?? null);

    // Only the dashboard's own pages may change anything: a cross-site form or fetch is refused here.
    try {
      await originCheck(c, async () => {});
    } catch (error) {
      if (!(error instanceof HTTPException)) throw error;
      return refuse(c, 403, "cross-site", "This request did not come from the dashboard's own pages.");
    }

    const path = c.req.path;
    if (path.startsWith("/auth/") || !needsSession(path)) return next();
    if (!person) return refuse(c, 401, "not-signed-in", "Sign in to use the dashboard.");

    const call = operationOf(c.req.method, path, routing);
    if (call?.service) {
      const why = refusal(settings.access, person, call.service, call.operation);
      if (why) return refuse(c, 403, "forbidden", why);
      // The key the deployment holds, unless the browser brought one of its own.
      if (call.operation === "list-users" && !c.req.header("x-service-api-key")) {
        const team = c.req.header("x-dashboard-team");
        const key = team && deployment.keys.teams.get(heldKeyId(call.service, team));
        if (key) c.set("heldKey", { header: "x-service-api-key", value: key });
      }
      if (call.operation === "delete-team" && !c.req.header("x-management-key") && !c.req.header("x-service-org-key")) {
        const key = call.orgId && deployment.keys.organizations.get(heldKeyId(call.service, call.orgId));
        if (key) c.set("heldKey", { header: "x-management-key", value: key });
      }
    } else if (call) {
      return refuse(c, 403, "forbidden", `${person.email} has no role on this service.`);
    }
    return next();
  };

  const routes = new Hono();
  routes.get("/auth/session", (c) => {
    const person = c.var.person ?? null;
    c.header("Cache-Control", "no-store"); // who is signed in changes under the same URL
    return c.json({
      auth: oidc ? "oidc" : "proxy",
      signedIn: person !== null,
      email: person?.email ?? null,
      name: person?.name ?? null,
      roles: person ? rolesOf(settings.access, person, declared) : {},
    });
  });

  routes.post("/auth/sign-out", (c) => {
    deleteCookie(c, sessionCookie, { path: "/", secure: secure(c), httpOnly: true, sameSite: "Lax" });
    return c.redirect("/", 303);
  });

  if (oidc && session && sessionSealer && flowSealer) {
    let discovered: Promise<client.Configuration> | undefined;
    const configuration = () =>
      (discovered ??= client
        .discovery(new URL(oidc.issuer), oidc.clientId, undefined, client.ClientSecretBasic(oidc.clientSecret), {
          // Plain http is allowed by the file's check only for a provider on this machine.
          execute: oidc.issuer.startsWith("http:") ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          discovered = undefined; // tried again at the next sign-in
          throw error;
        }));
    const unreachable = (c: Context) => refuse(c, 502, "sign-in-failed", "The identity provider could not be reached.");

    routes.get("/auth/sign-in", async (c) => {
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch {
        return unreachable(c);
      }
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const flow = await flowSealer.seal({ verifier, state, nonce, next: sameOriginPath(c.req.query("next")) }, flowSeconds);
      setCookie(c, flowCookie, flow, { path: "/auth", httpOnly: true, sameSite: "Lax", secure: secure(c), maxAge: flowSeconds });
      const to = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(c),
        scope: oidc.scopes.join(" "),
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return c.redirect(to.href, 302);
    });

    routes.get("/auth/callback", async (c) => {
      const flow = await flowSealer.open(getCookie(c, flowCookie));
      deleteCookie(c, flowCookie, { path: "/auth", secure: secure(c), httpOnly: true, sameSite: "Lax" });
      if (!flow)
        return refuse(c, 400, "sign-in-failed", "This sign-in was not started here, or took longer than 10 minutes: sign in again.");
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch {
        return unreachable(c);
      }
      const current = new URL(redirectUri(c));
      current.search = new URL(c.req.url).search;
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: String(flow.verifier),
          expectedState: String(flow.state),
          expectedNonce: String(flow.nonce),
          idTokenExpected: true,
        });
        const idClaims = tokens.claims()!;
        // Providers give email and groups in the ID token or only from userinfo (oidc-provider does the latter).
        const info = config.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
        claims = { ...idClaims, ...info };
      } catch (error) {
        return refuse(c, 403, "sign-in-failed", `The sign-in was not accepted: ${(error as Error).message}`);
      }
      const email = typeof claims.email === "string" ? claims.email.toLowerCase() : undefined;
      if (!email) return refuse(c, 403, "sign-in-failed", 'The identity provider named no email address: the "email" scope is needed.');
      // Roles are given by email: one the provider says it has not verified could be anyone's.
      if (claims.email_verified === false)
        return refuse(c, 403, "sign-in-failed", `The identity provider has not verified ${email}: verify it there, then sign in again.`);
      const name = typeof claims.name === "string" ? claims.name : null;
      const sealed = await sessionSealer.seal({ email, name, groups: groupsFrom(claims[oidc.groupsClaim]) }, session.lifetimeMinutes * 60);
      setCookie(c, sessionCookie, sealed, {
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        secure: secure(c),
        maxAge: session.lifetimeMinutes * 60,
      });
      c.set("who", email);
      return c.redirect(sameOriginPath(String(flow.next)), 302);
    });
  }

  return {
    guard,
    routes,
    rolesOf: (c) => {
      const person = c.var.person;
      return person ? rolesOf(settings.access, person, declared) : {};
    },
  };
}

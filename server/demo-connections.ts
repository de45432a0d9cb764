/**
 * The demo's connections, offered to the dashboard on its own origin, so that a newcomer goes
 * from `npm start` to browsing in two clicks. Only a server that seeded the demo itself, serves
 * the embedded service (not a proxy) and listens on loopback offers them: anywhere else the keys
 * would be real ones, or reachable by others.
 */
import { Hono } from "hono";
import { notFoundJson } from "./service-app.ts";
import type { Credentials } from "./service.ts";

export const demoConnectionsPath = "/demo/connections";

const loopbackHost = /^(127(\.\d{1,3}){3}|localhost|\[::1\]|::1)$/i;

/** The host part of a `host[:port]` (IPv6 in brackets), lower-cased. */
function hostname(hostAndPort: string): string {
  const bracketed = /^(\[[^\]]*\])(:\d+)?$/.exec(hostAndPort);
  return (bracketed ? bracketed[1]! : hostAndPort.replace(/:\d+$/, "")).toLowerCase();
}

/** A bound address (`::1`) or a Host header (`[::1]:4173`) that names this machine only. */
export const isLoopback = (host: string) => loopbackHost.test(host) || loopbackHost.test(hostname(host));

export interface DemoOfferOptions {
  /** The seed the server was started with. */
  seed: string | undefined;
  /** The interface it binds. */
  host: string;
  /** Whether the API is proxied to a hosted service. */
  upstream: boolean;
}

export const offersDemo = ({ seed, host, upstream }: DemoOfferOptions) => seed === "demo" && !upstream && isLoopback(host);

/**
 * `GET /demo/connections`: the demo's organizations and the teams that still exist, with their
 * keys and current user counts (asked of the service itself, as the dashboard would).
 *
 * Answered only to a request addressed to a loopback name (a DNS-rebinding page uses its own
 * name) and, when the browser says where it comes from, from this origin only.
 */
export function demoConnectionsApp(credentials: Credentials, service: Hono) {
  const app = new Hono();
  app.get(demoConnectionsPath, async (c) => {
    const fetchSite = c.req.header("sec-fetch-site");
    if (!isLoopback(c.req.header("host") ?? "") || (fetchSite !== undefined && !["same-origin", "none"].includes(fetchSite))) {
      return notFoundJson(c);
    }
    const usersOf = async (apiKey: string) => {
      const answer = await service.request("/v2/user/?limit=1", { headers: { "x-service-api-key": apiKey } });
      return answer.ok ? ((await answer.json()) as { total: number }).total : undefined; // 401: deleted
    };
    const orgs = await Promise.all(
      credentials.orgs.map(async (org) => {
        const teams = await Promise.all(org.teams.map(async (team) => ({ ...team, users: await usersOf(team.api_key) })));
        return { ...org, teams: teams.filter((team) => team.users !== undefined) };
      }),
    );
    c.header("Cache-Control", "no-store");
    return c.json({ orgs });
  });
  return app;
}

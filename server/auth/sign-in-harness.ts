/**
 * What the sign-in's tests share: a real OpenID provider in its own process, a counting stub of
 * the service, a deployment that holds keys, a dashboard on it, and a cookie-jar HTTP client that
 * signs in through the provider's own login and consent pages as a browser would.
 */
import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { createDashboardApp } from "../dashboard-app.ts";
import { parseDeployment } from "../deployment.ts";
import { openForwarding, type ForwardingApi } from "../forwarding-api.ts";
import { listen } from "../service.ts";
import { spawnServer, type SpawnedServer } from "../spawn-server.ts";
import { fakeDist } from "../testing.ts";

export const orgId = "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e";
export const teamId = "1d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6";
/** Secrets made for the tests, searched for in every answer and log. */
export const secrets = {
  client: "test-oidc-client-secret-5d1f0a",
  session: "test-session-secret-of-more-than-32-chars-a9c4e1",
  teamKey: "held-team-key-7f3a9c4e2b",
  managementKey: "held-management-key-2b8e1d6c",
};
export const people = { viewer: "vera@acme.example", operator: "otto@acme.example" };
/** Users in the stub's team. */
export const teamSize = 7;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function startProvider(redirectUris: string[]): Promise<SpawnedServer> {
  return spawnServer("server/auth/test-oidc-provider.ts", [], {
    PORT: "0",
    OIDC_REDIRECT_URIS: redirectUris.join(","),
    OIDC_CLIENT_SECRET: secrets.client,
  });
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface StubService {
  url: string;
  seen: SeenRequest[];
  close: () => Promise<void>;
}

/** A service that counts what reaches it: a page of `teamSize` users (gzip when asked), a 204 for a delete. */
export async function startStubService(): Promise<StubService> {
  const seen: SeenRequest[] = [];
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    seen.push({ method: req.method ?? "", path: url.pathname, headers: req.headers });
    if (req.method === "DELETE") return void res.writeHead(204).end();
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const users = Array.from({ length: Math.max(0, Math.min(limit, teamSize - offset)) }, (_, i) => ({
      client_user_id: `user-${offset + i}`,
      note: 'a "quoted" {brace} [bracket], é',
    }));
    const body = Buffer.from(JSON.stringify({ users, total: teamSize, offset, limit }));
    if (/gzip/.test(req.headers["accept-encoding"] ?? "")) {
      const zipped = gzipSync(body);
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": zipped.length });
      return void res.end(zipped);
    }
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export type AuthMode = { oidc: { issuer: string } } | { proxy: { trustedAddresses: string[] } };

/** The deployment file: two services at `serviceUrl`, the team's and organization's keys held by reference. */
export function deploymentFile(serviceUrl: string, mode: AuthMode, extra: Record<string, unknown> = {}) {
  const auth =
    "oidc" in mode
      ? {
          oidc: {
            issuer: mode.oidc.issuer,
            clientId: "dashboard",
            clientSecret: { env: "TEST_OIDC_CLIENT_SECRET" },
            scopes: ["openid", "email", "profile", "groups"],
          },
          session: { secret: { env: "TEST_SESSION_SECRET" }, lifetimeMinutes: 60 },
        }
      : { proxy: { emailHeader: "X-Forwarded-Email", groupsHeader: "X-Forwarded-Groups", trustedAddresses: mode.proxy.trustedAddresses } };
  return {
    services: [
      { name: "us-prod", label: "US", environment: "production", baseUrl: serviceUrl },
      { name: "eu-sandbox", label: "EU", environment: "sandbox", baseUrl: serviceUrl },
    ],
    organizations: [{ label: "Acme US", orgId, service: "us-prod", managementKey: { env: "TEST_MANAGEMENT_KEY" } }],
    teams: [{ label: "Sleep study", service: "us-prod", teamId, orgId, apiKey: { env: "TEST_TEAM_KEY" } }],
    auth: {
      ...auth,
      access: [
        { services: "*", emails: [people.operator], role: "admin" },
        { services: ["us-prod"], groups: ["staff"], role: "viewer" },
      ],
    },
    ...extra,
  };
}

export const secretEnv = {
  TEST_OIDC_CLIENT_SECRET: secrets.client,
  TEST_SESSION_SECRET: secrets.session,
  TEST_TEAM_KEY: secrets.teamKey,
  TEST_MANAGEMENT_KEY: secrets.managementKey,
};

export interface RunningDashboard {
  url: string;
  forwarding: ForwardingApi;
  /** The request log and the record's JSON lines. */
  logged: string[];
  close: () => Promise<void>;
}

/** A dashboard in this process, over real HTTP, on `file` (its secrets from `secretEnv`). */
export async function startDashboard(file: unknown, options: { port?: number; activityDb?: string } = {}): Promise<RunningDashboard> {
  const deployment = parseDeployment(file, "test-deployment.json", { env: secretEnv, readFile: () => "" });
  const logged: string[] = [];
  const log = (line: string) => logged.push(line);
  const forwarding = await openForwarding({ deployment, activityDb: options.activityDb ?? ":memory:", log });
  const app = createDashboardApp({ api: forwarding.app, distDir: fakeDist(), log, activity: forwarding.activity, auth: forwarding.auth });
  const server = await listen(app, "127.0.0.1", options.port ?? 0);
  return {
    url: server.url,
    forwarding,
    logged,
    close: async () => {
      await server.close();
      await forwarding.close();
    },
  };
}

/** An HTTP client that keeps cookies (per host and port, all paths: enough for these tests) and follows redirects by hand. */
export class CookieJar {
  private cookies = new Map<string, Map<string, string>>();
  /** Every answer's headers and body, to search for secrets. */
  readonly received: string[] = [];

  private jar(url: URL) {
    let jar = this.cookies.get(url.host);
    if (!jar) this.cookies.set(url.host, (jar = new Map()));
    return jar;
  }

  cookie(url: string, name: string) {
    return this.jar(new URL(url)).get(name);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const jar = this.jar(target);
    if (jar.size > 0) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair!.split("=");
      const expired = attributes.some((a) => /^\s*max-age=0$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join("="));
    }
    const body = await response.clone().text();
    this.received.push(`${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${body}`);
    return response;
  }

  /** GET `url` and every redirect after it; the last answer. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let response = await this.fetch(url, init);
    let at = url;
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 20; hops++) {
      at = new URL(response.headers.get("location")!, at).href;
      response = await this.fetch(at);
    }
    return { response, url: at };
  }
}

const formAction = (html: string, page: string) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No form on the provider's page:\n${html.slice(0, 500)}`);
  return new URL(action.replace(/&amp;/g, "&"), page).href;
};

/** Signs `email` in through the provider's login and consent pages; the dashboard's last answer. */
export async function signIn(jar: CookieJar, dashboardUrl: string, email: string, next = "/teams") {
  let { response, url } = await jar.follow(`${dashboardUrl}/auth/sign-in?next=${encodeURIComponent(next)}`);
  for (let page = 0; page < 4 && !url.startsWith(dashboardUrl); page++) {
    const html = await response.text();
    const login = /name="login"/.test(html);
    const form = new URLSearchParams(login ? { prompt: "login", login: email, password: "any" } : { prompt: "consent" });
    const posted = await jar.fetch(formAction(html, url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const location = posted.headers.get("location");
    if (!location) throw new Error(`The provider answered ${posted.status}: ${await posted.text()}`);
    ({ response, url } = await jar.follow(new URL(location, url).href));
  }
  return { response, url };
}

/** The deployment file's `auth`, `activity` and keys by reference: checked whole at start, secrets never said. */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { deploymentInfoApp, heldKeyId, parseDeployment, readDeployment, type SecretSources } from "./deployment.ts";

const org = "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e";
const team = "1d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6";
const sessionSecret = "s".repeat(40);
const sources: SecretSources = {
  env: { SESSION: sessionSecret, CLIENT: "client-secret-value", TEAM_KEY: "team-key-value\n" },
  readFile: (path) => {
    if (path === "/run/secrets/acme") return "management-key-value\n";
    if (path === "/run/secrets/empty") return "\n";
    throw Object.assign(new Error("no such file"), { code: "ENOENT" });
  },
};
const file = {
  services: [
    { name: "us-prod", label: "US", environment: "production", baseUrl: "https://api.us.example.com" },
    { name: "eu-prod", label: "EU", environment: "production", baseUrl: "https://api.eu.example.com" },
  ],
  organizations: [{ label: "Acme", orgId: org, service: "us-prod", managementKey: { file: "/run/secrets/acme" } }],
  teams: [{ label: "Sleep", service: "us-prod", teamId: team, orgId: org, apiKey: { env: "TEAM_KEY" } }],
  auth: {
    oidc: { issuer: "https://login.example.com/", clientId: "dashboard", clientSecret: { env: "CLIENT" }, groupsClaim: "roles" },
    session: { secret: { env: "SESSION" } },
    access: [
      { services: ["us-prod"], groups: ["oncall"], role: "operator" },
      { services: "*", emails: ["Ana@Acme.example"], role: "admin" },
    ],
  },
  activity: { retentionDays: 400 },
};
type File = typeof file;
const parse = (f: unknown) => parseDeployment(f, "deploy.json", sources);
const broken = (change: (f: File) => unknown) => () => parse(change(structuredClone(file)));

describe("sign-in and keys in the deployment file", () => {
  it("reads the auth section, the access rules, the retention, and the keys from their references", () => {
    const deployment = parse(file);
    expect(deployment.auth).toEqual({
      oidc: {
        issuer: "https://login.example.com",
        clientId: "dashboard",
        clientSecret: "client-secret-value",
        scopes: ["openid", "email", "profile"],
        groupsClaim: "roles",
        redirectUrl: null,
      },
      proxy: null,
      session: { secret: sessionSecret, lifetimeMinutes: 480 },
      access: [
        { services: ["us-prod"], emails: [], groups: ["oncall"], role: "operator" },
        { services: "*", emails: ["ana@acme.example"], groups: [], role: "admin" },
      ],
    });
    expect(deployment.retentionDays).toBe(400);
    expect(deployment.keys.teams.get(heldKeyId("us-prod", team))).toBe("team-key-value");
    expect(deployment.keys.organizations.get(heldKeyId("us-prod", org))).toBe("management-key-value");
  });

  it("tells the browser which keys are held, and never a key", async () => {
    const body = await (await deploymentInfoApp(parse(file)).request("/deployment.json")).text();
    expect(JSON.parse(body)).toMatchObject({ teams: [{ teamId: team, keyHeld: true }], organizations: [{ orgId: org, keyHeld: true }] });
    expect(body).not.toMatch(/value/);
  });

  it.each<[string, (f: File) => unknown, string]>([
    [
      "a key written in the file",
      (f) => ({ ...f, teams: [{ ...f.teams[0], apiKey: "sk_live_123" }] }),
      'deploy.json: teams[0] ("Sleep") has "apiKey" written in the file: give it by reference, {"env": "NAME"} or {"file": "/path"}.',
    ],
    [
      "a variable not set",
      (f) => ({ ...f, teams: [{ ...f.teams[0], apiKey: { env: "NOPE" } }] }),
      'deploy.json: teams[0] ("Sleep") takes "apiKey" from the environment variable NOPE, which is not set.',
    ],
    [
      "a file that cannot be read",
      (f) => ({ ...f, organizations: [{ ...f.organizations[0], managementKey: { file: "/run/secrets/gone" } }] }),
      'deploy.json: organizations[0] ("Acme") takes "managementKey" from the file /run/secrets/gone, which cannot be read (ENOENT).',
    ],
    [
      "an empty file",
      (f) => ({ ...f, organizations: [{ ...f.organizations[0], managementKey: { file: "/run/secrets/empty" } }] }),
      'deploy.json: organizations[0] ("Acme") takes "managementKey" from the file /run/secrets/empty, which is empty.',
    ],
    [
      "keys without sign-in",
      (f) => ({ ...f, auth: undefined }),
      'deploy.json: organizations[0] ("Acme") holds a key, but the file has no "auth" section: keys held by the server would be open to anyone who reaches it.',
    ],
    [
      "both ways of signing in",
      (f) => ({ ...f, auth: { ...f.auth, proxy: { emailHeader: "X-Email", trustedAddresses: ["10.0.0.1"] } } }),
      'deploy.json: "auth" needs exactly one of "oidc" and "proxy".',
    ],
    [
      "a client secret written in the file",
      (f) => ({ ...f, auth: { ...f.auth, oidc: { ...f.auth.oidc, clientSecret: "hunter2" } } }),
      'deploy.json: "auth.oidc" has "clientSecret" written in the file: give it by reference, {"env": "NAME"} or {"file": "/path"}.',
    ],
    [
      "an issuer in plain http elsewhere than this machine",
      (f) => ({ ...f, auth: { ...f.auth, oidc: { ...f.auth.oidc, issuer: "http://login.example.com" } } }),
      'deploy.json: "auth.oidc" has an "issuer" in plain http, not https.',
    ],
    [
      "a short session secret",
      (f) => ({ ...f, auth: { ...f.auth, session: { secret: { env: "CLIENT" } } } }),
      'deploy.json: "auth.session" has a "secret" shorter than 32 characters.',
    ],
    [
      "OIDC without a session",
      (f) => ({ ...f, auth: { ...f.auth, session: undefined } }),
      'deploy.json: "auth" needs "session" with a "secret" by reference: the sign-in cookie is sealed with it.',
    ],
    [
      "a rule of an undeclared service",
      (f) => ({ ...f, auth: { ...f.auth, access: [{ services: ["us-prd"], groups: ["x"], role: "viewer" }] } }),
      'deploy.json: auth.access[0] names the service "us-prd", which is not declared.',
    ],
    [
      "a rule for nobody",
      (f) => ({ ...f, auth: { ...f.auth, access: [{ services: "*", role: "viewer" }] } }),
      'deploy.json: auth.access[0] needs "emails" or "groups": whom the rule is for.',
    ],
    [
      "an unknown role",
      (f) => ({ ...f, auth: { ...f.auth, access: [{ services: "*", groups: ["x"], role: "editor" }] } }),
      'deploy.json: auth.access[0] has "role" that is not one of viewer, operator, admin.',
    ],
    [
      "a trusted address that is not one",
      () => ({ ...file, auth: { proxy: { emailHeader: "X-Email", trustedAddresses: ["10.0.0.0/33"] }, access: [] } }),
      'deploy.json: "auth.proxy" has "trustedAddresses" with "10.0.0.0/33", which is not an address or CIDR range.',
    ],
    [
      "a retention of no days",
      (f) => ({ ...f, activity: { retentionDays: 0 } }),
      'deploy.json: "activity" has "retentionDays" that is not a whole number of days, 1 or more.',
    ],
  ])("refuses %s, in one sentence that says no secret", (_what, change, message) => {
    let said = "";
    try {
      broken(change)();
    } catch (error) {
      said = (error as Error).message;
    }
    expect(said).toBe(message);
    expect(said).not.toMatch(/value|hunter2|sk_live|s{32}/);
  });

  it("takes a proxy's header names and addresses, IPv4 and IPv6", () => {
    const auth = parse({
      ...file,
      auth: { proxy: { emailHeader: "X-Forwarded-Email", trustedAddresses: ["10.0.0.0/8", "::1", "fd00::/8"] }, access: [] },
    }).auth;
    expect(auth?.proxy).toEqual({
      emailHeader: "x-forwarded-email",
      groupsHeader: null,
      trustedAddresses: ["10.0.0.0/8", "::1", "fd00::/8"],
    });
    expect(auth?.session).toBeNull();
  });
});

describe("the examples in the repository", () => {
  const env = { US_SLEEP_KEY: "k", OIDC_CLIENT_SECRET: "c", DASHBOARD_SESSION_SECRET: "s".repeat(32), ACME_US_MANAGEMENT_KEY: "m" };
  const readFile = () => "a key from a file";
  it.each(["oidc.example.json", "oauth2-proxy.example.json"])("%s is a valid file", (name) => {
    const deployment = readDeployment(join(import.meta.dirname, "..", "deploy", name), { env, readFile });
    expect(deployment.auth?.access.length).toBe(3);
    expect(deployment.keys.teams.size + deployment.keys.organizations.size).toBe(2);
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deploymentInfoApp, parseDeployment, readDeployment } from "./deployment.ts";

const org = "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e";
const team = "1d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6";
const service = { name: "us-prod", label: "US", environment: "production", baseUrl: "https://api.us.example.com/" };
const valid = {
  $comment: "Comments are welcome anywhere.",
  services: [
    service,
    {
      name: "eu-sandbox",
      label: "EU",
      environment: "sandbox",
      baseUrl: "https://eu.example.com",
      managementUrl: "https://m.eu.example.com",
    },
  ],
  organizations: [{ label: "Acme", orgId: org.toUpperCase(), service: "us-prod" }],
  teams: [
    { label: "Sleep", service: "us-prod", teamId: team, orgId: org },
    { $comment: "browse only", label: "Sleep", service: "eu-sandbox", teamId: team },
  ],
};

describe("a deployment file", () => {
  it("declares services (the management URL defaults to the base URL), organizations and teams, IDs in lower case", () => {
    expect(parseDeployment(valid, "deploy.json")).toEqual({
      services: [
        { ...service, baseUrl: "https://api.us.example.com", managementUrl: "https://api.us.example.com" },
        {
          name: "eu-sandbox",
          label: "EU",
          environment: "sandbox",
          baseUrl: "https://eu.example.com",
          managementUrl: "https://m.eu.example.com",
        },
      ],
      organizations: [{ label: "Acme", orgId: org, service: "us-prod" }],
      teams: [
        { label: "Sleep", service: "us-prod", teamId: team, orgId: org },
        { label: "Sleep", service: "eu-sandbox", teamId: team, orgId: null },
      ],
      default: null,
      auth: null,
      retentionDays: null,
      keys: { teams: new Map(), organizations: new Map() },
    });
  });

  it("reads the example in the repository", () => {
    const example = readDeployment(join(import.meta.dirname, "..", "deploy", "example.json"));
    expect(example.services.map((s) => `${s.name} ${s.environment}`)).toEqual([
      "us-prod production",
      "us-sandbox sandbox",
      "eu-prod production",
      "eu-sandbox sandbox",
    ]);
    expect(example.teams).toHaveLength(4);
  });

  const broken = (change: (file: typeof valid) => unknown) => () => parseDeployment(change(structuredClone(valid)), "deploy.json");
  it.each<[string, (file: typeof valid) => unknown, string]>([
    [
      "an unknown field",
      (f) => ({ ...f, service: [] }),
      'deploy.json: the top level has an unknown field "service" (known: services, organizations, teams, default, auth, activity).',
    ],
    [
      "an unknown field of a service",
      (f) => ({ ...f, services: [{ ...service, url: "x" }] }),
      'deploy.json: services[0] ("us-prod") has an unknown field "url" (known: name, label, environment, baseUrl, managementUrl).',
    ],
    ["no service", (f) => ({ ...f, services: [] }), 'deploy.json: "services" must list at least one service.'],
    ["services that are not a list", (f) => ({ ...f, services: {} }), 'deploy.json: "services" must be a list.'],
    [
      "a name that is not URL-safe",
      (f) => ({ ...f, services: [{ ...service, name: "US prod" }] }),
      'deploy.json: services[0] ("US prod") has a name that is not URL-safe (lower-case letters, digits and inner hyphens, at most 40 characters).',
    ],
    [
      "a duplicate name",
      (f) => ({ ...f, services: [service, { ...service, label: "again" }] }),
      'deploy.json: services[1] uses the name "us-prod" again (services[0] has it).',
    ],
    [
      "a missing label",
      (f) => ({ ...f, services: [{ ...service, label: " " }] }),
      'deploy.json: services[0] ("us-prod") needs "label", a non-empty string.',
    ],
    [
      "a missing environment",
      (f) => ({ ...f, services: [{ ...service, environment: undefined }] }),
      'deploy.json: services[0] ("us-prod") needs "environment", a non-empty string.',
    ],
    [
      "a malformed URL",
      (f) => ({ ...f, services: [{ ...service, baseUrl: "api.example.com" }] }),
      'deploy.json: services[0] ("us-prod") has "baseUrl" "api.example.com", which is not a URL.',
    ],
    [
      "a URL that is not http(s)",
      (f) => ({ ...f, services: [{ ...service, managementUrl: "ftp://x.example.com" }] }),
      'deploy.json: services[0] ("us-prod") has "managementUrl" "ftp://x.example.com", not http(s).',
    ],
    [
      "a password in a URL",
      (f) => ({ ...f, services: [{ ...service, baseUrl: "https://me:secret@api.example.com" }] }),
      'deploy.json: services[0] ("us-prod") has "baseUrl" with a user name or password, which the file must not hold.',
    ],
    [
      "a query in a URL",
      (f) => ({ ...f, services: [{ ...service, baseUrl: "https://api.example.com/?key=1" }] }),
      'deploy.json: services[0] ("us-prod") has "baseUrl" with a query or fragment, which a base URL cannot have.',
    ],
    [
      "a malformed organization ID",
      (f) => ({ ...f, organizations: [{ ...f.organizations[0], orgId: "acme" }] }),
      'deploy.json: organizations[0] ("Acme") has "orgId" "acme", which is not a UUID.',
    ],
    [
      "an organization of an unknown service",
      (f) => ({ ...f, organizations: [{ ...f.organizations[0], service: "us-prd" }] }),
      'deploy.json: organizations[0] ("Acme") names the service "us-prd", which is not declared.',
    ],
    [
      "an organization twice",
      (f) => ({ ...f, organizations: [f.organizations[0], { ...f.organizations[0], label: "Again" }] }),
      'deploy.json: organizations[1] ("Again") declares again organizations[0] (same orgId and service).',
    ],
    [
      "a team of an unknown service",
      (f) => ({ ...f, teams: [{ ...f.teams[0], service: "eu-prod" }] }),
      'deploy.json: teams[0] ("Sleep") names the service "eu-prod", which is not declared.',
    ],
    [
      "a team of an unknown organization",
      (f) => ({ ...f, teams: [{ ...f.teams[1], orgId: org }] }),
      `deploy.json: teams[0] ("Sleep") names the organization ${org}, which is not declared for the service "eu-sandbox".`,
    ],
    [
      "a malformed team ID",
      (f) => ({ ...f, teams: [{ ...f.teams[0], teamId: `${team}0` }] }),
      `deploy.json: teams[0] ("Sleep") has "teamId" "${team}0", which is not a UUID.`,
    ],
    [
      "a team twice",
      (f) => ({ ...f, teams: [f.teams[0], f.teams[0]] }),
      'deploy.json: teams[1] ("Sleep") declares again teams[0] (same teamId and service).',
    ],
    [
      "a team that holds a key",
      (f) => ({ ...f, teams: [{ ...f.teams[0], apiKey: "x" }] }),
      'deploy.json: teams[0] ("Sleep") has "apiKey" written in the file: give it by reference, {"env": "NAME"} or {"file": "/path"}.',
    ],
    ["a team that is not an object", (f) => ({ ...f, teams: ["Sleep"] }), "deploy.json: teams[0] must be an object."],
    [
      "an unknown default",
      (f) => ({ ...f, default: "eu-prod" }),
      'deploy.json: "default" names the service "eu-prod", which is not declared.',
    ],
  ])("refuses %s, in one sentence naming the file, the entry and the problem", (_what, change, message) => {
    expect(broken(change)).toThrow(message);
  });

  it("refuses a file it cannot read or parse, naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "deployment-"));
    expect(() => readDeployment(join(dir, "missing.json"))).toThrow(/^Cannot read the deployment file .*missing\.json: ENOENT/);
    writeFileSync(join(dir, "commented.json"), '{ // a comment\n "services": [] }');
    expect(() => readDeployment(join(dir, "commented.json"))).toThrow(/^The deployment file .*commented\.json is not JSON: /);
  });

  // A key pasted near the mistake would be printed with the parser's snippet of the text.
  it.each([
    ["a bare word", '{\n  "services": [],\n  "key": sk_live_4f9a8b7c6d5e\n}', 3, 10],
    ["a missing comma", '{\n  "services": []\n  "key": "sk_live_4f9a8b7c6d5e"\n}', 3, 3],
    ["an unterminated string", '{ "services": [], "key": "sk_live_4f9a8b7c6d5e', 1, 47],
    ["a trailing comma", '{"services": [], "sk_live_4f9a8b7c6d5e": 1,}', 1, 44],
    ["a control character in a string", '{\n"k": "sk_live_4f9a\t8b7c6d5e"}', 2, 19],
    ["text after the value", "{}\nsk_live_4f9a8b7c6d5e", 2, 1],
    ["an empty file", "", 1, 1],
  ])("says where %s is, by line and column, never the text", (_what, text, line, column) => {
    const file = join(mkdtempSync(join(tmpdir(), "deployment-")), "deploy.json");
    writeFileSync(file, text);
    let message = "";
    try {
      readDeployment(file);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`The deployment file ${file} is not JSON: line ${line}, column ${column}.`);
    expect(message).not.toContain("sk_live");
  });

  it("tells the browser names, labels, environments and the provided entries: no URL of a service", async () => {
    const body = await (await deploymentInfoApp(parseDeployment(valid, "deploy.json")).request("/deployment.json")).json();
    expect(body).toEqual({
      services: [
        { name: "us-prod", label: "US", environment: "production" },
        { name: "eu-sandbox", label: "EU", environment: "sandbox" },
      ],
      organizations: [{ label: "Acme", orgId: org, service: "us-prod" }],
      teams: [
        { label: "Sleep", service: "us-prod", teamId: team, orgId: org },
        { label: "Sleep", service: "eu-sandbox", teamId: team, orgId: null },
      ],
    });
    expect(JSON.stringify(body)).not.toMatch(/example\.com/);
    expect(await (await deploymentInfoApp(undefined).request("/deployment.json")).json()).toEqual({
      services: [],
      organizations: [],
      teams: [],
    });
  });
});

describe("npm start with a bad deployment file", () => {
  it("stops before serving anything, with the file's one sentence and status 2", () => {
    const dir = mkdtempSync(join(tmpdir(), "deployment-"));
    const file = join(dir, "deploy.json");
    writeFileSync(file, JSON.stringify({ services: [service, service] }));
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/start.ts", "--config", file, "--port", "0"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(`${file}: services[1] uses the name "us-prod" again (services[0] has it).`);
    expect(run.stdout).not.toContain("listening");
  }, 30_000);

  it("refuses a file beside UPSTREAM_BASE_URL: one way to name the services", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/start.ts", "--port", "0"], {
      encoding: "utf8",
      env: { ...process.env, DASHBOARD_CONFIG: "deploy/example.json", UPSTREAM_BASE_URL: "https://api.example.com" },
    });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe("Give either the deployment file deploy/example.json or UPSTREAM_BASE_URL, not both.");
  }, 30_000);
});

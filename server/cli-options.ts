/** The command line shared by `npm run service` and `npm start`. */
import { parseArgs } from "node:util";
import { defaultDemoUsers } from "./demo-seed.ts";
import { DeploymentError } from "./deployment.ts";
import { SeedError } from "./seed-file.ts";
import type { ServiceLimits } from "./service-limits.ts";

export const usage = (command: string) => `Usage: ${command} -- [options]

  --host <host>             interface to bind (default 127.0.0.1)
  --port <port>             port; 0 picks a free one (default 8787)
  --db <path>               SQLite file, or :memory: (default .data/service.sqlite)
  --seed demo|<file.json>   data to load when the database is new
  --demo-users <n>          users of the largest demo team (default ${defaultDemoUsers})
  --credentials-out <file>  write the seeded organizations, teams and keys as JSON
  --latency <ms>            each /v2/user request waits this long before its answer (default 0)
  --rate <n>                at most n /v2/user requests a second; beyond it 429 with Retry-After
  --quiet                   no request log
  --help                    this text`;

export const serviceOptions = {
  host: { type: "string", default: "127.0.0.1" },
  port: { type: "string", default: "8787" },
  db: { type: "string", default: ".data/service.sqlite" },
  seed: { type: "string" },
  "demo-users": { type: "string", default: String(defaultDemoUsers) },
  "credentials-out": { type: "string" },
  latency: { type: "string", default: "0" },
  rate: { type: "string" },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", default: false },
} as const;

export function parseServiceArgs(args: string[], defaults: { port?: string; seed?: string } = {}) {
  const options = {
    ...serviceOptions,
    port: { ...serviceOptions.port, default: defaults.port ?? serviceOptions.port.default },
    seed: { ...serviceOptions.seed, ...(defaults.seed ? { default: defaults.seed } : {}) },
    dev: { type: "boolean", default: false },
    config: { type: "string" },
    "activity-db": { type: "string", default: ".data/activity.sqlite" },
  } as const;
  const { values } = parseArgs({ args, options, strict: true });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, got ${values.port}`);
  const demoUsers = Number(values["demo-users"]);
  if (!Number.isInteger(demoUsers) || demoUsers < 0)
    throw new UsageError(`--demo-users must be a whole number, got ${values["demo-users"]}`);
  return { ...values, port, demoUsers, limits: parseServiceLimits(values) };
}

/** The longest `--latency`: a minute. */
export const maxLatencyMs = 60_000;

/** `--latency` and `--rate`, checked: the time and limit the service plays (see service-limits.ts). */
export function parseServiceLimits({ latency = "0", rate }: { latency?: string; rate?: string }): ServiceLimits {
  const latencyMs = Number(latency);
  if (!/^\d+$/.test(latency.trim()) || latencyMs > maxLatencyMs)
    throw new UsageError(`--latency must be a whole number of milliseconds from 0 to ${maxLatencyMs}, got ${latency}`);
  if (rate === undefined) return { latencyMs };
  const ratePerSecond = Number(rate);
  if (!/^\d+$/.test(rate.trim()) || ratePerSecond < 1)
    throw new UsageError(`--rate must be a whole number of requests a second, 1 or more, got ${rate}`);
  return { latencyMs, ratePerSecond };
}

export class UsageError extends Error {}

/** Says that a seed of many users is under way, so that its wait (most of a minute for a million) is not silent. */
export function announceSeed(users: number) {
  if (users >= 20_000) console.log(`Seeding ${users.toLocaleString("en-US")} users…`);
}

/** Stops cleanly on SIGINT and SIGTERM: open requests end, then the database closes. */
export function closeOnSignals(close: () => Promise<void>) {
  const stop = () => {
    void close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** Runs a command's main: a usage or seed problem is one clear line, anything else the whole error. */
export function runCommand(main: () => Promise<void>, hint: string) {
  main().catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (error instanceof DeploymentError) {
      // Nothing is served half-configured: the file's one sentence, and status 2.
      console.error(error.message);
      process.exit(2);
    } else if (error instanceof SeedError || error instanceof UsageError || code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\nRun with --help for the options.`);
    } else if (code === "EADDRINUSE") {
      console.error(`The port is in use. ${hint}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

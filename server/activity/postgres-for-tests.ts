/**
 * A real PostgreSQL for the tests, in a temporary folder: Debian's binaries (initdb, pg_ctl under
 * /usr/lib/postgresql/<version>/bin), trust authentication, listening on 127.0.0.1 at a free port
 * and on a socket in its own folder. PostgreSQL refuses to run as root, so under root it runs as
 * the `postgres` user the package creates. A watchdog stops it if the test's process dies first.
 */
import { execFile, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

/** The folder of initdb and pg_ctl, the newest version's, or undefined if PostgreSQL is not installed. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")) && existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], "bin");
}

export async function startTestPostgres(bin: string): Promise<TestPostgres> {
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? await postgresUser() : undefined;
  // The postgres user must pass through the temporary folder to reach its own: add only that right.
  if (asRoot) chmodSync(tmpdir(), statSync(tmpdir()).mode | 0o011);
  const dir = mkdtempSync(join(tmpdir(), "pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, "data");
  const port = await freePort();
  const options = owner ? { uid: owner.uid, gid: owner.gid } : {};
  await run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"], options);
  await run(
    join(bin, "pg_ctl"),
    ["-D", data, "-l", join(dir, "log"), "-w", "-o", `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off`, "start"],
    options,
  );
  // pg_ctl leaves the server running on its own: should this process be killed before stop()
  // (a run cut short), a watchdog stops the server and removes its folder once this process is gone.
  const watchdog = spawn(
    "sh",
    [
      "-c",
      'while [ -d "/proc/$0" ]; do sleep 1; done; "$1" -D "$2" -m immediate -w stop; rm -rf "$3"',
      String(process.pid),
      join(bin, "pg_ctl"),
      data,
      dir,
    ],
    { ...options, detached: true, stdio: "ignore" },
  );
  watchdog.unref();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      watchdog.kill();
      await run(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"], options).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnServer } from "./spawn-server.ts";

/** A script that says it listens, then waits; on SIGTERM it exits with 3, or ignores it. */
function serverScript(onTerm: "exit" | "ignore"): string {
  const file = join(mkdtempSync(join(tmpdir(), "spawn-")), "server.mjs");
  const handler = onTerm === "exit" ? "() => process.exit(3)" : "() => {}";
  writeFileSync(
    file,
    `process.on("SIGTERM", ${handler});\nconsole.log("listening on http://127.0.0.1:9");\nsetInterval(() => {}, 1000);\n`,
  );
  return file;
}

describe("spawnServer's stop", () => {
  it("asks the server to end and gives its exit code", async () => {
    const server = await spawnServer(serverScript("exit"), []);
    expect(server.url).toBe("http://127.0.0.1:9");
    expect(await server.stop()).toBe(3);
    expect(server.child.signalCode).toBeNull();
  });

  it("kills a server that does not end within the grace time", async () => {
    const server = await spawnServer(serverScript("ignore"), []);
    expect(await server.stop(300)).toBeNull();
    expect(server.child.signalCode).toBe("SIGKILL");
  });
});

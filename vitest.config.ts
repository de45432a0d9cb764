import { defineConfig } from "vitest/config";
import type { Reporter } from "vitest/reporters";
import { slowestTests } from "./scripts/slowest-tests.ts";

/** After the usual report, the slowest ten tests. */
const slowest: Reporter = {
  onTestRunEnd(modules) {
    const times = modules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        name: `${module.moduleId.split("/").pop()} › ${test.name}`,
        ms: test.diagnostic()?.duration ?? 0,
      })),
    );
    if (times.length > 0) console.log(`\n${slowestTests(times)}`);
  },
};

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    reporters: ["default", slowest],
    environment: "node",
    testTimeout: 20_000,
    globalSetup: ["server/test-temp-dir.ts"],
    // `release` frees memory with `ArrayBuffer.prototype.transfer`, which browsers have and Node 20
    // only behind a flag. A test that measures a view's memory collects earlier tests' garbage first.
    execArgv: ["--expose-gc", ...("transfer" in ArrayBuffer.prototype ? [] : ["--harmony-rab-gsab-transfer"])],
  },
});

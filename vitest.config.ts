import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    globalSetup: ["server/test-temp-dir.ts"],
    // `release` frees memory with `ArrayBuffer.prototype.transfer`, which browsers have and Node 20
    // only behind a flag. A test that measures a view's memory collects earlier tests' garbage first.
    execArgv: ["--expose-gc", ...("transfer" in ArrayBuffer.prototype ? [] : ["--harmony-rab-gsab-transfer"])],
  },
});

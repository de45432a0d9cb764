import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    // `release` frees memory with `ArrayBuffer.prototype.transfer`, which browsers have and Node 20 only behind a flag.
    execArgv: "transfer" in ArrayBuffer.prototype ? [] : ["--harmony-rab-gsab-transfer"],
  },
});

import { spawnSync } from "node:child_process";
import { join } from "node:path";

/** Builds the app, exactly as `npm run build` does. */
export function build() {
  console.log("Building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: join(import.meta.dirname, ".."), stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal})`);
}

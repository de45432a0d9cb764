/**
 * `npm run try:services`: a newcomer's look at a deployment for an organization, on this machine —
 * two reference services (US, production; EU, sandbox), each its own process with its own demo,
 * behind one dashboard server started with a deployment file that names them and provides their
 * teams. Prints the file, each service's keys (to add on Teams) and the dashboard's URL.
 */
import { readFileSync } from "node:fs";
import { closeOnSignals, runCommand } from "../server/cli-options.ts";
import { formatCredentials } from "../server/service.ts";
import { startTwoServices } from "../server/two-services.ts";

async function main() {
  const deployment = await startTwoServices({
    serviceArgs: [
      ["--seed", "demo", "--demo-users", "2500", "--quiet"],
      ["--seed", "demo", "--demo-users", "300", "--quiet"],
    ],
    port: Number(process.env.PORT ?? 4173),
    quiet: true,
  });
  console.log(`The deployment file, ${deployment.file}:\n${readFileSync(deployment.file, "utf8")}`);
  for (const service of deployment.services) {
    console.log(`${service.label} (${service.environment}), /s/${service.name}/ → ${service.server.url}; its keys, for Teams → Set key…:`);
    console.log(formatCredentials(service.credentials));
  }
  console.log(`Team admin dashboard of the two services: ${deployment.dashboard.url}`);
  closeOnSignals(deployment.stop);
}

runCommand(main, "Choose another: PORT=4174 npm run try:services");

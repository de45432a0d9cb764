/** `npm run service -- [options]`: the reference service alone. */
import { announceSeed, closeOnSignals, parseServiceArgs, runCommand, usage } from "./cli-options.ts";
import { createServiceApp } from "./service-app.ts";
import { formatCredentials, listen, openStore } from "./service.ts";

async function main() {
  const options = parseServiceArgs(process.argv.slice(2));
  if (options.help) return console.log(usage("npm run service"));
  const { db, store, seeded } = openStore({
    db: options.db,
    seed: options.seed,
    demoUsers: options.demoUsers,
    onSeed: announceSeed,
    credentialsOut: options["credentials-out"],
  });
  const app = createServiceApp(store, { limits: options.limits, ...(options.quiet ? {} : { log: (line) => console.log(line) }) });
  const listening = await listen(app, options.host, options.port);
  // A file asked for (tests, benchmarks) holds the keys: a run's log then does not.
  if (seeded && options["credentials-out"])
    console.log(`Seeded ${options.seed}; credentials written to ${options["credentials-out"]} (keys not printed).`);
  else if (seeded && options.seed === "demo") console.log(`Seeded the demo:\n${formatCredentials(seeded)}`);
  else if (seeded) console.log(`Seeded ${options.seed}.`);
  else if (options.seed) console.log(`${options.db} already has data; --seed was not applied.`);
  console.log(`listening on ${listening.url}`);
  closeOnSignals(async () => {
    await listening.close();
    db.close();
  });
}

runCommand(main, "Choose another with --port.");

/**
 * `npm run activity:verify [-- --activity-db <path|postgres://…>]`: whether the activity record's
 * hash chain is whole. Exit 0: whole; 1: it breaks (the row and why); 2: no record to check (a
 * missing file, an unreachable database, a bad option). A database URL's password is never printed.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { defaultActivityDb, isPostgresTarget, openActivityRecord, redactTarget } from "../server/activity/open-activity-record.ts";

async function main(): Promise<number> {
  let target: string;
  try {
    const { values } = parseArgs({ options: { "activity-db": { type: "string" } }, strict: true });
    target = values["activity-db"] ?? defaultActivityDb;
  } catch (error) {
    const problem = (error as Error).message.split("\n")[0]!.replace(/\.?$/, ".");
    console.error(`${problem} Usage: npm run activity:verify -- --activity-db <path|postgres://…>`);
    return 2;
  }
  const shown = redactTarget(target);
  if (!isPostgresTarget(target) && target !== ":memory:" && !existsSync(target)) {
    console.error(`There is no activity record at ${shown}.`);
    return 2;
  }
  let record;
  try {
    record = await openActivityRecord(target);
  } catch (error) {
    console.error(`The activity record at ${shown} could not be opened: ${hidePassword((error as Error).message, target)}.`);
    return 2;
  }
  try {
    const check = await record.verify();
    if (check.whole) {
      console.log(`The activity record is whole: ${check.rows} ${check.rows === 1 ? "row" : "rows"}.`);
      return 0;
    }
    console.log(`The chain breaks at row ${check.brokenAt!.seq}: ${check.brokenAt!.reason}.`);
    return 1;
  } catch (error) {
    console.error(`The activity record at ${shown} could not be read: ${hidePassword((error as Error).message, target)}.`);
    return 2;
  } finally {
    await record.close();
  }
}

/** A driver's message could quote the URL; its password never goes out. */
function hidePassword(message: string, target: string): string {
  let password = "";
  try {
    password = isPostgresTarget(target) ? decodeURIComponent(new URL(target).password) : "";
  } catch {
    // Not a URL: nothing to hide.
  }
  const text = message.replace(/\.$/, "");
  return password ? text.replaceAll(password, "***") : text;
}

process.exitCode = await main();

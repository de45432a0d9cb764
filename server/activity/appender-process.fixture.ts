/**
 * A replica's appends, for the tests of two processes on one record: a process of its own that
 * opens the record at argv[2] (a PostgreSQL URL or a SQLite file), waits for "go" (so that two start together), appends argv[3] rows as service argv[4],
 * four at a time with a pause after each, and reports the seqs it was given.
 */
import { openActivityRecord } from "./open-activity-record.ts";

const [url, countText, service] = process.argv.slice(2) as [string, string, string];
const record = await openActivityRecord(url);
process.send!({ ready: true });
await new Promise((resolve) => process.once("message", resolve));
const seqs: number[] = [];
let next = 0;
const count = Number(countText);
async function worker() {
  while (next < count) {
    const i = next++;
    const row = await record.append({
      who: `${service}@example.org`,
      service,
      operation: "list-users",
      orgId: null,
      teamId: `team-${i % 3}`,
      offset: i * 100,
      limit: 100,
      status: 200,
      outcome: "ok",
      usersReturned: 100,
      durationMs: i / 7,
    });
    seqs.push(row.seq);
    // A pause between appends, so that the other process's appends fall between this one's even
    // where an append is quicker than a process's start (SQLite).
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
await Promise.all([worker(), worker(), worker(), worker()]);
await record.close();
process.send!({ seqs }, () => process.exit(0));

import { once } from "node:events";
import type { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./database.ts";
import { rowsMadeElsewhere } from "./demo-rows.ts";
import { lazyDemoSeed } from "./demo-seed.ts";
import { createStore } from "./store.ts";

/** What a seed wrote of its users, in the order written (keys are random, so not compared). */
function usersWritten(db: Db) {
  return {
    users: db
      .prepare(
        "SELECT id, user_id, team_id, client_user_id, created_on, created_on_us, position, fallback_birth_date, fallback_time_zone, extra, document FROM users ORDER BY id",
      )
      .all(),
    sources: db.prepare("SELECT * FROM connected_sources ORDER BY user_ref, position").all(),
  };
}

describe("a large demo team's rows, made on a worker thread", () => {
  it("are the rows the store makes itself, in the same order, past several batches and the worker's lead", () => {
    const seeded = (rowsElsewhereFrom: number) => {
      const { db } = openDatabase(":memory:", (db) => createStore(db).applySeed(lazyDemoSeed(6_100, { rowsElsewhereFrom })));
      const written = usersWritten(db);
      db.close();
      return written;
    };
    expect(lazyDemoSeed(6_100, { rowsElsewhereFrom: 6_000 }).orgs[0]!.teams[0]!.users.rowsInOrder).toBeDefined();
    expect(lazyDemoSeed(6_100, { rowsElsewhereFrom: Infinity }).orgs[0]!.teams[0]!.users.rowsInOrder).toBeUndefined();
    const here = seeded(Infinity);
    const elsewhere = seeded(6_000);
    expect(here.users).toHaveLength(6_100 + 8 + 40);
    expect(elsewhere).toEqual(here);
  });

  it("fail the seed with the worker's error", () => {
    const broken = lazyDemoSeed(50);
    // An index past the team's end: the worker cannot make that user.
    broken.orgs[0]!.teams[0]!.users.rowsInOrder = (teamId, order, micros) =>
      rowsMadeElsewhere({ seed: 1, teamId, count: 50, order: order.map((i) => i + 1), micros });
    expect(() => openDatabase(":memory:", (db) => createStore(db).applySeed(broken))).toThrow(
      /^The demo's users could not be made: TypeError/,
    );
  });

  /** A team of `count` demo users in the generator's order, as the store would ask for it. */
  const team = (count: number) => ({
    seed: 7,
    teamId: "7e4b9a10-aaaa-4c5d-9e6f-00000000000a",
    count,
    order: Uint32Array.from({ length: count }, (_, i) => i),
    micros: new Float64Array(count),
  });

  it("end the worker when the seed stops taking them partway", async () => {
    let worker: Worker | undefined;
    const rows = rowsMadeElsewhere(team(5_000), { onWorker: (started) => (worker = started) });
    expect(rows.next().done).toBe(false);
    const exited = once(worker!, "exit");
    rows.return(undefined); // as a failed insert leaves the store's loop
    await exited; // a worker left running would keep making rows, then wait for ever: the test times out
  });

  it("fail the seed at once with the message of a worker module that cannot load", () => {
    // A stall shorter than the default: were the failure not told, the test would end in seconds, not a minute.
    const rows = rowsMadeElsewhere(team(10), { module: new URL("./no-such-module.ts", import.meta.url), stalledAfterMs: 5_000 });
    expect(() => rows.next()).toThrow(/^The demo's users could not be made: .*no-such-module/);
  });

  it("fail the seed when the worker stops sending them", () => {
    // A module that loads and posts nothing: a worker that ends without a word (as one out of memory would).
    const rows = rowsMadeElsewhere(team(10), { module: new URL("./instant.ts", import.meta.url), stalledAfterMs: 300 });
    expect(() => rows.next()).toThrow("The demo's users stopped coming for 0.3 s");
  });
});

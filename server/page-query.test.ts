import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "./service.ts";
import { pageSql } from "./store.ts";
import { fixtureSeed, ids } from "./testing.ts";

const { db, store } = openStore({ db: ":memory:", seed: fixtureSeed() });
afterAll(() => db.close());

const plan = (sql: string, ...params: unknown[]) =>
  db
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((step) => step.detail);

describe("a page of users", () => {
  it("is a seek in the users_page index to the team and offset: no scan, no sort, at any offset", () => {
    for (const offset of [0, 249, 1_000_000]) {
      expect(plan(pageSql.documents, ids.teamA, offset, 100)).toEqual(["SEARCH users USING INDEX users_page (team_id=? AND position>?)"]);
    }
  });

  it("takes the team's size from the users_page index alone", () => {
    expect(plan(pageSql.teamSize, ids.teamA)).toEqual(["SEARCH users USING COVERING INDEX users_page (team_id=?)"]);
  });

  it("is read from the database on each request: nothing of a team is kept in memory", () => {
    const page = () => JSON.parse(store.userPageJson(ids.teamA, 0, 2).toString()) as { users: { client_user_id: string }[] };
    expect(page().users[0]?.client_user_id).not.toBe("changed");
    db.prepare("UPDATE users SET document = json_set(document, '$.client_user_id', 'changed') WHERE team_id = ? AND position = 0").run(
      ids.teamA,
    );
    expect(page().users[0]?.client_user_id).toBe("changed");
  });
});

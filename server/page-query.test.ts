import Database from "better-sqlite3";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "./service.ts";
import { pageSql, type Store } from "./store.ts";
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

  it("is read again after a write the store did not make", () => {
    const page = () => JSON.parse(store.userPageJson(ids.teamA, 0, 2).toString()) as { users: { client_user_id: string }[] };
    expect(page().users[0]?.client_user_id).not.toBe("changed");
    db.prepare("UPDATE users SET document = json_set(document, '$.client_user_id', 'changed') WHERE team_id = ? AND position = 0").run(
      ids.teamA,
    );
    expect(page().users[0]?.client_user_id).toBe("changed");
  });
});

describe("a page asked for again", () => {
  type Page = { users: { user_id: string; client_user_id: string }[]; total: number };
  const read = (s: Store, teamId: string, offset = 0, limit = 500) => JSON.parse(s.userPageJson(teamId, offset, limit).toString()) as Page;

  it("is sent as it was read while nothing is written", () => {
    const { db, store } = openStore({ db: ":memory:", seed: fixtureSeed() });
    expect(store.userPageJson(ids.teamA, 10, 100)).toBe(store.userPageJson(ids.teamA, 10, 100));
    expect(store.userPageJson(ids.teamA, 10, 100)).not.toBe(store.userPageJson(ids.teamA, 10, 99));
    db.close();
  });

  it("is read again after a team is deleted, its own or another", () => {
    const { db, store } = openStore({ db: ":memory:", seed: fixtureSeed() });
    const before = store.userPageJson(ids.teamA, 0, 500);
    expect(read(store, ids.teamA2).total).toBe(3);
    expect(store.deleteTeam(ids.orgA, ids.teamA2)).toBe(true);
    expect(read(store, ids.teamA2)).toMatchObject({ users: [], total: 0 });
    const after = store.userPageJson(ids.teamA, 0, 500);
    expect(after).not.toBe(before);
    expect(after.equals(before)).toBe(true);
    db.close();
  });

  it("is read again after a user is added to its team", () => {
    const { db, store } = openStore({ db: ":memory:", seed: fixtureSeed() });
    expect(read(store, ids.teamB)).toMatchObject({ total: 5 });
    db.prepare(
      `INSERT INTO users (user_id, team_id, client_user_id, created_on, created_on_us, position, document)
       SELECT 'added', team_id, 'added', created_on, created_on_us, 5, json_set(document, '$.user_id', 'added')
       FROM users WHERE team_id = ? AND position = 4`,
    ).run(ids.teamB);
    const page = read(store, ids.teamB);
    expect(page.total).toBe(6);
    expect(page.users.at(-1)?.user_id).toBe("added");
    db.close();
  });

  it("is read again after another connection writes the database", () => {
    const path = join(mkdtempSync(join(tmpdir(), "service-test-")), "db.sqlite");
    const { db, store } = openStore({ db: path, seed: fixtureSeed() });
    expect(read(store, ids.teamA, 0, 1).users[0]?.client_user_id).toBe("client-1");
    const other = new Database(path);
    other
      .prepare("UPDATE users SET document = json_set(document, '$.client_user_id', 'elsewhere') WHERE team_id = ? AND position = 0")
      .run(ids.teamA);
    other.close();
    expect(read(store, ids.teamA, 0, 1).users[0]?.client_user_id).toBe("elsewhere");
    db.close();
  });

  it("is not kept when read inside a transaction that is then rolled back", () => {
    const { db, store } = openStore({ db: ":memory:", seed: fixtureSeed() });
    const rename = db.prepare("UPDATE users SET document = json_set(document, '$.client_user_id', 'rolled back') WHERE team_id = ?");
    expect(() =>
      db.transaction(() => {
        rename.run(ids.teamB);
        expect(read(store, ids.teamB).users[0]?.client_user_id).toBe("rolled back");
        throw new Error("roll back");
      })(),
    ).toThrow("roll back");
    expect(read(store, ids.teamB).users[0]?.client_user_id).toBe("client-1");
    db.close();
  });
});

import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Listening } from "../../server/service.ts";
import { fixtureSeed, keys, startTestService } from "../../server/testing.ts";
import { otherLoadedTeams, usersKeys } from "../api/list-users.ts";
import { createTeamWorkerClient } from "./team-worker-client.ts";
import type { WorkerConnection } from "../team-engine/team-worker-api.ts";
import { exportNotice } from "./export-notice.ts";
import { inProcessWorker } from "./team-worker.test-helper.ts";
import { disposeWhenDropped } from "./use-whole-team.ts";
import { createWholeTeam, type WholeTeam, type WholeTeamStage, type WholeTeamState } from "./whole-team.ts";

const teamSize = 3_000; // six pages of 500
let service: Listening;
beforeAll(async () => {
  service = await startTestService(fixtureSeed({ teamA: teamSize, teamA2: 3, teamB: 5 }));
});
afterAll(() => service.close());

/** A whole team over an in-process worker; every worker started and every page asked is counted. */
function wholeTeam() {
  const started: WorkerConnection[] = [];
  const asked: string[] = [];
  const fetchCounted: typeof fetch = (input, init) => {
    asked.push(String(input));
    return fetch(input, init);
  };
  const team = createWholeTeam({ baseUrl: service.url, teamApiKey: keys.teamA }, (connection) => {
    started.push(connection);
    return createTeamWorkerClient(connection, inProcessWorker({ transport: { fetch: fetchCounted } }).port);
  });
  return { team, started, asked };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the stage of a load", () => {
  it("changes when a load starts and when it ends, not with each progress report", async () => {
    const { team } = wholeTeam();
    const seen: { state: WholeTeamState; stage: WholeTeamStage }[] = [];
    team.subscribe(() => seen.push({ state: team.get(), stage: team.getStage() }));
    await team.load();
    const loading = seen.filter(({ state }) => state.status === "loading");
    expect(loading.some(({ state }) => state.status === "loading" && state.progress !== null)).toBe(true);
    expect(loading.length).toBeGreaterThan(1);
    expect(new Set(loading.map(({ stage }) => stage)).size).toBe(1);
    expect(loading[0]!.stage).toEqual({ status: "loading", resuming: false });
    expect(team.getStage()).toBe(team.get());
    expect(team.getStage()).toMatchObject({ status: "loaded", report: { status: "complete", users: teamSize } });
    team.dispose();
    expect(team.getStage()).toEqual({ status: "idle" });
  });
});

describe("a whole team that was let go", () => {
  it("stays let go: its calls fail and no worker starts again with its key", async () => {
    const { team, started } = wholeTeam();
    await team.load();
    expect(team.get()).toMatchObject({ status: "loaded", report: { status: "complete", users: teamSize } });
    team.dispose();
    expect(team.get()).toEqual({ status: "idle" });

    await expect(team.view({ pageIndex: 0, pageSize: 10 })).rejects.toThrow("This loaded team was let go");
    await expect(team.overview({ query: { search: "", facets: {} }, timeZone: "UTC", now: Date.now() })).rejects.toThrow("let go");
    await expect(team.exportFile({ format: "csv", query: null }, {})).rejects.toThrow("let go");
    await team.load();
    await team.resume();
    expect(team.get()).toEqual({ status: "idle" });
    expect(started).toHaveLength(1);
  });

  it("stops its running load: no page is asked after it", async () => {
    const { team, asked } = wholeTeam();
    const firstPage = new Promise<void>((resolve) =>
      team.subscribe(() => {
        const state = team.get();
        if (state.status === "loading" && state.progress) resolve();
      }),
    );
    const loading = team.load();
    await firstPage;
    team.dispose();
    const askedWhenLetGo = asked.length;
    await loading;
    await nextTask();
    await nextTask();
    expect(askedWhenLetGo).toBeLessThan(6);
    expect(asked).toHaveLength(askedWhenLetGo);
    expect(team.get()).toEqual({ status: "idle" });
  });
});

describe("an export", () => {
  /** A whole team whose NDJSON export's pages after the first wait until `release`; what it saves is kept. */
  function exportingTeam() {
    let exporting = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const pagesAsked: string[] = [];
    const holding: typeof fetch = async (input, init) => {
      if (exporting && pagesAsked.push(String(input)) > 1) await released;
      return fetch(input, init);
    };
    const saved: { fileName: string; blob: Blob }[] = [];
    const team = createWholeTeam(
      { baseUrl: service.url, teamApiKey: keys.teamA },
      (connection) => createTeamWorkerClient(connection, inProcessWorker({ transport: { fetch: holding } }).port),
      (file) => saved.push(file),
    );
    const start = () => {
      exporting = true;
      void team.startExport({ format: "ndjson", query: null, expected: teamSize, teamLabel: "Sleep study" });
    };
    /** Resolves once the export has written its first page. */
    const firstPage = () =>
      new Promise<void>((resolve) => {
        const check = () => (team.getExport().running?.progress?.users ?? 0) > 0 && resolve();
        team.subscribe(check);
        check();
      });
    return { team, start, firstPage, release: () => release(), saved };
  }

  it("goes on through a Refresh, and is saved at its end", async () => {
    const { team, start, firstPage, release, saved } = exportingTeam();
    await team.load();
    start();
    await firstPage();
    const refreshing = team.load();
    expect(team.get().status).toBe("loading");
    expect(team.getExport().running).toMatchObject({ format: "ndjson", progress: { users: 500, total: teamSize } });
    release();
    await refreshing;
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect((await saved[0]!.blob.text()).trim().split("\n")).toHaveLength(teamSize);
    expect(team.getExport()).toEqual({ running: null, ended: null });
    team.dispose();
  });

  it("cancelled, says so and that nothing was downloaded", async () => {
    const { team, start, firstPage, release, saved } = exportingTeam();
    start();
    await firstPage();
    team.cancelExport();
    release();
    await vi.waitFor(() => expect(team.getExport().running).toBeNull());
    expect(team.getExport().ended).toEqual({
      text: "The NDJSON export was cancelled at 500 of 3,000 users: nothing was downloaded.",
      failed: false,
    });
    expect(saved).toEqual([]);
    team.dispose();
  });

  it("ended with its team, is said by the tab's notice, naming the team", async () => {
    const { team, start, firstPage, saved } = exportingTeam();
    start();
    await firstPage();
    team.dispose();
    expect(exportNotice.get()).toBe(
      "The NDJSON export of Sleep study stopped at 500 of 3,000 users when this tab let go of the team (its key was forgotten or changed, or another team was opened): nothing was downloaded.",
    );
    expect(team.getExport()).toEqual({ running: null, ended: null });
    exportNotice.dismiss();
    await nextTask();
    expect(saved).toEqual([]);
  });
});

describe("one loaded team per tab", () => {
  it("opening a team lets go of every other team's loaded team and views, and keeps its pages", () => {
    const queryClient = new QueryClient();
    disposeWhenDropped(queryClient);
    const disposed: string[] = [];
    const fake = (tag: string) => ({ dispose: () => disposed.push(tag) }) as unknown as WholeTeam;
    for (const tag of ["team-a", "team-b"]) {
      queryClient.setQueryData(usersKeys.wholeTeam(tag), fake(tag));
      queryClient.setQueryData([...usersKeys.wholeTeam(tag), "view", 1, {}], { rows: [] });
      queryClient.setQueryData(usersKeys.list({ team: tag, offset: 0, limit: 100 }), { page: {} });
    }

    queryClient.removeQueries(otherLoadedTeams("team-b"));

    expect(disposed).toEqual(["team-a"]);
    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey.slice(1, 4).join(" "));
    expect(left.sort()).toEqual([
      "team-a list [object Object]",
      "team-b list [object Object]",
      "team-b whole-team",
      "team-b whole-team view",
    ]);
  });
});

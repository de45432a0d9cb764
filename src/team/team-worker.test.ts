import { releaseProxy } from "comlink";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Listening } from "../../server/service.ts";
import { fixtureSeed, keys, startTestService } from "../../server/testing.ts";
import { parseCsv } from "../team-engine/csv-reader.test-helper.ts";
import type { ExportProgress } from "../team-engine/export-team.ts";
import type { ChunkWritable } from "../team-engine/export-sink.ts";
import { pickedFile, recordingWritable } from "../team-engine/export-sink.test-helper.ts";
import type { LoadProgress } from "../team-engine/load-team.ts";
import { createTeamWorkerClient, TeamWorkerError } from "./team-worker-client.ts";
import { createTeamWorkerApi, type ProgressCallback, type TeamWorkerApiOptions } from "../team-engine/team-worker-api.ts";
import { TeamIndex } from "../team-engine/team-index.ts";
import { inProcessWorker } from "./team-worker.test-helper.ts";

const teamSize = 2_600; // six pages of 500
let service: Listening;
beforeAll(async () => {
  service = await startTestService(fixtureSeed({ teamA: teamSize, teamA2: 3, teamB: 5 }));
});
afterAll(() => service.close());

function connect(apiKey: string = keys.teamA, options?: TeamWorkerApiOptions) {
  const worker = inProcessWorker(options);
  return { client: createTeamWorkerClient({ baseUrl: service.url, apiKey }, worker.port), sent: worker.sent };
}

describe("the team worker, through its client", () => {
  it("loads the team with progress, then answers views and exports", async () => {
    const { client } = connect();
    const progress: LoadProgress[] = [];
    expect(await client.load((p) => progress.push(p))).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
    // The first page at once, then at most every `loadProgressEveryMs`, and the end.
    const pagesDone = progress.map((p) => p.pagesDone);
    expect(pagesDone[0]).toBe(1);
    expect(pagesDone.at(-1)).toBe(6);
    expect(pagesDone).toEqual([...new Set(pagesDone)].sort((a, b) => a - b));

    const view = await client.view({ search: "client-25", sort: { column: "created_on", direction: "desc" }, pageIndex: 0, pageSize: 5 });
    expect(view.total).toBe(teamSize);
    expect(view.matches).toBe(111); // client-25, client-250 … 259, client-2500 … 2599
    expect(view.rows.map((r) => r.user.client_user_id)).toEqual([
      "client-2599",
      "client-2598",
      "client-2597",
      "client-2596",
      "client-2595",
    ]);
    expect(view.rows[0]?.serviceOffset).toBe(2598);
    expect(view.facets!.birthDate).toEqual([
      { value: "known", label: "known", count: 55, selected: false },
      { value: "unknown", label: "unknown", count: 56, selected: false },
    ]);
    // The page's view leaves the counts out; the filters ask for them apart.
    const uncounted = await client.view({ search: "client-24", pageIndex: 0, pageSize: 5, facetCounts: false });
    expect(uncounted.matches).toBe(111);
    expect(uncounted.facets).toBeNull();
    const birth = (await client.facets({ search: "client-24" })).birthDate;
    expect(birth.reduce((users, option) => users + option.count, 0)).toBe(111);
    expect(await client.facets({ search: "client-25" })).toEqual(view.facets);

    const csv = await client.exportFile({ format: "csv", query: { search: "client-25" } });
    expect(csv.fileName).toMatch(/^team-7e4b9a10-aaaa-4c5d-9e6f-00000000000a-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv$/);
    expect(csv.blob!.type).toBe("text/csv;charset=utf-8");
    expect(parseCsv(await csv.blob!.text())).toHaveLength(112);

    const exportProgress: unknown[] = [];
    const ndjson = await client.exportFile({ format: "ndjson", query: null }, { onProgress: (p) => exportProgress.push(p) });
    expect((await ndjson.blob!.text()).trim().split("\n")).toHaveLength(teamSize);
    expect(exportProgress.at(-1)).toEqual({ users: teamSize, total: teamSize });
    client.dispose();
  });

  it("cancels a load, keeps what it loaded, and resumes it", async () => {
    // The pages after the first two wait until the cancel aborts them: it lands midway however busy the machine.
    let asked = 0;
    let holding = true;
    const holdAfterTwo: typeof fetch = async (input, init) => {
      const signal = init?.signal;
      if (holding && ++asked > 2 && signal && !signal.aborted)
        await new Promise((aborted) => signal.addEventListener("abort", aborted, { once: true }));
      return fetch(input, init);
    };
    const { client } = connect(keys.teamA, { transport: { fetch: holdAfterTwo } });
    const cancelled = await client.load((p) => p.pagesDone === 2 && client.cancel());
    holding = false;
    expect(cancelled).toMatchObject({ status: "cancelled" });
    const { total } = await client.view({ pageIndex: 0, pageSize: 1 });
    expect(total).toBeGreaterThanOrEqual(1_000);
    expect(total).toBeLessThan(teamSize);

    expect(await client.resume()).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
    expect((await client.view({ pageIndex: 0, pageSize: 1 })).total).toBe(teamSize);
    client.dispose();
  });

  it("reports a rejected key by the error's name and message, never with the key", async () => {
    const wrongKey = "svc_team_not-a-real-key-0000000000000";
    const { client, sent } = connect(wrongKey);
    const report = await client.load();
    expect(report).toMatchObject({ status: "failed", users: 0, pagesLeft: 1, error: { name: "AuthenticationError", status: 401 } });
    expect(JSON.stringify(sent)).toContain("AuthenticationError");
    expect(JSON.stringify(sent)).not.toContain(wrongKey);
    client.dispose();
  });

  it("streams the export of a team too large to index", async () => {
    const { client } = connect(keys.teamA, { maxUsers: 1_000 });
    expect(await client.load()).toEqual({ status: "too-large", total: teamSize, maxUsers: 1_000 });
    const csv = await client.exportFile({ format: "csv", query: null });
    expect(parseCsv(await csv.blob!.text())).toHaveLength(teamSize + 1);
    expect(csv.fileName).toContain("7e4b9a10-aaaa");
    client.dispose();
  });

  it("streams the export of a team nobody loaded (one too large to load is offered it at once), not the empty index", async () => {
    const { client } = connect(keys.teamA);
    const csv = await client.exportFile({ format: "csv", query: null });
    expect(parseCsv(await csv.blob!.text())).toHaveLength(teamSize + 1);
    client.dispose();
  });

  it("fails a cancelled export, and every call still running when disposed", async () => {
    const { client } = connect();
    await client.load();
    const controller = new AbortController();
    const cancelled = client.exportFile(
      { format: "ndjson", query: null },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(cancelled).rejects.toBeInstanceOf(TeamWorkerError);

    const loading = client.refresh();
    client.dispose();
    await expect(loading).rejects.toThrow("The team worker was stopped");
    await expect(client.view({ pageIndex: 0, pageSize: 10 })).rejects.toThrow("The team worker was stopped");
  });

  it("stops the worker's requests before ending it: a worker slow to end asks for no page after dispose", async () => {
    // The first page comes, the next four wait; a fifth is left to ask. The worker ends 300 ms after terminate().
    const asked: string[] = [];
    const waiting: (() => void)[] = [];
    const holdAfterOne: typeof fetch = async (input, init) => {
      asked.push(String(input));
      const signal = init?.signal;
      if (asked.length > 1)
        await new Promise<void>((go, stop) => {
          waiting.push(go);
          signal?.addEventListener("abort", () => stop(signal.reason), { once: true });
        });
      return fetch(input, init);
    };
    const worker = inProcessWorker({ transport: { fetch: holdAfterOne }, endsAfterMs: 300 });
    const client = createTeamWorkerClient({ baseUrl: service.url, apiKey: keys.teamA }, worker.port);
    const loading = client.load();
    await vi.waitFor(() => expect(waiting).toHaveLength(4));

    client.dispose();
    const askedWhenDisposed = asked.length;
    await expect(loading).rejects.toThrow("The team worker was stopped");
    // The held pages come a moment later: a worker that was not told to stop asks for the next.
    await new Promise((resolve) => setTimeout(resolve, 20));
    waiting.forEach((go) => go());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toHaveLength(askedWhenDisposed);
  });

  /** A fetch that answers the page at offset 500 once with a 429 asking `retryAfter` seconds; waits pass at once. */
  function slowingDown(retryAfter: string): TeamWorkerApiOptions["transport"] {
    let asked = false;
    return {
      fetch: async (input, init) => {
        if (String(input).includes("offset=500&") && !asked) {
          asked = true;
          return new Response('{"detail":"slow down"}', { status: 429, headers: { "retry-after": retryAfter } });
        }
        return fetch(input, init);
      },
      sleep: () => Promise.resolve(),
    };
  }

  it("waits out a Retry-After of up to two minutes, the wait's end reaching the page in the progress", async () => {
    const { client } = connect(keys.teamA, { transport: slowingDown("90") });
    const progress: LoadProgress[] = [];
    const before = Date.now();
    expect(await client.load((p) => progress.push(p))).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
    const [until] = progress.map((p) => p.waitingUntil).filter((u) => u !== null);
    expect(until).toBeGreaterThanOrEqual(before + 90_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 90_000);
    client.dispose();
  });

  it("stops a load the service asks to wait longer than two minutes, saying how long", async () => {
    const { client } = connect(keys.teamA, { transport: slowingDown("180") });
    expect(await client.load()).toMatchObject({
      status: "failed",
      error: { name: "RateLimitedError", status: 429, message: "The service asked to wait 3 min before trying again" },
    });
    client.dispose();
  });
});

describe("the pages in flight at most, passed with a load and an export", () => {
  /** A transport that counts the requests in flight. */
  function counting() {
    let inFlight = 0;
    let most = 0;
    const transport: TeamWorkerApiOptions["transport"] = {
      fetch: async (input, init) => {
        most = Math.max(most, ++inFlight);
        try {
          const response = await fetch(input, init);
          return new Response(await response.arrayBuffer(), { status: response.status, headers: response.headers });
        } finally {
          inFlight--;
        }
      },
    };
    return { transport, most: () => most };
  }

  it("asks one page at a time when the page says 1, for the load and for an NDJSON export", async () => {
    const load = counting();
    const { client } = connect(keys.teamA, { transport: load.transport });
    expect(await client.load(undefined, { maxInFlight: 1 })).toMatchObject({ status: "complete", users: teamSize });
    expect(load.most()).toBe(1);
    client.dispose();

    const exporting = counting();
    const other = connect(keys.teamA, { transport: exporting.transport });
    await other.client.exportFile({ format: "ndjson", query: null, maxInFlight: 1 });
    expect(exporting.most()).toBe(1);
    other.client.dispose();
  });
});

describe("an export to the file the operator picked", () => {
  /** The worker's API itself: a stand-in file handle cannot cross a MessageChannel, a real one can. */
  async function loadedApi(options?: TeamWorkerApiOptions) {
    const { api } = createTeamWorkerApi(options);
    api.connect({ baseUrl: service.url, apiKey: keys.teamA });
    await api.load(1);
    return api;
  }
  /** A progress callback as the worker sees one from the page. */
  const onProgress = (report: (progress: ExportProgress) => void) =>
    Object.assign(async (progress: ExportProgress) => report(progress), {
      [releaseProxy]: () => {},
    }) as unknown as ProgressCallback<ExportProgress>;

  it("writes each task's users to the file as they are produced, then closes it: the same text as a download", async () => {
    const api = await loadedApi();
    const { calls, writable } = recordingWritable();
    const request = { format: "csv", query: null } as const;
    const written = await api.exportFile(
      2,
      { ...request, target: pickedFile("picked.csv", writable) },
      onProgress((p) => calls.push(`progress ${p.users}`)),
    );

    expect(written).toEqual({ fileName: "picked.csv", blob: null });
    // The header and 2,000 rows, then 600 rows: each written before the next is produced, none held back.
    expect(calls.map((call) => (call.startsWith("write ") ? "write" : call))).toEqual([
      "write",
      "progress 2000",
      "write",
      "progress 2600",
      "close",
    ]);
    const text = calls.filter((call) => call.startsWith("write ")).map((call) => call.slice("write ".length));
    expect(text.join("")).toBe(await (await api.exportFile(3, request)).blob!.text());
  });

  it("hands the IDs' WebAssembly memory of a refreshed team to the team that replaces it: one memory, not a second", async () => {
    vi.resetModules(); // a module graph of its own: the other tests' teams are held in theirs
    const fresh = await import("../team-engine/team-worker-api.ts");
    const { Instance } = WebAssembly;
    let instances = 0;
    WebAssembly.Instance = class extends Instance {
      constructor(...made: ConstructorParameters<typeof Instance>) {
        super(...made);
        instances++;
      }
    };
    try {
      const { api } = fresh.createTeamWorkerApi();
      api.connect({ baseUrl: service.url, apiKey: keys.teamA });
      await api.load(1);
      await api.load(2);
      await api.load(3);
      // The worker's empty team made the one memory; the load and each Refresh took it over.
      expect(instances).toBe(1);
    } finally {
      WebAssembly.Instance = Instance;
    }
  });

  it("gives a refreshed team's arrays back at once, or once the export reading them ends, which stays whole", async () => {
    const api = await loadedApi();
    const request = { format: "csv", query: null } as const;
    const whole = await (await api.exportFile(2, request)).blob!.text();
    const released = vi.spyOn(TeamIndex.prototype, "release");
    try {
      // An export held at its first write (2,000 rows written, 600 to come from the index) while a Refresh runs.
      let [reached, resume] = [() => {}, () => {}];
      const atFirstWrite = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (resume = resolve));
      const { calls, writable } = recordingWritable();
      const held: ChunkWritable = {
        ...writable,
        write: async (chunk) => {
          if (calls.length === 0) {
            reached();
            await gate;
          }
          await writable.write(chunk);
        },
      };
      const exporting = api.exportFile(
        3,
        { ...request, target: pickedFile("picked.csv", held) },
        onProgress(() => {}),
      );
      await atFirstWrite;
      await api.load(4);
      expect(released).not.toHaveBeenCalled(); // the export still reads the team loaded before
      resume();
      await exporting;
      expect(
        calls
          .filter((call) => call.startsWith("write "))
          .map((call) => call.slice("write ".length))
          .join(""),
      ).toBe(whole);
      expect(released).toHaveBeenCalledOnce();
      // Without an export, a Refresh gives the team it replaces back at once; so it does with an
      // export of the whole team's NDJSON running, which is the service's pages, not the team loaded.
      await api.load(5);
      expect(released).toHaveBeenCalledTimes(2);
      let [atNdjsonWrite, resumeNdjson] = [() => {}, () => {}];
      const ndjsonHeld = new Promise<void>((resolve) => (atNdjsonWrite = resolve));
      const ndjsonGate = new Promise<void>((resolve) => (resumeNdjson = resolve));
      const ndjsonFile = recordingWritable();
      const streaming = api.exportFile(
        7,
        {
          format: "ndjson",
          query: null,
          target: pickedFile("picked.ndjson", {
            ...ndjsonFile.writable,
            write: async (chunk) => {
              atNdjsonWrite();
              await ndjsonGate;
              await ndjsonFile.writable.write(chunk);
            },
          }),
        },
        onProgress(() => {}),
      );
      await ndjsonHeld;
      await api.load(8);
      expect(released).toHaveBeenCalledTimes(3);
      resumeNdjson();
      await streaming;
      expect(
        ndjsonFile.calls
          .filter((call) => call.startsWith("write "))
          .join("")
          .split("\n").length,
      ).toBeGreaterThan(teamSize);
      expect(parseCsv(await (await api.exportFile(6, request)).blob!.text())).toHaveLength(teamSize + 1);
    } finally {
      released.mockRestore();
    }
  });

  it("aborts the file, never closing it, when the export is cancelled midway", async () => {
    const api = await loadedApi();
    const { calls, writable } = recordingWritable();
    const exporting = api.exportFile(
      2,
      { format: "ndjson", query: null, target: pickedFile("picked.ndjson", writable) },
      onProgress(() => api.cancel(2)),
    );
    await expect(exporting).rejects.toMatchObject({ name: "AbortError" });
    expect(calls.map((call) => (call.startsWith("write ") ? "write" : call))).toEqual(["write", expect.stringMatching(/^abort /)]);
  });

  it("aborts the file when the service fails midway, and reports the service's error", async () => {
    let failing = false;
    const failingThirdPage: typeof fetch = async (input, init) =>
      failing && String(input).includes("offset=1000&") ? new Response('{"detail":"broken"}', { status: 500 }) : fetch(input, init);
    const api = await loadedApi({ transport: { fetch: failingThirdPage } });
    failing = true;
    const { calls, writable } = recordingWritable();
    const target = pickedFile("picked.ndjson", writable);
    await expect(api.exportFile(2, { format: "ndjson", query: null, target })).rejects.toMatchObject({ name: "ServerError", status: 500 });
    expect(calls.map((call) => (call.startsWith("write ") ? "write" : call))).toEqual(["write", "write", expect.stringMatching(/^abort /)]);
  });
});

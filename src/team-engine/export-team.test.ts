import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { asTeamApiKey } from "../api/key-kinds.ts";
import { createTeamClient } from "../api/list-users.ts";
import type { Listening } from "../../server/service.ts";
import { fixtureSeed, ids, keys, startTestService } from "../../server/testing.ts";
import { guardFormula } from "./csv.ts";
import { pause, type ExportChunk } from "./export-sink.ts";
import { parseCsv } from "./csv-reader.test-helper.ts";
import {
  csvColumns,
  csvFromIndex,
  csvFromService,
  exportChunks,
  exportFileName,
  ndjsonFromService,
  ndjsonOfSelection,
  type ExportProgress,
} from "./export-team.ts";
import { loadTeam } from "./load-team.ts";
import { TeamIndex } from "./team-index.ts";
import { selectedRows } from "./team-index.test-helper.ts";

const teamSize = 1_100; // three pages of 500
const hostileIds = ["=cmd|' /C calc'!A0", "a,b", 'say "hi"', "two\r\nlines", "+1", "-1", "@x", "\tx", "東京 🏥", ""];

let service: Listening;
let index: TeamIndex;
const client = () => createTeamClient({ baseUrl: service.url, apiKey: asTeamApiKey(keys.teamA) });

beforeAll(async () => {
  const seed = fixtureSeed({ teamA: teamSize, teamA2: 3, teamB: 5 });
  hostileIds.forEach((id, i) => (seed.orgs[0]!.teams[0]!.users[i]!.client_user_id = id));
  service = await startTestService(seed);
  index = new TeamIndex();
  await loadTeam(client(), index);
});
afterAll(() => service.close());

async function text(chunks: AsyncIterable<ExportChunk>): Promise<string> {
  let all = "";
  for await (const chunk of chunks) all += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
  return all;
}

/** Every user as the service sends it, read without the client. */
async function rawUsers(): Promise<unknown[]> {
  const response = await fetch(`${service.url}/v2/user/?offset=0&limit=500`, { headers: { "x-service-api-key": keys.teamA } });
  const first = ((await response.json()) as { users: unknown[] }).users;
  const rest = await Promise.all(
    [500, 1000].map(async (offset) => {
      const page = await fetch(`${service.url}/v2/user/?offset=${offset}&limit=500`, { headers: { "x-service-api-key": keys.teamA } });
      return ((await page.json()) as { users: unknown[] }).users;
    }),
  );
  return [...first, ...rest.flat()];
}

describe("CSV export", () => {
  it("writes a header and one record a user, hostile client user IDs guarded and quoted", async () => {
    const progress: ExportProgress[] = [];
    const records = parseCsv(await text(csvFromIndex(index, {}, { onProgress: (p) => progress.push(p) })));

    expect(records[0]).toEqual(csvColumns);
    expect(records).toHaveLength(teamSize + 1);
    expect(records.slice(1, hostileIds.length + 1).map((r) => r[1])).toEqual(hostileIds.map(guardFormula));
    expect(progress.at(-1)).toEqual({ users: teamSize, total: teamSize });

    const user = index.user(index.rowOf(records[2]![0]!)!);
    expect(records[2]).toEqual([user.user_id, "a,b", ids.teamA, user.created_on, "oura", "1990-05-17", "oura", "Europe/Amsterdam", "oura"]);
  });

  it("writes a selection in its order", async () => {
    const query = { search: "CLIENT-10", sort: { column: "client_user_id", direction: "desc" } } as const;
    const records = parseCsv(await text(csvFromIndex(index, query)));
    // The first users' client user IDs were replaced by the hostile ones.
    const clientIds = Array.from({ length: teamSize - hostileIds.length }, (_, i) => `client-${i + hostileIds.length + 1}`);
    const expected = clientIds
      .filter((id) => id.includes("client-10"))
      .sort()
      .reverse();
    expect(records.slice(1).map((r) => r[1])).toEqual(expected);
  });

  it("streams the same file from the service as from the index", async () => {
    expect(await text(csvFromService(client()))).toBe(await text(csvFromIndex(index)));
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(text(csvFromIndex(index, {}, { signal: controller.signal }))).rejects.toThrow(/abort/i);
  });
});

describe("NDJSON export", () => {
  it("writes each user exactly as the service sent it, one a line", async () => {
    const progress: ExportProgress[] = [];
    const lines = (await text(ndjsonFromService(client(), { onProgress: (p) => progress.push(p) }))).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toEqual((await rawUsers()).map((user) => JSON.stringify(user)));
    expect(lines[0]).toContain('"provider":');
    expect(progress.at(-1)).toEqual({ users: teamSize, total: teamSize });
  });

  it("writes each user in the service's own writing (numbers, escapes, key order), one a line even when the page spreads a user over many lines", async () => {
    const users = (await rawUsers()).slice(0, 3).map((user, i) => ({ ...(user as object), client_user_id: `café-${i}`, score: 0 }));
    // The service's page as another service might write it: indented, an escape, a number as 1.0.
    const userTexts = users.map((user) =>
      JSON.stringify(user, null, 2).replace("café", "caf\\u00e9").replace('"score": 0', '"score": 1.0'),
    );
    const page = `{\r\n"users": [\n${userTexts.join(" ,\n")}\n], "total": 3, "offset": 0, "limit": 500}`;
    const answering = createTeamClient({
      baseUrl: "http://service.test",
      apiKey: asTeamApiKey(keys.teamA),
      fetch: async () => new Response(page, { headers: { "content-type": "application/json" } }),
    });
    const lines = (await text(ndjsonFromService(answering))).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toEqual(userTexts.map((written) => written.replace(/\n/g, "")));
    expect(lines[0]).toContain('"client_user_id": "caf\\u00e9-0"');
    expect(lines[0]).toContain('"score": 1.0');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(users.map((user) => ({ ...user, score: 1 })));
  });

  it("writes only the users of a selection, in the service's order", async () => {
    const query = { search: "client-10", sort: { column: "client_user_id", direction: "desc" } } as const;
    const lines = (await text(ndjsonOfSelection(client(), index, query))).trim().split("\n");
    const selected = new Set(Array.from(selectedRows(index, query), (row) => index.user(row).user_id));
    const all = (await rawUsers()) as { user_id: string }[];
    expect(lines).toEqual(all.filter((u) => selected.has(u.user_id)).map((u) => JSON.stringify(u)));
  });

  it("writes every user of a selection of the whole loaded team, in the service's order, with the count it expects", async () => {
    // The first page alone loaded: the service counts more users than the selection.
    const part = new TeamIndex();
    part.addPage(await client().listTeamPage({ offset: 0, limit: 500 }), 0);
    expect(part.select({})).toBeNull(); // every row, no list of them
    let expected = 0;
    const whole = ndjsonOfSelection(client(), part, {}, { onProgress: ({ total }) => (expected = total) });
    const lines = (await text(whole)).trim().split("\n");
    expect(lines).toEqual(((await rawUsers()) as unknown[]).slice(0, 500).map((u) => JSON.stringify(u)));
    expect(expected).toBe(500);
  });

  it("gives back the lookups a selection made once it is written, or stopped", async () => {
    const query = { search: "client-1" };
    const dropped = vi.spyOn(index, "dropLookups");
    await text(ndjsonOfSelection(client(), index, query));
    expect(dropped).toHaveBeenCalledTimes(1);
    const stopped = ndjsonOfSelection(client(), index, query);
    await stopped.next();
    expect(dropped).toHaveBeenCalledTimes(1); // still writing
    await stopped.return(undefined);
    expect(dropped).toHaveBeenCalledTimes(2);
    dropped.mockRestore();
    expect(index.rowOf(index.user(7).user_id)).toBe(7); // made again when asked
  });

  it("stops between pages when cancelled", async () => {
    const controller = new AbortController();
    const chunks = ndjsonFromService(client(), { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(text(chunks)).rejects.toThrow(/abort/i);
  });

  it("streams from the service when there is no index", async () => {
    const chunks = exportChunks({ client: client(), index: null }, "ndjson", { search: "ignored" });
    expect((await text(chunks)).trim().split("\n")).toHaveLength(teamSize);
  });
});

describe("chunks", () => {
  it("of CSV are whole records of at most about 48K characters: under the 128 kB that V8 allocates straight into its old generation", async () => {
    const formats = { csvFromIndex: csvFromIndex(index), csvFromService: csvFromService(client()) };
    for (const [format, chunks] of Object.entries(formats)) {
      const sizes: number[] = [];
      for await (const chunk of chunks) {
        if (chunk === pause) continue;
        expect(chunk.endsWith("\n"), format).toBe(true);
        sizes.push(chunk.length);
      }
      expect(Math.max(...sizes), format).toBeLessThan(50 * 1024);
      const whole = sizes.reduce((a, b) => a + b, 0);
      expect(sizes.length, format).toBeGreaterThanOrEqual(Math.floor(whole / (48 * 1024)));
    }
  });

  it("of NDJSON are a page's whole lines as bytes, each in a buffer of its own that the sink can give back", async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of ndjsonFromService(client())) if (chunk !== pause) chunks.push(chunk as Uint8Array);
    expect(chunks.map((chunk) => new TextDecoder().decode(chunk).split("\n").length - 1)).toEqual([500, 500, 100]);
    for (const chunk of chunks) {
      expect(chunk.at(-1)).toBe(10); // a line feed
      expect([chunk.byteOffset, chunk.byteLength]).toEqual([0, chunk.buffer.byteLength]);
    }
    expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(3);
  });
});

describe("exportFileName", () => {
  it("names the team and the UTC time, without colons", () => {
    const at = new Date("2025-03-04T05:06:07.890Z");
    expect(exportFileName(ids.teamA, "csv", at)).toBe(`team-${ids.teamA}-2025-03-04T05-06-07Z.csv`);
    expect(exportFileName("a/b:c", "ndjson", at)).toBe("team-a_b_c-2025-03-04T05-06-07Z.ndjson");
    expect(exportFileName(undefined, "csv", at)).toBe("team-2025-03-04T05-06-07Z.csv");
  });
});

/**
 * One run of `bench/hand-written-bench.ts`, in a process of its own: the whole team loaded from
 * the service at BENCH_URL with one hand-written module swapped for the library's way
 * (BENCH_VARIANT), then the keystrokes, sorts and facet counts that module serves. Prints one line
 * of JSON. The swaps live here, not in the app: a client of the bench's own, a method replaced on
 * a class's prototype, or `WebAssembly.Module` refusing one module's bytes.
 */
import type { TeamPage } from "../src/api/team-page.ts";

const variants = [
  "modules", // everything as shipped
  "no-scan", // scanUserPage → JSON.parse, then the hand-written reader (checkUserPage)
  "zod", // as no-scan, with zod/mini's tolerant.userPage in the reader's place
  "fetch-byob", // a bare fetch, the body read by readText (BYOB), then scanUserPage
  "fetch-array-buffer", // the same, the body read by response.arrayBuffer()
  "library-sort", // KeySorter's radix sort → Float64Array.prototype.sort of key and place
  "js-ids", // id-text.wat refused: the IDs' text scanned in JavaScript
] as const;
export type Variant = (typeof variants)[number];
const variant = process.env.BENCH_VARIANT as Variant;
if (!variants.includes(variant)) throw new Error(`BENCH_VARIANT must be one of ${variants.join(", ")}`);
const baseUrl = process.env.BENCH_URL!;
const apiKey = process.env.BENCH_KEY!;
const users = Number(process.env.BENCH_USERS);

// Before any engine module loads: a module refused compiles nowhere in this process. Which
// modules compiled is told too.
const { idTextWasm } = await import("../src/team-engine/id-text-wasm.ts");
const moduleNames = new Map([[atob(idTextWasm).length, "id-text"]]);
const refused = variant === "js-ids" ? "id-text" : undefined;
const compiled = new Set<string>();
const { Module } = WebAssembly;
(WebAssembly as { Module: unknown }).Module = function (bytes: BufferSource) {
  const name = moduleNames.get(bytes.byteLength) ?? "other";
  if (name === refused) throw new WebAssembly.CompileError("refused by the bench");
  compiled.add(name);
  return new Module(bytes);
};

const { asTeamApiKey } = await import("../src/api/key-kinds.ts");
const { createTeamClient } = await import("../src/api/list-users.ts");
const { joinUrl, send } = await import("../src/api/http.ts");
const { checkUserPage } = await import("../src/api/contract-reader.ts");
const { tolerant } = await import("../src/api/contract.ts");
const { teamPageOf } = await import("../src/api/team-page.ts");
const { scanUserPage } = await import("../src/api/scan-user-page.ts");
const { readText } = await import("../src/api/read-text.ts");
const { loadTeam } = await import("../src/team-engine/load-team.ts");
const { TeamIndex } = await import("../src/team-engine/team-index.ts");
const { sortColumns } = await import("../src/team-engine/team-sort.ts");
const { KeySorter } = await import("../src/team-engine/radix-sort.ts");
type SentUserPage = import("../src/api/contract.ts").SentUserPage;
type CallOptions = import("../src/api/http.ts").CallOptions;
type Range = { offset: number; limit: number };

const pageUrl = ({ offset, limit }: Range) =>
  joinUrl(baseUrl, `/v2/user/?${new URLSearchParams({ offset: String(offset), limit: String(limit) }).toString()}`);
const headers = { Accept: "application/json", "x-service-api-key": apiKey };

const checked = (body: unknown): SentUserPage => {
  const read = checkUserPage(body);
  if ("mismatch" in read) throw new Error(`not the contract at ${read.mismatch.join(".")}`);
  return read.page;
};
const zodChecked = (body: unknown): SentUserPage => tolerant.userPage.parse(body) as SentUserPage;

/** The app's transport (timeouts, retries), the page parsed by JSON.parse and checked by `check`. */
const parsedClient = (check: (body: unknown) => SentUserPage) => ({
  async listTeamPage(range: Range, { signal, onWait, onPushback }: CallOptions = {}): Promise<TeamPage> {
    const { body } = await send({ url: pageUrl(range), method: "GET", headers, signal, onWait, onPushback, retryable: true });
    return teamPageOf(check(body));
  },
});

/** A bare fetch, its body's bytes read by `bytesOf`, then scanned (the usual page) or parsed. */
const fetchClient = (bytesOf: (response: Response, signal?: AbortSignal) => Promise<Uint8Array | TeamPage>) => ({
  async listTeamPage(range: Range, { signal }: CallOptions = {}): Promise<TeamPage> {
    const response = await fetch(pageUrl(range), { headers, signal });
    const read = await bytesOf(response, signal);
    if (!(read instanceof Uint8Array)) return read;
    return scanUserPage(read) ?? teamPageOf(checked(JSON.parse(new TextDecoder().decode(read))));
  },
});

function* librarySortSteps(this: InstanceType<typeof KeySorter>, from: number, to: number): Generator<void, void> {
  // Key and place in one double (32 + 21 bits): a numeric sort of them is stable by key.
  const { items, keys } = this;
  const count = to - from;
  const packed = new Float64Array(count);
  for (let i = 0; i < count; i++) packed[i] = keys[from + i]! * 0x20_0000 + i;
  packed.sort();
  const before = items.slice(from, to);
  for (let i = 0; i < count; i++) {
    const place = packed[i]! % 0x20_0000;
    items[from + i] = before[place]!;
    keys[from + i] = (packed[i]! - place) / 0x20_0000;
  }
  yield;
}
if (variant === "library-sort") KeySorter.prototype.sortSteps = librarySortSteps;

const client =
  variant === "no-scan"
    ? parsedClient(checked)
    : variant === "zod"
      ? parsedClient(zodChecked)
      : variant === "fetch-byob"
        ? fetchClient(async (response, signal) => {
            const read = await readText(response, scanUserPage, undefined, signal);
            return typeof read === "string" ? new TextEncoder().encode(read) : read;
          })
        : variant === "fetch-array-buffer"
          ? fetchClient(async (response) => new Uint8Array(await response.arrayBuffer()))
          : createTeamClient({ baseUrl, apiKey: asTeamApiKey(apiKey) });

const gc = (globalThis as { gc?: () => void }).gc!;
const ms = (from: number) => performance.now() - from;
let measured: InstanceType<typeof TeamIndex> | undefined;
const heap = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers + (measured?.outsideHeapBytes ?? 0);
};
let peak = 0;
const sample = () => void (peak = Math.max(peak, heap()));
async function settledHeap() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return heap();
}

async function loadOnce() {
  const index = (measured = new TeamIndex());
  const cpu = process.cpuUsage();
  const start = performance.now();
  const outcome = await loadTeam(client, index, { onProgress: sample, maxUsers: users });
  if (outcome.status !== "complete") throw new Error(`the load ended ${outcome.status}`);
  index.trim();
  index.warmUp();
  index.view({ search: "a", pageIndex: 0, pageSize: 50 });
  const { user, system } = process.cpuUsage(cpu);
  return { index, searchableMs: ms(start), searchableCpuMs: (user + system) / 1000 };
}

// A warm-up load (the code compiled, the service's pages cached), then the measured one from a collected heap.
await loadOnce();
measured = undefined;
const before = await settledHeap();
peak = before;
const sampler = setInterval(sample, 10);
const { index, searchableMs, searchableCpuMs } = await loadOnce();
clearInterval(sampler);
sample();
const retained = (await settledHeap()) - before;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/**
 * The process's CPU time an action takes, not the clock's: on two cores shared by a dozen busy
 * processes the clock counts the waits for a core, which swung a round's ratio 0.2–2.4×. For this
 * one thread's synchronous work it is what the clock shows on a machine at rest.
 */
const timed = (work: () => unknown) => {
  const start = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

// Keystrokes: five IDs typed a character at a time, ten each (as bench:team), the filters' counts
// with each (a search under no filter asks them apart, while a filter is open).
const keystrokes: number[] = [];
const counted: number[] = [];
for (let n = 0; n < 5; n++) {
  const user = index.user(Math.floor(((n + 0.5) / 5) * index.size));
  const typed = n % 2 === 0 ? user.client_user_id : user.user_id.slice(9);
  for (let length = 1; length <= 10; length++) {
    const search = typed.slice(0, length);
    keystrokes.push(timed(() => index.view({ search, pageIndex: 0, pageSize: 50, facetCounts: false })));
    counted.push(timed(() => index.facets({ search })));
  }
}
// Facets changed under a broad search: a source, a time zone, birth date known.
const facetChanges = ["1", "a", "e"].flatMap((search) =>
  [{ sources: ["oura"] }, { timeZones: ["Europe/Amsterdam"] }, { birthDate: ["known" as const] }].map((facets) =>
    timed(() => index.view({ search, facets, pageIndex: 0, pageSize: 50 })),
  ),
);
// Each column sorted, then a page past the first 2,048 rows: its whole order made (a sort's
// first rows are picked without it). Then a keystroke under each sort.
const wholeOrders: number[] = [];
const sortedKeystrokes: number[] = [];
for (const column of sortColumns) {
  const sort = { column, direction: "asc" as const };
  index.view({ sort, pageIndex: 0, pageSize: 50 });
  wholeOrders.push(timed(() => index.view({ sort, pageIndex: 100, pageSize: 50 })));
  sortedKeystrokes.push(timed(() => index.view({ search: "b", sort: { column, direction: "desc" }, pageIndex: 0, pageSize: 50 })));
}

console.log(
  JSON.stringify({
    variant,
    compiled: [...compiled].join(" "),
    searchableMs,
    searchableCpuMs,
    peakBytes: peak - before,
    retainedBytes: retained,
    keystrokeMedianMs: median(keystrokes),
    keystrokeWorstMs: Math.max(...keystrokes),
    keystrokesTotalMs: keystrokes.reduce((a, b) => a + b, 0),
    facetCountsMedianMs: median(counted),
    facetCountsTotalMs: counted.reduce((a, b) => a + b, 0),
    facetChangeMedianMs: median(facetChanges),
    facetChangesTotalMs: facetChanges.reduce((a, b) => a + b, 0),
    wholeOrdersTotalMs: wholeOrders.reduce((a, b) => a + b, 0),
    wholeOrderWorstMs: Math.max(...wholeOrders),
    sortedKeystrokesTotalMs: sortedKeystrokes.reduce((a, b) => a + b, 0),
  }),
);

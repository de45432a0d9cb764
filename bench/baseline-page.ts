/**
 * The bench's yardstick: the users page written in plain DOM. Same data (the same `/v2/user/`
 * pages), the same five visible columns (client user ID with user ID, created, source logos as
 * `<img>`, birth date, time zone), the same navigation (a "Next page" button that shows the
 * prefetched next page, a page-size select), and, to keep it honest, the same prefetch of the
 * next page once a page has come. No framework, no schema parsing, no virtualization.
 *
 * It is served by a small server of the bench's own, which proxies `/v2/user/` and `/logos/` to
 * the dashboard's server: the page stays same-origin, as the dashboard does, with no CORS.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { UserPayload } from "../src/api/contract.ts";
import { forward } from "../e2e/service-proxy.ts";
import { browserCall } from "./browser-call.ts";

interface BaselineConfig {
  apiKey: string;
  pageSizes: number[];
}

/** The dashboard's page sizes (src/features/users/page-params.ts). */
const pageSizes = [25, 50, 100, 250, 500];

/** The part of a list page the baseline reads, as the service sends it (not parsed). */
interface PagePayload {
  users: UserPayload[];
  total: number;
}

/** In the page: the whole baseline app. */
function baselineApp({ apiKey, pageSizes }: BaselineConfig) {
  const shownSources = 4;
  // The dashboard's formats (src/components/format.ts).
  const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

  const tbody = document.querySelector("tbody")!;
  const range = document.getElementById("range")!;
  const nextButton = document.querySelector<HTMLButtonElement>("#next")!;
  const sizeSelect = document.querySelector<HTMLSelectElement>("#page-size")!;

  const search = new URLSearchParams(location.search);
  let pageSize = pageSizes.find((size) => size >= Number(search.get("pageSize") ?? 100)) ?? 100;
  let page = Math.max(1, Math.floor(Number(search.get("page") ?? 1)) || 1);
  let total = 0;
  let shownRequest = 0;

  // Pages fetched or being fetched, like the dashboard's query cache: the prefetch fills it.
  const pages = new Map<string, Promise<PagePayload>>();
  function load(offset: number, limit: number): Promise<PagePayload> {
    const key = `${offset}:${limit}`;
    let pending = pages.get(key);
    if (!pending) {
      pending = fetch(`/v2/user/?offset=${offset}&limit=${limit}`, {
        headers: { Accept: "application/json", "x-service-api-key": apiKey },
      }).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<PagePayload>;
      });
      pages.set(key, pending);
    }
    return pending;
  }

  function element(tag: string, text?: string, className?: string): HTMLElement {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }
  function formatDateTime(iso: string): string {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
  }
  function formatCalendarDate(value: string): string {
    const date = new Date(`${value}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) ? dateOnly.format(date) : value;
  }
  function twoLines(main: string, sourceSlug: string): HTMLElement {
    const box = element("div", undefined, "two-line");
    box.append(element("span", main), element("span", `from ${sourceSlug}`, "muted"));
    return box;
  }
  function missing(): HTMLElement {
    const mark = element("span", "—", "muted");
    mark.title = "Not set";
    return mark;
  }

  function identityCell(user: UserPayload): HTMLElement {
    const box = element("div", undefined, "identity");
    const userId = element("code", user.user_id);
    userId.title = "User ID";
    box.append(element("span", user.client_user_id, "identity-main"), userId);
    return box;
  }
  function createdCell(user: UserPayload): HTMLElement {
    const time = element("time", formatDateTime(user.created_on));
    time.setAttribute("datetime", user.created_on);
    time.title = user.created_on;
    return time;
  }
  function sourcesCell(user: UserPayload): HTMLElement {
    const sources = user.connected_sources;
    if (sources.length === 0) return element("span", "None", "muted");
    const box = element("span", undefined, "logos");
    for (const connected of sources.slice(0, shownSources)) {
      const source = (connected.source ?? connected.provider)!;
      const logo = document.createElement("img");
      // Lazy before src, as React sets them: an image with a src starts loading at once.
      logo.loading = "lazy";
      logo.referrerPolicy = "no-referrer";
      logo.alt = source.name;
      logo.title = `${source.name} — connected ${formatDateTime(connected.created_on)}`;
      logo.width = 24;
      logo.height = 24;
      logo.src = source.logo;
      box.append(logo);
    }
    const hidden = sources.length - shownSources;
    if (hidden > 0) box.append(element("button", `+${hidden}`));
    return box;
  }
  function userRow(user: UserPayload): HTMLTableRowElement {
    const row = document.createElement("tr");
    row.dataset.userId = user.user_id;
    const birth = user.fallback_birth_date;
    const zone = user.fallback_time_zone;
    const cells = [
      identityCell(user),
      createdCell(user),
      sourcesCell(user),
      birth ? twoLines(formatCalendarDate(birth.value), birth.source_slug) : missing(),
      zone ? twoLines(zone.id, zone.source_slug) : missing(),
    ];
    for (const content of cells) {
      const cell = document.createElement("td");
      cell.append(content);
      row.append(cell);
    }
    return row;
  }

  async function show() {
    const request = ++shownRequest;
    const offset = (page - 1) * pageSize;
    const limit = pageSize;
    try {
      const data = await load(offset, limit);
      if (request !== shownRequest) return; // a later page was asked for meanwhile
      total = data.total;
      const rows = document.createDocumentFragment();
      for (const user of data.users) rows.append(userRow(user));
      tbody.replaceChildren(rows);
      range.textContent = `Showing ${offset + 1}–${offset + data.users.length} of ${total}`;
      nextButton.disabled = offset + limit >= total;
      if (offset + limit < total) void load(offset + limit, limit).catch(() => pages.delete(`${offset + limit}:${limit}`));
    } catch (error) {
      pages.delete(`${offset}:${limit}`);
      range.textContent = `Could not load the page: ${String(error)}`;
    }
  }

  // The view is in the URL, as the dashboard keeps it.
  function remember() {
    history.pushState(null, "", `?page=${page}&pageSize=${pageSize}`);
  }
  nextButton.addEventListener("click", () => {
    page += 1;
    remember();
    void show();
  });
  sizeSelect.addEventListener("change", () => {
    // As the dashboard does: a new size keeps the first row of the view on screen.
    const size = Number(sizeSelect.value);
    page = Math.floor(((page - 1) * pageSize) / size) + 1;
    pageSize = size;
    remember();
    void show();
  });
  sizeSelect.value = String(pageSize);
  void show();
}

const columns = [
  { label: "Client user ID", width: 300 },
  { label: "Created", width: 170 },
  { label: "Connected sources", width: 210 },
  { label: "Birth date", width: 150 },
  { label: "Time zone", width: 170 },
];

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Users — plain DOM baseline</title>
    <link rel="stylesheet" href="/baseline.css" />
    <script src="/baseline.js" defer></script>
  </head>
  <body>
    <h1>Users</h1>
    <div class="scroll">
      <table aria-label="Users">
        <colgroup>${columns.map((c) => `<col style="width: ${c.width}px" />`).join("")}</colgroup>
        <thead><tr>${columns.map((c) => `<th scope="col">${c.label}</th>`).join("")}</tr></thead>
        <tbody></tbody>
      </table>
    </div>
    <nav aria-label="Pagination">
      <p id="range" aria-live="polite"></p>
      <label>Rows per page <select id="page-size">${pageSizes.map((s) => `<option>${s}</option>`).join("")}</select></label>
      <button type="button" id="next" aria-label="Next page">›</button>
    </nav>
  </body>
</html>
`;

// The rows keep the dashboard's height and the scroller its height, so that scrolling to the end
// covers the same distance on both pages.
const stylesheet = `body { font: 14px system-ui, sans-serif; margin: 16px 24px; }
.scroll { overflow: auto; max-height: max(360px, calc(100vh - 330px)); }
table { width: 100%; min-width: 760px; table-layout: fixed; border-collapse: separate; border-spacing: 0; }
th { position: sticky; top: 0; background: #f4f4f5; text-align: left; padding: 8px 12px; }
tbody tr { height: 57px; }
td { padding: 8px 12px; border-bottom: 1px solid #e4e4e7; overflow: hidden; text-overflow: ellipsis; }
.identity, .two-line { display: grid; }
.identity-main { font-weight: 600; }
.identity span, .identity code, .two-line span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.identity code { font-size: 12px; color: #71717a; }
.muted { color: #71717a; }
.logos { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.logos img { width: 24px; height: 24px; object-fit: contain; }
nav { display: flex; gap: 16px; align-items: center; padding: 8px 0; }
`;

export interface BaselineServer {
  url: string;
  /** What the baseline page loads besides its HTML, for the bundle figures. */
  assets: { script: string; stylesheet: string };
  close: () => Promise<void>;
}

/** Serves the baseline page on 127.0.0.1 (a free port), its API and logos from `serviceUrl`. */
export async function startBaselineServer({ serviceUrl, apiKey }: { serviceUrl: string; apiKey: string }): Promise<BaselineServer> {
  const script = browserCall(baselineApp, { apiKey, pageSizes });
  const target = new URL(serviceUrl);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://baseline").pathname;
    if (/^\/(v2|logos)\//.test(path)) return forward(req, res, target);
    const [type, body] =
      path === "/baseline.js"
        ? ["text/javascript", script]
        : path === "/baseline.css"
          ? ["text/css", stylesheet]
          : ["text/html; charset=utf-8", html];
    res.writeHead(200, { "content-type": type, "cache-control": "no-cache" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    assets: { script, stylesheet },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

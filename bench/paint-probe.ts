/**
 * What the bench measures inside the page, the same way on the dashboard and on the baseline:
 *
 * - when rows are painted: a MutationObserver sees the rows in `table[aria-label=Users] tbody`,
 *   then the next requestAnimationFrame callback runs, then a task after it (the frame with the
 *   rows has been produced by then). Times are from navigation start, or from the user input
 *   (click, select) that asked for the rows;
 * - the long animation frames (over 50 ms) while a page is scrolled to its end.
 *
 * Rows are recognised by their user: `data-user-id`, or else the user ID in the row's text.
 */
import type { Page } from "@playwright/test";
import { browserCall, evaluateInPage } from "./browser-call.ts";

/** The rows a page should show: its first and last users, and how many rows it has. */
export interface RowTargets {
  firstUserId: string;
  lastUserId: string;
  rows: number;
}

export interface PaintTimes {
  /** ms to the first row painted. */
  firstMs: number;
  /** ms to the last row painted (or, in a virtualized table, the page's row count announced). */
  lastMs: number;
  /** The scripts and stylesheets the page had loaded by then (their paths). */
  loaded: string[];
}

export interface ScrollFigures {
  longFrames: number;
  worstFrameMs: number;
  reachedEnd: boolean;
}

interface Probe {
  navigation?: Promise<PaintTimes>;
  input?: Promise<PaintTimes>;
  watchNextInput: (targets: RowTargets) => void;
}

declare global {
  interface Window {
    paintProbe?: Probe;
  }
}

/** In the page, before any of its scripts: installs `window.paintProbe`, watching the navigation's rows. */
function installProbe(navigationTargets: RowTargets | null) {
  function rowShown(body: HTMLTableSectionElement, userId: string): boolean {
    if (body.querySelector(`tr[data-user-id="${CSS.escape(userId)}"]`)) return true;
    // Without data-user-id, the row is at either end (a virtualizer may add a spacer row or two).
    const rows = body.rows;
    const ends = [0, 1, 2, rows.length - 3, rows.length - 2, rows.length - 1];
    return ends.some((index) => rows[index]?.textContent?.includes(userId) ?? false);
  }

  /** Resolves when the target rows are painted; times are measured from `startedAt()`. */
  function watchRows(targets: RowTargets, startedAt: () => number): Promise<PaintTimes> {
    return new Promise((resolve) => {
      let firstPaintedAt = NaN;
      let firstSeen = false;
      const afterPaint = (then: (at: number) => void) => requestAnimationFrame(() => setTimeout(() => then(performance.now())));
      const check = () => {
        const table = document.querySelector<HTMLTableElement>('table[aria-label="Users"]');
        const body = table?.tBodies[0];
        if (!table || !body) return;
        if (!firstSeen && rowShown(body, targets.firstUserId)) {
          firstSeen = true;
          afterPaint((at) => (firstPaintedAt = at));
        }
        // A virtualized table may never hold the last row: its announced row count stands for it.
        const lastSeen = rowShown(body, targets.lastUserId) || (firstSeen && Number(table.getAttribute("aria-rowcount")) >= targets.rows);
        if (firstSeen && lastSeen) {
          observer.disconnect();
          afterPaint((at) => {
            const loaded = performance
              .getEntriesByType("resource")
              .map((entry) => new URL(entry.name).pathname)
              .filter((path) => /\.(js|css)$/.test(path));
            resolve({ firstMs: firstPaintedAt - startedAt(), lastMs: at - startedAt(), loaded });
          });
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-rowcount"] });
      check();
    });
  }

  let inputAt = NaN;
  // The input's own time stamp: Playwright's checks before it acts are not counted.
  for (const type of ["click", "input", "change"]) {
    window.addEventListener(type, (event) => (inputAt = Number.isNaN(inputAt) ? event.timeStamp : inputAt), { capture: true });
  }

  const probe: Probe = {
    navigation: navigationTargets ? watchRows(navigationTargets, () => 0) : undefined,
    watchNextInput(targets) {
      inputAt = NaN;
      probe.input = watchRows(targets, () => inputAt);
    },
  };
  window.paintProbe = probe;
}

/** In the page: scrolls the users table to its end, a wheel notch a frame, counting the long frames. */
async function scrollTableToEnd(timeoutMs: number): Promise<ScrollFigures> {
  if (!PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) throw new Error("no Long Animation Frames API");
  const table = document.querySelector('table[aria-label="Users"]');
  let scroller: Element = document.scrollingElement ?? document.documentElement;
  for (let node = table?.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && node.scrollHeight > node.clientHeight) {
      scroller = node;
      break;
    }
  }
  const frames: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => frames.push(entry.duration)));
  observer.observe({ type: "long-animation-frame", buffered: false });
  const atEnd = () => scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
  const deadline = performance.now() + timeoutMs;
  while (!atEnd() && performance.now() < deadline) {
    scroller.scrollTop += 120; // one wheel notch
    await new Promise(requestAnimationFrame);
  }
  await new Promise((resolve) => setTimeout(resolve, 100)); // the last frames' entries
  observer.disconnect();
  const long = frames.filter((duration) => duration > 50);
  return { longFrames: long.length, worstFrameMs: Math.round(Math.max(0, ...frames)), reachedEnd: atEnd() };
}

/** Rejects after `ms` with a message naming what was awaited. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const waitMs = 30_000;

/** Installs the probe in every document of the page; the next navigation's rows are watched. */
export async function addPaintProbe(page: Page, navigationTargets: RowTargets) {
  await page.addInitScript({ content: browserCall(installProbe, navigationTargets) });
}

/** The paint times of the navigation's rows (see addPaintProbe). */
export function navigationPaint(page: Page): Promise<PaintTimes> {
  return withTimeout(
    page.evaluate(() => window.paintProbe!.navigation!),
    waitMs,
    "the rows of the first page",
  );
}

/** Runs `act` (a click, a select) and measures from that input to `targets` painted. */
export async function inputPaint(page: Page, targets: RowTargets, act: () => Promise<unknown>): Promise<PaintTimes> {
  await evaluateInPage(page, (next) => window.paintProbe!.watchNextInput(next), targets);
  await act();
  return withTimeout(
    page.evaluate(() => window.paintProbe!.input!),
    waitMs,
    `the rows from ${targets.firstUserId}`,
  );
}

/** Scrolls the page's users table to its end and counts the long animation frames. */
export function scrollFigures(page: Page): Promise<ScrollFigures> {
  return withTimeout(evaluateInPage(page, scrollTableToEnd, waitMs), waitMs + 5_000, "scrolling to the end");
}

/**
 * Read-only by construction: every request the browser would send with a method other than GET,
 * HEAD or OPTIONS is stopped before it leaves the browser, and the test that caused it fails.
 */
import type { BrowserContext, Request } from "@playwright/test";

export const readOnlyMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export interface ReadOnlyGuard {
  /** The requests stopped so far: method and URL (path only, no query). */
  readonly blocked: string[];
  /** Takes the stopped requests, so that a test that expects them can still pass. */
  takeBlocked(): string[];
}

const described = (request: Request) => {
  const url = new URL(request.url());
  return `${request.method()} ${url.origin}${url.pathname}`;
};

/** Routes every request of `context` through the guard. */
export async function guardReadOnly(context: BrowserContext): Promise<ReadOnlyGuard> {
  let blocked: string[] = [];
  await context.route("**/*", async (route) => {
    const request = route.request();
    if (readOnlyMethods.has(request.method())) return route.fallback();
    blocked.push(described(request));
    await route.abort("blockedbyclient");
  });
  return {
    get blocked() {
      return blocked;
    },
    takeBlocked() {
      const taken = blocked;
      blocked = [];
      return taken;
    },
  };
}

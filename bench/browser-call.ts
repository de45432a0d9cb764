/**
 * Code the bench runs in the page is written here as typed functions and sent as source text.
 * tsx compiles with esbuild's keepNames, which wraps named functions in `__name(fn, "name")`, a
 * helper the page lacks (Playwright's own function serialization then fails with "__name is not
 * defined"); the text built here defines it as a no-op first.
 */
import type { Page } from "@playwright/test";

/** Source text of an expression that calls `fn(arg)` in the page; `arg` must survive JSON. */
export function browserCall<A, R>(fn: (arg: A) => R, arg: A): string {
  return `(() => { const __name = (target) => target; return (${fn.toString()})(${JSON.stringify(arg)}); })()`;
}

/** `fn(arg)` evaluated in the page, awaited there when it returns a promise. */
export async function evaluateInPage<A, R>(page: Page, fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
  return (await page.evaluate(browserCall(fn, arg))) as Awaited<R>;
}

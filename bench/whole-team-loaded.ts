/**
 * When the page said its whole team is loaded, to the frame: an observer in the page sees the
 * status's words appear. The browser benches time the load from the click to that moment.
 */
import type { Page } from "@playwright/test";

/** Starts watching for `loadedText`; the function it gives reads when it appeared (the page's `performance.now()`, NaN if not yet). */
export async function watchWholeTeamLoaded(page: Page, loadedText: string): Promise<() => Promise<number>> {
  await page.evaluate((text) => {
    const seen = new MutationObserver(() => {
      if (!document.body.textContent?.includes(text)) return;
      (window as { loadedAt?: number }).loadedAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, loadedText);
  return () => page.evaluate(() => (window as { loadedAt?: number }).loadedAt ?? Number.NaN);
}

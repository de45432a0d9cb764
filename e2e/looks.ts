import type { Page } from "@playwright/test";

/** The looks a view is checked in: light and dark, wide and narrow. */
export const looks = (["light", "dark"] as const).flatMap((scheme) =>
  [1280, 420].map((width) => ({ scheme, width, name: `${scheme}, ${width}px wide` })),
);

/** Shows the page in `look`: its colour scheme and window width. */
export async function showIn(page: Page, { scheme, width }: (typeof looks)[number]) {
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
}

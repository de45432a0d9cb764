/** The page and page size a URL asks for, read the same way before React starts and after. */

export const pageSizes = [25, 50, 100, 250, 500] as const;
export const defaultPageSize = 100;

/** The smallest offered size that holds the request; above 500, 500. Anything else: the default. */
export function normalizePageSize(raw: string | null): number {
  const n = Number(raw);
  if (raw === null || !Number.isFinite(n) || n < 1) return defaultPageSize;
  return pageSizes.find((size) => size >= n) ?? pageSizes[pageSizes.length - 1]!;
}

export function normalizePage(raw: string | null): number {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 ? n : 1;
}

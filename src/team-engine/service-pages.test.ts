import { describe, expect, it } from "vitest";
import { RateLimitedError } from "../api/errors.ts";
import type { CallOptions } from "../api/http.ts";
import type { PageRange } from "../api/list-users.ts";
import { servicePages } from "./service-pages.ts";

/** A team of `total` users whose pages take a few milliseconds however many are asked at once. */
function simulatedService(total: number, refuse?: (offset: number, attempt: number) => boolean) {
  let inFlight = 0;
  let mostInFlight = 0;
  const attempts = new Map<number, number>();
  const listPage = async ({ offset, limit }: PageRange, _options: CallOptions) => {
    const attempt = (attempts.get(offset) ?? 0) + 1;
    attempts.set(offset, attempt);
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2 + (offset % 3)));
      if (refuse?.(offset, attempt)) throw new RateLimitedError("Too many requests (429)", 5);
      const count = Math.max(0, Math.min(limit, total - offset));
      return { total, userIds: Array.from({ length: count }, (_, i) => `u-${offset + i}`) };
    } finally {
      inFlight--;
    }
  };
  return { listPage, mostInFlight: () => mostInFlight, attempts };
}

async function idsOf(pages: AsyncIterable<{ userIds: readonly string[] }>) {
  const ids: string[] = [];
  for await (const page of pages) ids.push(...page.userIds);
  return ids;
}

const expected = (total: number) => Array.from({ length: total }, (_, i) => `u-${i}`);

describe("servicePages, paced", () => {
  it("reads every page in order, with more than 4 in flight on a fast service and never more than the ceiling", async () => {
    const service = simulatedService(2_000);
    expect(await idsOf(servicePages(service.listPage, { pageSize: 10, maxInFlight: 10 }))).toEqual(expected(2_000));
    expect(service.mostInFlight()).toBeGreaterThan(4);
    expect(service.mostInFlight()).toBeLessThanOrEqual(10);
  });

  it("gives the same pages at a fixed pace of 4", async () => {
    const service = simulatedService(500);
    expect(await idsOf(servicePages(service.listPage, { pageSize: 10, maxInFlight: 4 }))).toEqual(expected(500));
    expect(service.mostInFlight()).toBe(4);
  });

  it("asks again, after the service's wait, a page it still refused after the transport's retries, and ends complete", async () => {
    const service = simulatedService(300, (offset, attempt) => offset % 50 === 0 && offset > 0 && attempt === 1);
    expect(await idsOf(servicePages(service.listPage, { pageSize: 10 }))).toEqual(expected(300));
    expect(service.attempts.get(50)).toBe(2);
  });

  it("fails when the service refuses the first page: nothing came", async () => {
    const service = simulatedService(100, () => true);
    await expect(idsOf(servicePages(service.listPage, { pageSize: 10 }))).rejects.toThrow(RateLimitedError);
  });
});

import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency.ts";

describe("concurrencyLimit", () => {
  it("runs at most max tasks at once, all of them, in order, failures included", async () => {
    const run = concurrencyLimit(4);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 3) throw new Error("three");
      return n;
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => run(task(n))));
    expect(most).toBe(4);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "failed"))).toEqual([0, 1, 2, "failed", 4, 5, 6, 7, 8, 9]);
  });
});

import { describe, expect, it } from "vitest";
import { failureToSay, type AskedQuery } from "./use-failure.ts";

const error = new Error("The service failed (500)");
const failed: AskedQuery = { isError: true, error, errorUpdatedAt: 1_000, dataUpdatedAt: 0, isFetching: false, refetch: () => {} };
const seen = { error, at: 1_000 };

describe("the failure said of a query", () => {
  it("is the query's error while it has one, retrying or not", () => {
    expect(failureToSay(failed, null)).toEqual({ error });
    expect(failureToSay({ ...failed, isFetching: true }, seen)).toEqual({ error });
  });

  it("stays while Retry asks a query whose error TanStack Query cleared (no data: pending)", () => {
    expect(failureToSay({ ...failed, isError: false, error: null, isFetching: true }, seen)).toEqual({ error });
  });

  it("goes once an answer came, and is not said again by a later refetch", () => {
    const answered = { ...failed, isError: false, error: null, dataUpdatedAt: 2_000 };
    expect(failureToSay(answered, seen)).toBeNull();
    expect(failureToSay({ ...answered, isFetching: true }, seen)).toBeNull();
  });

  it("is not another query's: a query asked for the first time, or one that failed at another time", () => {
    const fresh = { ...failed, isError: false, error: null, errorUpdatedAt: 0, isFetching: true };
    expect(failureToSay(fresh, seen)).toBeNull();
    expect(failureToSay({ ...fresh, errorUpdatedAt: 1_500 }, seen)).toBeNull();
  });

  it("is none while nothing failed, or the retry has settled without an error and without an answer", () => {
    expect(failureToSay({ ...failed, isError: false, error: null }, null)).toBeNull();
    expect(failureToSay({ ...failed, isError: false, error: null, isFetching: false }, seen)).toBeNull();
  });
});

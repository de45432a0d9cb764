import { describe, expect, it } from "vitest";
import { release } from "./release-memory.ts";

const allocated = () => process.memoryUsage().arrayBuffers;

describe("release", () => {
  it("frees an array's memory at once (the tests run with ArrayBuffer.prototype.transfer, as browsers have it)", () => {
    const scratch = new Uint32Array(4_000_000);
    const withScratch = allocated();
    release(scratch);
    expect(scratch.length).toBe(0);
    // A collection meanwhile could only free more.
    expect(withScratch - allocated()).toBeGreaterThanOrEqual(16_000_000);
  });

  it("leaves alone an array that is part of a larger buffer", () => {
    const whole = new Uint8Array(16).fill(7);
    const part = whole.subarray(4, 8);
    release(part);
    expect(part.length).toBe(4);
    expect(Array.from(whole)).toEqual(Array(16).fill(7));
  });

  it("leaves alone an array given back already: an index's caches may name one array twice", () => {
    const scratch = new Uint32Array(16);
    release(scratch, scratch);
    expect(() => release(scratch)).not.toThrow();
    expect(scratch.length).toBe(0);
  });
});

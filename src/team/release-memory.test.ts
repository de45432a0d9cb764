import { describe, expect, it } from "vitest";
import { release } from "./release-memory.ts";

const allocated = () => process.memoryUsage().arrayBuffers;

describe("release", () => {
  it("frees an array's memory at once (the tests run with ArrayBuffer.prototype.transfer, as browsers have it)", () => {
    const before = allocated();
    const scratch = new Uint32Array(4_000_000);
    expect(allocated() - before).toBeGreaterThanOrEqual(16_000_000);
    release(scratch);
    expect(scratch.length).toBe(0);
    expect(allocated() - before).toBeLessThan(1_000_000);
  });

  it("leaves alone an array that is part of a larger buffer", () => {
    const whole = new Uint8Array(16).fill(7);
    const part = whole.subarray(4, 8);
    release(part);
    expect(part.length).toBe(4);
    expect(Array.from(whole)).toEqual(Array(16).fill(7));
  });
});

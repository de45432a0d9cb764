import { describe, expect, it } from "vitest";
import { CodeArray, growableUint32 } from "./growable-array.ts";

describe("CodeArray", () => {
  it("holds codes in a byte each until one needs more, then widens keeping every code", () => {
    const codes = new CodeArray();
    const pushed = [0, 7, 255, 3];
    pushed.forEach((code) => codes.push(code));
    expect(codes.view()).toBeInstanceOf(Uint8Array);

    codes.push(256);
    pushed.push(256);
    expect(codes.view()).toBeInstanceOf(Uint16Array);
    codes.push(65_536);
    pushed.push(65_536);
    expect(codes.view()).toBeInstanceOf(Uint32Array);
    expect(Array.from(codes.view())).toEqual(pushed);
  });

  it("widens past the first allocation's length too", () => {
    const codes = new CodeArray();
    const pushed = Array.from({ length: 3000 }, (_, i) => (i * 37) % 200);
    pushed.forEach((code) => codes.push(code));
    codes.push(70_000);
    expect(Array.from(codes.view())).toEqual([...pushed, 70_000]);
  });
});

describe("GrowableArray.trim", () => {
  it("keeps the values, gives back spare room, and can grow again", () => {
    const values = growableUint32();
    for (let i = 0; i < 1100; i++) values.push(i); // room for 1,536 by now
    values.trim();
    expect(values.view().buffer.byteLength).toBe(1100 * 4);
    values.push(1100);
    expect(Array.from(values.view())).toEqual(Array.from({ length: 1101 }, (_, i) => i));
  });

  it("gives the moved-from array's memory back at once, not at the collector's next full pass", () => {
    const values = growableUint32();
    for (let i = 0; i < 1100; i++) values.push(i);
    const before = values.view();
    values.trim();
    expect(before.length).toBe(0);
    expect(values.view().length).toBe(1100);
  });

  it("keeps a little room rather than copy every value", () => {
    const values = growableUint32();
    for (let i = 0; i < 1500; i++) values.push(i); // room for 1,536
    values.trim();
    expect(values.view().buffer.byteLength).toBe(1536 * 4);
  });
});

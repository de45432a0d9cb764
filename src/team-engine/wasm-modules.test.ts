import { describe, expect, it } from "vitest";
import { assemble, wasmModules } from "../../scripts/assemble-wasm.ts";
import { idTextWasm } from "./id-text-wasm.ts";

const held: Record<(typeof wasmModules)[number]["name"], string> = { idTextWasm };

describe("the WebAssembly modules", () => {
  it.each(wasmModules.map((wasm) => [wasm.name, wasm] as const))("%s holds what its .wat assembles to", async (name, { wat }) => {
    expect(held[name]).toBe(await assemble(wat));
  });
});

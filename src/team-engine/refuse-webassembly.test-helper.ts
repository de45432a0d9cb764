import { vi } from "vitest";

/**
 * Makes `WebAssembly.Module` refuse to compile, as under a Content-Security-Policy without
 * `'wasm-unsafe-eval'`, and forgets the modules loaded: the next import compiles (or not) afresh.
 * Undone by `vi.unstubAllGlobals()` and `vi.resetModules()`.
 */
export function refuseWebAssembly(): void {
  const { CompileError, Instance, Memory } = WebAssembly;
  vi.stubGlobal("WebAssembly", {
    CompileError,
    Instance,
    Memory,
    Module: function refused() {
      throw new CompileError("Refused to compile: 'wasm-unsafe-eval' is not an allowed source");
    },
  });
  vi.resetModules();
}

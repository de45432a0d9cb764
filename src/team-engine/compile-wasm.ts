/**
 * A WebAssembly module compiled from its bytes (base64, as `npm run build:wasm` writes them);
 * null where WebAssembly, or an instruction it uses (SIMD), is refused: a Content-Security-Policy
 * without `'wasm-unsafe-eval'`. The caller then works in JavaScript.
 */
export function compileWasm(base64: string): WebAssembly.Module | null {
  try {
    return new WebAssembly.Module(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** An offset in a module's memory rounded up to 16 bytes: where a SIMD load of 16 begins. */
export const align = (offset: number) => (offset + 15) & ~15;

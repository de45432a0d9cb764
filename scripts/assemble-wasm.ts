/**
 * Assembles the WebAssembly text modules (`.wat`) with wabt. `npm run build:wasm` writes each
 * module of `wasmModules` into its TypeScript module, which the app imports; a unit test
 * assembles them again and checks that they agree, so the committed bytes are always the source's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import wabt from "wabt";

const engineDirectory = join(import.meta.dirname, "..", "src", "team-engine");

/** Each module: its text, the TypeScript module written from it, and the constant that holds its bytes there. */
export const wasmModules = [
  { wat: join(engineDirectory, "id-text.wat"), module: join(engineDirectory, "id-text-wasm.ts"), name: "idTextWasm" },
] as const;

/** The module's bytes, base64. */
export async function assemble(watFile: string): Promise<string> {
  const parsed = (await wabt()).parseWat(basename(watFile), readFileSync(watFile, "utf8"), { simd: true });
  try {
    parsed.validate();
    return Buffer.from(parsed.toBinary({}).buffer).toString("base64");
  } finally {
    parsed.destroy();
  }
}

/** The TypeScript module that holds the bytes, as Prettier writes it. */
export const moduleSource = ({ wat, name }: (typeof wasmModules)[number], base64: string) =>
  `// Written by \`npm run build:wasm\` from ${basename(wat)}: edit that, not this.\nexport const ${name} =\n  "${base64}";\n`;

if (process.argv[1] === import.meta.filename) {
  for (const wasm of wasmModules) {
    writeFileSync(wasm.module, moduleSource(wasm, await assemble(wasm.wat)));
    console.log(`wrote ${wasm.module}`);
  }
}

/**
 * Assembles a WebAssembly text module (`.wat`) with wabt. `npm run build:wasm` writes
 * src/team/id-text.wat's module into src/team/id-text-wasm.ts, which the app imports; a unit test
 * assembles it again and checks the two agree, so the committed bytes are always the source's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import wabt from "wabt";

export const idTextWat = join(import.meta.dirname, "..", "src", "team", "id-text.wat");
export const idTextModule = join(import.meta.dirname, "..", "src", "team", "id-text-wasm.ts");

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
export const moduleSource = (base64: string) =>
  `// Written by \`npm run build:wasm\` from id-text.wat: edit that, not this.\nexport const idTextWasm =\n  "${base64}";\n`;

if (process.argv[1] === import.meta.filename) {
  writeFileSync(idTextModule, moduleSource(await assemble(idTextWat)));
  console.log(`wrote ${idTextModule}`);
}

/**
 * What a first visit loads before the app can render, read from a build: the scripts and
 * stylesheets index.html links, the modules it preloads, and (from the Vite manifest) every chunk
 * those import statically. Paths are relative to the build's directory.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface InitialAssets {
  /** The entry script and the chunks it imports statically: what runs before anything else. */
  entry: string[];
  js: string[];
  css: string[];
}

export function initialAssets(distDir: string): InitialAssets {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const linked = [...html.matchAll(/<(?:script\b[^>]*\bsrc|link\b[^>]*\bhref)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  const closure = (files: string[]) => {
    const found = new Set<string>();
    const visit = (file: string) => {
      if (found.has(file)) return;
      found.add(file);
      byFile.get(file)?.imports?.forEach((key) => visit(manifest[key]!.file));
    };
    files.forEach(visit);
    return [...found];
  };
  const entry = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  return {
    entry: closure(entry),
    js: closure(linked.filter((file) => file.endsWith(".js"))),
    css: linked.filter((file) => file.endsWith(".css")),
  };
}

/** Every script of a build, the lazy chunks and the worker's included. */
export function allScripts(distDir: string): string[] {
  return readdirSync(join(distDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `assets/${name}`);
}

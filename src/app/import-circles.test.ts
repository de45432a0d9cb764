/**
 * No import circles in src/ or server/: each file's imports (type-only ones too, and re-exports)
 * are read, the relative ones resolved, and the graph searched for cycles. A circle makes the
 * order modules run in depend on which one is imported first, and ties files that should be
 * read one after the other into a knot.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

/** The TypeScript files under `dir`, as absolute paths. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => join(dir, file));
}

/** Comments out, so that an import written in a comment's example is not read. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The relative specifiers a file imports or re-exports from, static or dynamic, type-only or not. */
function importedSpecifiers(code: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of withoutComments(code).matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers.filter((specifier) => specifier.startsWith("."));
}

/** Each file's relative imports, resolved to the files they name (those that exist among `files`). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [...new Set(importedSpecifiers(readFileSync(file, "utf8")).map((specifier) => resolve(dirname(file), specifier)))].filter((target) =>
        known.has(target),
      ),
    ]),
  );
}

/** The circles of a graph, each once (as the strongly connected components of more than one file, or a file importing itself). */
function importCircles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative.
  let next = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    lowest.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          lowest.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) lowest.set(frame.node, Math.min(lowest.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowest.set(parent.node, Math.min(lowest.get(parent.node)!, lowest.get(frame.node)!));
      if (lowest.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || targets.includes(frame.node)) circles.push(component.reverse());
    }
  }
  return circles;
}

/** A circle as it reads: each file and the one it imports, back to the first. */
function describeCircle(circle: string[], graph: Map<string, string[]>): string {
  const inCircle = new Set(circle);
  const path = [circle[0]!];
  const seen = new Set(path);
  for (;;) {
    const last = path[path.length - 1]!;
    const nextFile = (graph.get(last) ?? []).find((target) => inCircle.has(target) && (!seen.has(target) || target === path[0]));
    if (!nextFile || nextFile === path[0]) break;
    path.push(nextFile);
    seen.add(nextFile);
  }
  const circleText = [...path, path[0]!].map((file) => relative(root, file)).join(" → ");
  const others = circle.filter((file) => !seen.has(file)).map((file) => relative(root, file));
  return others.length > 0 ? `${circleText} (in one knot with ${others.join(", ")})` : circleText;
}

describe("imports", () => {
  it("form no circle in src/ or server/", () => {
    const graph = importGraph([...sourcesUnder(join(root, "src")), ...sourcesUnder(join(root, "server"))]);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCircles(graph).map((circle) => describeCircle(circle, graph))).toEqual([]);
  });

  it("would name a circle, type-only imports and re-exports too", () => {
    const graph = new Map([
      ["/a.ts", ["/b.ts"]],
      ["/b.ts", ["/c.ts"]],
      ["/c.ts", ["/a.ts"]],
      ["/d.ts", ["/a.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([["/a.ts", "/b.ts", "/c.ts"]]);
    const code = [
      'import type { A } from "./a.ts";',
      'import {\n  b,\n  type B,\n} from "../b.ts";',
      'export { c } from "./c.ts";',
      'export * from "./d.ts";',
      'import "./e.css";',
      'const f = () => import("./f.ts");',
      'import { g } from "react";',
      '// import { h } from "./h.ts";',
    ].join("\n");
    expect(importedSpecifiers(code)).toEqual(["./a.ts", "../b.ts", "./c.ts", "./d.ts", "./e.css", "./f.ts"]);
  });
});

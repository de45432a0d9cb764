/**
 * The style sheets' rules: a feature's classes carry its name, so no two features can clash;
 * the shared sheet names no feature; and every class a sheet styles is used by some component.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..");
/** Each feature's folder, and the loaded team's layer (src/team), whose classes begin with "team-". */
const features = readdirSync(join(src, "features"));
const places = [...features.map((name) => ({ name, dir: join(src, "features", name) })), { name: "team", dir: join(src, "team") }];

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => pattern.test(file))
    .map((file) => join(dir, file));
}

/** The class names a sheet's selectors use (comments and declarations left out). */
function classesOf(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\{[^{}]*\}/g, ",");
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
}

const shared = classesOf(readFileSync(join(src, "app", "styles.css"), "utf8"));
const sheets = [join(src, "app", "styles.css"), ...places.flatMap(({ dir }) => filesUnder(dir, /\.css$/))];
const components = filesUnder(src, /\.tsx?$/)
  .filter((file) => !file.endsWith(".test.ts"))
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");

describe("style sheets", () => {
  it.each(places)("the $name classes all begin with its name (or refine a shared one)", ({ name: place, dir }) => {
    for (const sheet of filesUnder(dir, /\.css$/)) {
      const foreign = [...classesOf(readFileSync(sheet, "utf8"))].filter((name) => !name.startsWith(`${place}-`) && !shared.has(name));
      expect(foreign, sheet).toEqual([]);
    }
  });

  it("the shared sheet styles no feature's classes", () => {
    const named = [...shared].filter((name) => places.some(({ name: place }) => name.startsWith(`${place}-`)));
    expect(named).toEqual([]);
  });

  it("every class a sheet styles is used by a component", () => {
    const unused = sheets.flatMap((sheet) =>
      [...classesOf(readFileSync(sheet, "utf8"))]
        .filter((name) => !new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(components))
        .map((name) => `${sheet.slice(src.length + 1)}: .${name}`),
    );
    expect(unused).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("lettered badges", () => {
  /** WCAG's contrast of white text on an HSL background. */
  function contrastOfWhiteOn(hue: number, saturation: number, lightness: number): number {
    const a = saturation * Math.min(lightness, 1 - lightness);
    const channel = (n: number) => {
      const k = (n + hue / 30) % 12;
      const c = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
    return 1.05 / (luminance + 0.05);
  }

  it("keep their white letters at 4.5 : 1 or more on every hue a name can give", () => {
    const css = readFileSync(join(import.meta.dirname, "users.css"), "utf8");
    const rule = /\.users-source-badge \{[^}]*color: #fff;[^}]*background: hsl\(var\(--badge-hue, \d+\) (\d+)% (\d+)%\)/.exec(css);
    expect(rule).not.toBeNull();
    const [saturation, lightness] = [Number(rule![1]) / 100, Number(rule![2]) / 100];
    const worst = Math.min(...Array.from({ length: 360 }, (_, hue) => contrastOfWhiteOn(hue, saturation, lightness)));
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});

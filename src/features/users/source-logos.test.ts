import { describe, expect, it } from "vitest";
import { safeLogoUrl } from "./source-logos.tsx";

describe("logo addresses", () => {
  const base = "https://service.example";

  it.each([
    ["https://cdn.example/oura.svg", "https://cdn.example/oura.svg"],
    ["http://cdn.example/oura.svg", "http://cdn.example/oura.svg"],
    ["/logos/oura.svg", "https://service.example/logos/oura.svg"],
    ["logos/oura.svg", "https://service.example/logos/oura.svg"],
  ])("loads %s from %s", (logo, url) => {
    expect(safeLogoUrl(logo, base)).toBe(url);
  });

  it.each(["javascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>", "ftp://example/x.svg", "vbscript:x", "http://[bad"])(
    "never loads %s",
    (logo) => {
      expect(safeLogoUrl(logo, base)).toBeNull();
    },
  );
});

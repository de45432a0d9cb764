import { describe, expect, it, vi } from "vitest";
import { createLogoImages, logoRule, safeLogoUrl, type LogoRules } from "./logo-images.ts";

const base = "https://service.example";

/** Rules kept in a list, the addresses tried with their answers' callbacks, and a clock. */
function setUp(mostAddresses?: number) {
  const list: string[] = [];
  const rules: LogoRules = {
    insertRule: (rule, index) => (list.splice(index, 0, rule), index),
    replaceSync: (text) => void list.splice(0, list.length, ...(text ? [text] : [])),
    get cssRules() {
      return list;
    },
  };
  const tried = new Map<string, ((loaded: boolean) => void)[]>();
  const clock = { ms: 0 };
  const images = createLogoImages(
    () => rules,
    (url, done) => tried.set(url, [...(tried.get(url) ?? []), done]),
    { mostAddresses, retryAfterMs: 30_000, now: () => clock.ms },
  );
  const answer = (url: string, loaded: boolean) => tried.get(url)!.at(-1)!(loaded);
  return { images, list, tried, clock, answer };
}

describe("logo addresses", () => {
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

describe("logo rules", () => {
  it("draw the address as the class's background", () => {
    expect(logoRule("users-logo-3", "https://cdn.example/oura.svg")).toBe(
      '.users-source-logo.users-logo-3{background-image:url("https://cdn.example/oura.svg")}',
    );
  });

  it("escape what would end the CSS string or the rule", () => {
    expect(logoRule("users-logo-4", 'https://cdn.example/a"){}*{color:red}\\\n.svg')).toBe(
      '.users-source-logo.users-logo-4{background-image:url("https://cdn.example/a\\22 ){}*{color:red}\\5c \\a .svg")}',
    );
  });
});

describe("logo images", () => {
  const oura = `${base}/logos/oura.svg`;
  const fitbit = "https://cdn.example/fitbit.svg";

  it("give each logo one class and one rule, resolved against the base URL, and try it once", () => {
    const { images, list, tried } = setUp();
    const first = images.get("/logos/oura.svg", base)!;
    expect(images.get("/logos/oura.svg", base)).toBe(first);
    const other = images.get(fitbit, base)!;
    expect(other.className).not.toBe(first.className);
    expect(list).toEqual([logoRule(first.className, oura), logoRule(other.className, fitbit)]);
    expect([...tried.keys()]).toEqual([oura, fitbit]);
    expect(tried.get(oura)).toHaveLength(1);
    expect([first.broken, other.broken]).toEqual([false, false]);
  });

  it("never draw nor try a logo that is not http(s)", () => {
    const { images, list, tried } = setUp();
    expect(images.get("javascript:alert(1)", base)).toBeNull();
    expect(images.get("javascript:alert(1)", base)).toBeNull();
    expect(list).toEqual([]);
    expect(tried.size).toBe(0);
  });

  it("say an address failed, once tried, and tell the logos shown", () => {
    const { images, tried, answer } = setUp();
    images.get(oura, base);
    images.get(fitbit, base);
    const listener = vi.fn();
    images.subscribe(listener);
    answer(oura, false);
    answer(fitbit, true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(images.get(oura, base)!.broken).toBe(true);
    expect(images.get(fitbit, base)!.broken).toBe(false);
    expect(tried.get(oura)).toHaveLength(1); // not tried again at once
  });

  it("try a failed address again when shown a while after, and draw it anew once it loads", () => {
    const { images, list, tried, clock, answer } = setUp();
    const first = images.get(oura, base)!;
    clock.ms = 1_000;
    answer(oura, false);
    const listener = vi.fn();
    images.subscribe(listener);
    clock.ms = 30_999;
    expect(images.get(oura, base)!.broken).toBe(true);
    expect(tried.get(oura)).toHaveLength(1); // too soon
    clock.ms = 31_000;
    const broken = images.get(oura, base)!;
    expect(broken.broken).toBe(true); // a badge while it is tried
    expect(tried.get(oura)).toHaveLength(2);
    images.get(oura, base);
    expect(tried.get(oura)).toHaveLength(2); // one try at a time
    // It fails again: still a badge, tried again only 30 s after this failure.
    clock.ms = 40_000;
    answer(oura, false);
    expect(listener).not.toHaveBeenCalled();
    clock.ms = 69_999;
    images.get(oura, base);
    expect(tried.get(oura)).toHaveLength(2);
    clock.ms = 70_000;
    images.get(oura, base);
    expect(tried.get(oura)).toHaveLength(3);
    // It loads: a new class with a rule of its own, not the one whose image failed.
    answer(oura, true);
    expect(listener).toHaveBeenCalledTimes(1);
    const drawn = images.get(oura, base)!;
    expect(drawn.broken).toBe(false);
    expect(drawn.className).not.toBe(first.className);
    expect(list.at(-1)).toBe(logoRule(drawn.className, oura));
  });

  it("try every failed address again when asked (back online), not those that loaded or are being tried", () => {
    const { images, tried, answer } = setUp();
    images.get(oura, base);
    images.get(fitbit, base);
    const whoop = "https://cdn.example/whoop.svg";
    images.get(whoop, base);
    answer(oura, false);
    answer(fitbit, true);
    answer(whoop, false);
    images.retryBroken();
    expect([oura, fitbit, whoop].map((url) => tried.get(url)!.length)).toEqual([2, 1, 2]);
    images.retryBroken();
    expect([oura, fitbit, whoop].map((url) => tried.get(url)!.length)).toEqual([2, 1, 2]);
    answer(oura, true);
    expect(images.get(oura, base)!.broken).toBe(false);
    expect(images.get(whoop, base)!.broken).toBe(true);
  });

  it("start again past their most addresses: the rules cleared, the logos told, a late answer ignored", async () => {
    const { images, list, tried } = setUp(2);
    const before = images.get(oura, base)!;
    images.get(fitbit, base);
    const listener = vi.fn();
    const unsubscribe = images.subscribe(listener);
    const whoop = "https://cdn.example/whoop.svg";
    const third = images.get(whoop, base)!;
    expect(list).toEqual([logoRule(third.className, whoop)]);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    // Asked again, an address from before gets a new class, its rule, and a new try.
    const again = images.get(oura, base)!;
    expect(again.className).not.toBe(before.className);
    expect(list).toContain(logoRule(again.className, oura));
    expect(tried.get(oura)).toHaveLength(2);
    // The first try's failure comes late: it is not the new class's.
    tried.get(oura)![0]!(false);
    expect(images.get(oura, base)!.broken).toBe(false);
    unsubscribe();
    tried.get(oura)![1]!(false);
    expect(images.get(oura, base)!.broken).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1); // unsubscribed
  });
});

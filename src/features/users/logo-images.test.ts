import { describe, expect, it, vi } from "vitest";
import { createLogoImages, logoRule, type LogoRules } from "./logo-images.ts";

/** Rules kept in a list, and the addresses tried with their failure callbacks. */
function setUp(mostAddresses?: number) {
  const list: string[] = [];
  const rules: LogoRules = {
    insertRule: (rule, index) => (list.splice(index, 0, rule), index),
    replaceSync: (text) => void list.splice(0, list.length, ...(text ? [text] : [])),
    get cssRules() {
      return list;
    },
  };
  const tried = new Map<string, (() => void)[]>();
  const images = createLogoImages(
    () => rules,
    (url, failed) => tried.set(url, [...(tried.get(url) ?? []), failed]),
    mostAddresses,
  );
  return { images, list, tried };
}

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
  const oura = "https://cdn.example/oura.svg";
  const fitbit = "https://cdn.example/fitbit.svg";

  it("give each address one class and one rule, and try it once", () => {
    const { images, list, tried } = setUp();
    const first = images.get(oura);
    expect(images.get(oura)).toBe(first);
    const other = images.get(fitbit);
    expect(other.className).not.toBe(first.className);
    expect(list).toEqual([logoRule(first.className, oura), logoRule(other.className, fitbit)]);
    expect([...tried.keys()]).toEqual([oura, fitbit]);
    expect(tried.get(oura)).toHaveLength(1);
    expect([first.broken, other.broken]).toEqual([false, false]);
  });

  it("say an address failed, once tried, and tell the logos shown", () => {
    const { images, tried } = setUp();
    images.get(oura);
    images.get(fitbit);
    const listener = vi.fn();
    images.subscribe(listener);
    tried.get(oura)![0]!();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(images.get(oura).broken).toBe(true);
    expect(images.get(fitbit).broken).toBe(false);
    expect(tried.get(oura)).toHaveLength(1); // not tried again
  });

  it("start again past their most addresses: the rules cleared, the logos told, a late failure ignored", async () => {
    const { images, list, tried } = setUp(2);
    const before = images.get(oura);
    images.get(fitbit);
    const listener = vi.fn();
    const unsubscribe = images.subscribe(listener);
    const third = images.get("https://cdn.example/whoop.svg");
    expect(list).toEqual([logoRule(third.className, "https://cdn.example/whoop.svg")]);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    // Asked again, an address from before gets a new class, its rule, and a new try.
    const again = images.get(oura);
    expect(again.className).not.toBe(before.className);
    expect(list).toContain(logoRule(again.className, oura));
    expect(tried.get(oura)).toHaveLength(2);
    // The first try's failure comes late: it is not the new class's.
    tried.get(oura)![0]!();
    expect(images.get(oura).broken).toBe(false);
    unsubscribe();
    tried.get(oura)![1]!();
    expect(images.get(oura).broken).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1); // unsubscribed
  });
});

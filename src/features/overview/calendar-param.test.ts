import { describe, expect, it } from "vitest";
import { readCalendar, writeCalendar } from "./calendar-param.ts";

describe("the overview's calendar in the URL", () => {
  it("is UTC when asked, the browser's time zone otherwise", () => {
    const search = new URLSearchParams("q=x&page=2");
    expect(readCalendar(search)).toBe("local");
    writeCalendar(search, "utc");
    expect(search.toString()).toBe("q=x&page=2&calendar=utc");
    expect(readCalendar(search)).toBe("utc");
    writeCalendar(search, "local");
    expect(search.toString()).toBe("q=x&page=2");
    expect(readCalendar(new URLSearchParams("calendar=mars"))).toBe("local");
  });
});

import { describe, expect, it } from "vitest";
import { rowNames } from "./row-names.ts";

const entry = (id: string, label: string, place: { service?: string; url?: string } = {}) => ({
  id,
  label,
  service: place.service,
  url: place.url ?? "",
  key: id,
});

describe("what a row's buttons call its entry", () => {
  it("is its label while no other row has it", () => {
    const names = rowNames([entry("a", "Sleep study"), entry("b", "Pilot clinic")]);
    expect([...names.values()]).toEqual(["Sleep study", "Pilot clinic"]);
  });

  it("names the service, or the URL's host and path, of rows whose labels are the same", () => {
    const names = rowNames([
      entry("us", "Sleep study", { service: "us-prod" }),
      entry("eu", "Sleep study", { service: "eu-sandbox" }),
      entry("url", "Sleep study", { url: "https://dash.example/s/us-prod" }),
      entry("here", "Sleep study"),
      entry("other", "Pilot clinic", { service: "us-prod" }),
    ]);
    expect(Object.fromEntries(names)).toEqual({
      us: "Sleep study (us-prod)",
      eu: "Sleep study (eu-sandbox)",
      url: "Sleep study (dash.example/s/us-prod)",
      here: "Sleep study (this origin)",
      other: "Pilot clinic",
    });
  });

  it("adds the ID when label and place are both the same", () => {
    const names = rowNames([
      { ...entry("one", "Sleep study", { service: "us-prod" }), key: "0a0a0a0a" },
      { ...entry("two", "Sleep study", { service: "us-prod" }), key: "0b0b0b0b" },
    ]);
    expect(Object.fromEntries(names)).toEqual({ one: "Sleep study (us-prod, 0a0a0a0a)", two: "Sleep study (us-prod, 0b0b0b0b)" });
  });
});

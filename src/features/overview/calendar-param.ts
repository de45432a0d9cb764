/**
 * The calendar the overview counts days on, in the URL beside the selection (which carries it
 * between Users and Overview): `calendar=utc` for UTC's, absent for the browser's time zone's.
 */
export type Calendar = "local" | "utc";

export const readCalendar = (search: URLSearchParams): Calendar => (search.get("calendar") === "utc" ? "utc" : "local");

export function writeCalendar(search: URLSearchParams, calendar: Calendar) {
  if (calendar === "utc") search.set("calendar", "utc");
  else search.delete("calendar");
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

/** Local date and time of an ISO timestamp, or the text itself when it is not one. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A calendar date (YYYY-MM-DD) shown as a date, with no time-zone shift. */
export function formatCalendarDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) ? dateOnly.format(date) : value;
}

// `toLocaleString` builds a formatter at each call (0.8 s of the page's time in a million-user load).
const count = new Intl.NumberFormat();
export const formatCount = (n: number) => count.format(n);
/** A count and what it counts, one or many: "1 match", "3 matches". */
export const formatCountOf = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The last four characters of a key: all of a key that a page may show. */
export const keyTail = (key: string) => `…${key.slice(-4)}`;

/**
 * What a row's buttons call its entry ("Set key of …", "Open users of …"): its label, unless
 * another row has the same label — two regions' "Sleep study" — when its place is added, and
 * its ID too when the place is the same, so that no two buttons share a name.
 */
export interface NamedRow {
  /** The entry's own ID in this browser. */
  id: string;
  label: string;
  service?: string;
  /** Its API URL; empty: this origin. */
  url: string;
  /** The team or organization ID. */
  key: string;
}

const placeName = ({ service, url }: NamedRow) => service || (url ? url.replace(/^https?:\/\//, "").replace(/\/+$/, "") : "this origin");
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Each row's name, by entry ID. */
export function rowNames(rows: readonly NamedRow[]): Map<string, string> {
  return new Map(
    rows.map((row) => {
      const twins = rows.filter((other) => other.id !== row.id && same(other.label, row.label));
      if (twins.length === 0) return [row.id, row.label];
      const place = placeName(row);
      const samePlace = twins.some((other) => same(placeName(other), place));
      return [row.id, `${row.label} (${samePlace ? `${place}, ${row.key}` : place})`];
    }),
  );
}

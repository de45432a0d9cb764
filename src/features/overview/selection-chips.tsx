import type { FacetCounts } from "../../team-engine/team-facets.ts";
import type { TeamQuery } from "../../team-engine/team-query.ts";

interface Chip {
  key: string;
  said: string;
  remove: TeamQuery;
}

const without = <T,>(values: readonly T[] | undefined, value: T) => {
  const rest = (values ?? []).filter((v) => v !== value);
  return rest.length > 0 ? rest : undefined;
};

/** What the selection holds (the search and each filter), each removable on its own. */
export function SelectionChips({
  query,
  facets,
  onChange,
}: {
  query: TeamQuery;
  facets: FacetCounts | undefined;
  onChange: (query: TeamQuery) => void;
}) {
  const chosen = query.facets ?? {};
  const sourceName = (slug: string | null) => (slug === null ? "none" : (facets?.sources.find((o) => o.value === slug)?.label ?? slug));
  const chips: Chip[] = [
    ...(query.search?.trim() ? [{ key: "q", said: `Search: ${query.search.trim()}`, remove: { ...query, search: "" } }] : []),
    ...(chosen.sources ?? []).map((slug) => ({
      key: `source-${slug}`,
      said: `Source: ${sourceName(slug)}`,
      remove: { ...query, facets: { ...chosen, sources: without(chosen.sources, slug) } },
    })),
    ...(chosen.timeZones ?? []).map((zone) => ({
      key: `tz-${zone}`,
      said: `Time zone: ${zone ?? "none"}`,
      remove: { ...query, facets: { ...chosen, timeZones: without(chosen.timeZones, zone) } },
    })),
    ...(chosen.birthDate ?? []).map((birth) => ({
      key: `birth-${birth}`,
      said: `Birth date: ${birth}`,
      remove: { ...query, facets: { ...chosen, birthDate: without(chosen.birthDate, birth) } },
    })),
  ];
  if (chips.length === 0) return <p className="muted small overview-chips">All users of the team: no search or filter.</p>;
  return (
    <ul className="list-plain row overview-chips" aria-label="Selection">
      {chips.map((chip) => (
        <li key={chip.key} className="overview-chip">
          <span>{chip.said}</span>
          <button type="button" className="overview-chip-remove" aria-label={`Remove ${chip.said}`} onClick={() => onChange(chip.remove)}>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

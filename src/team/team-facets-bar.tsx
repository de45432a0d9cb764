import { useEffect, useEffectEvent, useId, useRef } from "react";
import { ErrorAlert } from "../components/error-alert.tsx";
import { formatCount } from "../components/format.ts";
import type { Failure } from "../components/use-failure.ts";
import { loadedTeamWords } from "./loaded-team-words.ts";
import type { FacetCounts, FacetOption, FacetSelection } from "../team-engine/team-facets.ts";
import "./team.css";

interface TeamFacetsBarProps {
  /**
   * Undefined until the whole team is loaded: the filters show, unusable, so nothing moves when
   * they come. Null until their counts first come.
   */
  facets: FacetCounts | null | undefined;
  /** The counts shown are the last ones, while the current search's and choices' are made. */
  pending?: boolean;
  /** The counts could not be made: said in the options' place. */
  failure?: Failure | null;
  selection: FacetSelection;
  onChange: (selection: FacetSelection) => void;
  /** Told when the first filter opens and when the last one closes. */
  onOpenChange?: (open: boolean) => void;
}

type Group = keyof FacetCounts;

const groups: { group: Group; name: string; key: keyof FacetSelection; none: string }[] = [
  { group: "sources", name: "Connected source", key: "sources", none: "No source" },
  { group: "timeZones", name: "Time zone", key: "timeZones", none: "No time zone" },
  { group: "birthDate", name: "Birth date", key: "birthDate", none: "" },
];

const countsWords = loadedTeamWords("The filters' counts");

const birthLabels: Record<string, string> = { known: "Known", unknown: "Unknown" };

function optionLabel(option: FacetOption<string | null>, none: string): string {
  if (option.value === null) return none;
  return birthLabels[option.value] ?? option.label ?? option.value;
}

/**
 * The loaded team's facets: a popover a group, each option with the number of users it holds
 * (counted over the search and the other groups), combinable; Clear removes them all.
 */
export function TeamFacetsBar({ facets, pending = false, failure, selection, onChange, onOpenChange }: TeamFacetsBarProps) {
  const id = useId();
  const ready = facets !== undefined;
  const open = useRef(new Set<Group>());
  function toggled(group: Group, isOpen: boolean) {
    const wasOpen = open.current.size > 0;
    if (isOpen) open.current.add(group);
    else open.current.delete(group);
    if (open.current.size > 0 !== wasOpen) onOpenChange?.(!wasOpen);
  }
  // An open popover goes with the bar, or with the team's answers (a reload): its toggle event does not come.
  const closeAll = useEffectEvent(() => {
    if (open.current.size > 0) onOpenChange?.(false);
    open.current.clear();
  });
  useEffect(() => {
    if (ready) return () => closeAll();
  }, [ready]);
  const chosen = groups.reduce((n, { key }) => n + (selection[key]?.length ?? 0), 0);

  function toggle(key: keyof FacetSelection, value: string | null, on: boolean) {
    const current = (selection[key] ?? []) as (string | null)[];
    const next = on ? [...current, value] : current.filter((v) => v !== value);
    onChange({ ...selection, [key]: next.length > 0 ? next : undefined });
  }

  return (
    <div className="team-facets" role="group" aria-label="Filters">
      {groups.map(({ group, name, key, none }) => {
        const options = facets?.[group] as FacetOption<string | null>[] | undefined;
        const count = selection[key]?.length ?? 0;
        const popover = `${id}-${group}`;
        return (
          <div key={group}>
            <button
              type="button"
              className="button button-small"
              popoverTarget={ready ? popover : undefined}
              disabled={!ready}
              aria-describedby={ready ? undefined : `${id}-waiting`}
              aria-label={`Filter by ${name.toLowerCase()}${count ? `, ${count} chosen` : ""}`}
            >
              {name}
              {count > 0 && <span className="team-facet-count">{count}</span>}
            </button>
            {ready && (
              <div
                id={popover}
                popover="auto"
                className="popover team-facet-options"
                onToggle={(event) => toggled(group, event.newState === "open")}
              >
                <fieldset aria-busy={failure ? failure.retrying : !options || pending}>
                  <legend className="popover-title">{name}</legend>
                  {failure ? (
                    <ErrorAlert failure={failure} words={countsWords} />
                  ) : !options ? (
                    <p role="status" className="muted small">
                      Counting…
                    </p>
                  ) : (
                    options.map((option) => (
                      <label key={option.value ?? "none"} className="checkbox">
                        <input
                          type="checkbox"
                          // The URL's choice, not the last view's: the box answers the click at once.
                          checked={(selection[key] as (string | null)[] | undefined)?.includes(option.value) ?? false}
                          onChange={(e) => toggle(key, option.value, e.target.checked)}
                        />
                        <span>{optionLabel(option, none)}</span>
                        <span className="muted small">{formatCount(option.count)}</span>
                      </label>
                    ))
                  )}
                </fieldset>
              </div>
            )}
          </div>
        );
      })}
      {!ready && (
        // Said to screen readers; the whole-team bar above says it to the eye, and the line keeps one height on a narrow window.
        <p id={`${id}-waiting`} className="visually-hidden">
          The filters count the whole team once it is loaded.
        </p>
      )}
      {chosen > 0 && (
        <button type="button" className="button button-small button-ghost" onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
    </div>
  );
}

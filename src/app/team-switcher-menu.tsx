import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { teamPath, type TeamView } from "../api/connection.ts";
import type { SavedEntries, TeamEntry } from "../api/saved-entries.ts";
import { Link } from "../components/link.tsx";
import { TeamName } from "../components/team-name.tsx";
import { useSavedEntries } from "../components/use-saved-entries.ts";

interface Group {
  label: string;
  teams: TeamEntry[];
}

/** Saved teams matching `search`, grouped by organization; recent teams, and their organizations, first. */
function groupTeams(saved: SavedEntries, search: string): Group[] {
  const words = search.trim().toLowerCase();
  const orgLabel = (team: TeamEntry) => saved.orgs.find((org) => org.id === team.orgEntryId)?.label;
  const rank = (team: TeamEntry) => {
    const index = saved.recent.indexOf(team.id);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const matching = saved.teams
    .filter(
      (team) => !words || [team.label, team.environment, team.teamId, orgLabel(team) ?? ""].some((t) => t.toLowerCase().includes(words)),
    )
    .sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label));
  const groups = new Map<string, Group>();
  for (const team of matching) {
    const label = orgLabel(team) ?? "No organization";
    const group = groups.get(label) ?? { label, teams: [] };
    group.teams.push(team);
    groups.set(label, group);
  }
  return [...groups.values()];
}

/** The kind of view shown now (users stays users, overview stays overview), or the users of a team. */
function viewOf(pathname: string): TeamView {
  const view = /^\/t\/[^/]+\/([^/]+)/.exec(pathname)?.[1];
  return view === "overview" ? view : "users";
}

interface TeamSwitcherMenuProps {
  currentId: string | undefined;
  /** What was typed while the menu's code loaded. */
  initialSearch: string;
  /** Closes the menu; `returnFocus` when closed from the keyboard (Esc), not by a click elsewhere. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * A searchable list of the saved teams: a combobox whose options are the teams, grouped by
 * organization. Arrows move, Enter opens, Esc closes; a click outside closes it too.
 */
export function TeamSwitcherMenu({ currentId, initialSearch, onClose }: TeamSwitcherMenuProps) {
  const id = useId();
  const saved = useSavedEntries();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search, setSearch] = useState(initialSearch);
  const groups = useMemo(() => groupTeams(saved, search), [saved, search]);
  const options = useMemo(() => groups.flatMap((group) => group.teams), [groups]);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const activeTeam = options[Math.min(active, options.length - 1)];

  useEffect(() => {
    function onPointer(event: PointerEvent) {
      const switcher = rootRef.current?.parentElement;
      if (switcher && !switcher.contains(event.target as Node)) onClose(false);
    }
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [onClose]);

  useEffect(() => {
    if (activeTeam) document.getElementById(`${id}-${activeTeam.id}`)?.scrollIntoView({ block: "nearest" });
  }, [activeTeam, id]);

  function open(team: TeamEntry) {
    onClose(false);
    void navigate(teamPath(team, saved.teams, viewOf(pathname)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(last, moves[event.key] ?? 0)));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (activeTeam) open(activeTeam);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose(true);
    }
  }

  return (
    <div
      ref={rootRef}
      className="switcher-menu"
      role="dialog"
      aria-label="Switch team"
      onBlur={(event) => {
        // Tabbing out of the menu closes it, as a click elsewhere does.
        if (event.relatedTarget instanceof Node && !rootRef.current?.parentElement?.contains(event.relatedTarget)) onClose(false);
      }}
    >
      <input
        // The menu opens to be typed in.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        className="input"
        role="combobox"
        aria-label="Find a team"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeTeam ? `${id}-${activeTeam.id}` : undefined}
        placeholder="Find a team…"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        spellCheck={false}
        autoComplete="off"
      />
      <div id={`${id}-list`} role="listbox" aria-label="Saved teams" className="switcher-list" tabIndex={-1}>
        {groups.map((group, index) => (
          <div key={group.label} role="group" aria-labelledby={`${id}-group-${index}`}>
            <div id={`${id}-group-${index}`} className="switcher-group" role="presentation">
              {group.label}
            </div>
            {group.teams.map((team) => (
              // The keyboard chooses from the combobox (aria-activedescendant); a pointer clicks.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <div
                key={team.id}
                id={`${id}-${team.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={team === activeTeam}
                aria-current={team.id === currentId ? "true" : undefined}
                className="switcher-option"
                onPointerMove={() => setActive(options.indexOf(team))}
                onClick={() => open(team)}
              >
                <TeamName team={team} />
                <span className="switcher-team-id mono small muted">{team.teamId}</span>
              </div>
            ))}
          </div>
        ))}
        {options.length === 0 && (
          <p className="switcher-empty small muted" role="presentation">
            {saved.teams.length === 0 ? "No team saved yet." : "No saved team matches."}
          </p>
        )}
      </div>
      <div className="switcher-footer small">
        <Link to="/teams" onClick={() => onClose(false)}>
          Manage teams
        </Link>
      </div>
    </div>
  );
}

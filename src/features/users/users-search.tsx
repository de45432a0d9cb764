import { useId } from "react";
import { formatCount, formatCountOf } from "../../components/format.ts";

interface UsersSearchProps {
  /** Searching the whole loaded team, or filtering the page shown. */
  scope: "team" | "page";
  value: string;
  onChange: (value: string) => void;
  /** Rows searched: the page's, or the loaded team's. */
  searched: number;
  /** Rows that match, for the text searched (undefined while no text). */
  matches: number | undefined;
}

/** One search field: over the whole team once it is loaded, over the page shown before. */
export function UsersSearch({ scope, value, onChange, searched, matches }: UsersSearchProps) {
  const id = useId();
  const count = matches === undefined ? "" : `: ${formatCountOf(matches, "match", "matches")}`;
  return (
    <div className="users-filter">
      <label htmlFor={id} className="label">
        {scope === "team" ? "Search the whole team" : "Filter this page"}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Client user ID or user ID"
        aria-describedby={`${id}-hint`}
        spellCheck={false}
      />
      <p id={`${id}-hint`} className="hint small muted">
        {scope === "team"
          ? `All ${formatCount(searched)} loaded users are searched${count}.`
          : `Only the ${formatCount(searched)} rows of this page are searched${count}. Load the whole team to search all its users.`}
      </p>
    </div>
  );
}

import { useId, useState } from "react";
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
  const [text, type] = useTypedText(value, onChange);
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
        value={text}
        onChange={(e) => type(e.target.value)}
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

/**
 * The field's text: what was typed, at once. The whole team's search lives in the URL, which
 * React Router changes in a transition: bound to it alone, the field went back to the old text
 * after each keystroke until the URL caught up, and a character typed meanwhile was lost. A
 * `value` that is none of those typed here (Back, a link) replaces the text.
 */
function useTypedText(value: string, onChange: (value: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  /** Typed here and not yet come back as `value`, oldest first. */
  const [pending, setPending] = useState<readonly string[]>([]);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const at = pending.indexOf(value);
    setPending(at >= 0 ? pending.slice(at + 1) : []);
    if (at < 0) setText(value);
  } else if (pending.length > 0 && value === text) {
    setPending([]); // caught up (values in between may never have come back)
  }
  const type = (next: string) => {
    setText(next);
    setPending((typed) => [...typed, next]);
    onChange(next);
  };
  return [text, type];
}

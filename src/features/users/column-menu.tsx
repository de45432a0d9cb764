import type { ColumnVisibilityState as VisibilityState } from "@tanstack/react-table";
import { useState } from "react";
import { defaultColumnVisibility, hideableColumns } from "./user-columns.tsx";

const storageKey = "dashboard.users.columns";

function storedVisibility(): VisibilityState {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey) ?? "null") as unknown;
    return value && typeof value === "object"
      ? { ...defaultColumnVisibility, ...(value as VisibilityState) }
      : { ...defaultColumnVisibility };
  } catch {
    return { ...defaultColumnVisibility };
  }
}

/** Which columns show, remembered in localStorage (it holds no secret). */
export function useColumnVisibility() {
  const [visibility, setVisibility] = useState<VisibilityState>(storedVisibility);
  const update = (next: VisibilityState | ((old: VisibilityState) => VisibilityState)) => {
    setVisibility((old) => {
      const value = typeof next === "function" ? next(old) : next;
      localStorage.setItem(storageKey, JSON.stringify(value));
      return value;
    });
  };
  return [visibility, update] as const;
}

interface ColumnMenuProps {
  visibility: VisibilityState;
  onChange: (next: VisibilityState) => void;
}

/** A popover of checkboxes, one per column that can be hidden. */
export function ColumnMenu({ visibility, onChange }: ColumnMenuProps) {
  return (
    <>
      <button type="button" className="button" popoverTarget="column-menu">
        Columns
      </button>
      <div id="column-menu" popover="auto" className="popover">
        <fieldset>
          <legend className="popover-title">Visible columns</legend>
          {hideableColumns.map(({ id, label }) => (
            <label key={id} className="checkbox">
              <input
                type="checkbox"
                checked={visibility[id] !== false}
                onChange={(e) => onChange({ ...visibility, [id]: e.target.checked })}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      </div>
    </>
  );
}

import type { ColumnVisibilityState as VisibilityState } from "@tanstack/react-table";
import { asRecord, storageKeys, storedValue } from "../../api/stored-value.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { defaultColumnVisibility, hideableColumns } from "./user-columns.tsx";

const columns = storedValue<VisibilityState>({
  key: storageKeys.userColumns,
  storage: () => localStorage,
  parse: (raw) => {
    const value = asRecord(raw);
    return (
      value && {
        ...defaultColumnVisibility,
        ...Object.fromEntries(Object.entries(value).filter(([, shown]) => typeof shown === "boolean")),
      }
    );
  },
  fallback: { ...defaultColumnVisibility },
});

/** Which columns show, remembered in localStorage (it holds no secret). */
export function useColumnVisibility() {
  const visibility = useStoredValue(columns);
  const update = (next: VisibilityState | ((old: VisibilityState) => VisibilityState)) =>
    columns.set(typeof next === "function" ? next(columns.get()) : next);
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

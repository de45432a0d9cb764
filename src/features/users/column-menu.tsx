import type { UsersTableModel } from "./use-users-table.ts";

/** A popover of checkboxes, one per column that can be hidden, built from the table itself. */
export function ColumnMenu({ table }: { table: UsersTableModel }) {
  return (
    <>
      <button type="button" className="button" popoverTarget="column-menu">
        Columns
      </button>
      <div id="column-menu" popover="auto" className="popover">
        <fieldset>
          <legend className="popover-title">Visible columns</legend>
          {table
            .getAllLeafColumns()
            .filter((column) => column.getCanHide())
            .map((column) => (
              <label key={column.id} className="checkbox">
                <input type="checkbox" checked={column.getIsVisible()} onChange={(e) => column.toggleVisibility(e.target.checked)} />
                <span>{column.columnDef.meta?.label}</span>
              </label>
            ))}
        </fieldset>
      </div>
    </>
  );
}

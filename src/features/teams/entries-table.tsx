import type { ReactNode } from "react";

/** A column: its header, and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's name: its cell is the row header, which the tests and screen readers find the row by. */
  rowHeader?: boolean;
  /** Figures, right-aligned. */
  number?: boolean;
}

interface EntriesTableProps<Row> {
  /** `teams-table`, the Teams page's tables; `teams-attempts-table`, the record's denser one. */
  className: string;
  /** The table's accessible name. */
  label?: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Each row's buttons, in a last column whose header only a screen reader reads. */
  actions?: (row: Row) => ReactNode;
}

/** A table of entries, one row each, that scrolls sideways when the window is narrower than it. */
export function EntriesTable<Row>({ className, label, columns, rows, rowKey, actions }: EntriesTableProps<Row>) {
  const numberClass = (column: Column<Row>) => (column.number ? "teams-number" : undefined);
  return (
    <div className="teams-scroll">
      <table className={className} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={numberClass(column)}>
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className="teams-label">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={numberClass(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
              {actions && (
                <td>
                  <div className="teams-row-actions">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

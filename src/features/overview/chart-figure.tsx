import { useId, useState, type ReactNode } from "react";
import { download, fileTime } from "../../components/download.ts";
import { csvRecord } from "../../team-engine/csv.ts";

/** A chart's numbers: what "Show as table" shows and "Download CSV" saves. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

interface ChartFigureProps {
  /** Names the chart's file: `overview-<name>-<time>.csv`. */
  name: string;
  title: string;
  /** One sentence of what the chart shows, for everyone (and read with the figure). */
  summary: string;
  table: ChartTable;
  /** Controls of the chart itself (period, cumulative), beside the title. */
  controls?: ReactNode;
  children: ReactNode;
}

/**
 * A chart as a figure: its title, a one-sentence summary, a switch that shows the same numbers
 * as a real table, and a download of them as CSV.
 */
export function ChartFigure({ name, title, summary, table, controls, children }: ChartFigureProps) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const saveCsv = () => {
    const text = [table.columns, ...table.rows.map((row) => row.map(String))].map(csvRecord).join("");
    download({ fileName: `overview-${name}-${fileTime()}.csv`, blob: new Blob([text], { type: "text/csv;charset=utf-8" }) });
  };
  return (
    <figure className="card overview-chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <div className="overview-chart-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <div className="row overview-chart-actions">
          {controls}
          <label className="overview-switch">
            <input type="checkbox" role="switch" checked={asTable} onChange={(e) => setAsTable(e.target.checked)} />
            Show as table
          </label>
          <button type="button" className="button button-small" aria-label={`Download ${title} as CSV`} onClick={saveCsv}>
            Download CSV
          </button>
        </div>
      </div>
      <figcaption id={`${id}-summary`} className="overview-chart-summary">
        {summary}
      </figcaption>
      {asTable ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling table is a tab stop, so that the keyboard scrolls it too
        <div className="overview-chart-table" role="region" aria-label={`${title}, as a table`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j} className="overview-number">
                        {typeof cell === "number" ? cell.toLocaleString() : cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        children
      )}
    </figure>
  );
}

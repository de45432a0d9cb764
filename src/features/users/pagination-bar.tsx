import { useState } from "react";
import { formatCount } from "../../components/format.ts";
import { useAfterDelay } from "../../components/use-after-delay.ts";
import { pageSizes } from "../../team-engine/page-range.ts";

/** A page that comes within this long comes without a note saying it is loading. */
const loadingNoteDelayMs = 300;

/** Where the table stands: everything the bar shows. */
export interface PageView {
  /** 1-based. */
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  /** Rows on the page shown now. */
  rowsOnPage: number;
  /** The page asked for is still loading (the previous one stays on screen). */
  loading: boolean;
}

interface PaginationBarProps {
  view: PageView;
  onChange: (change: { page: number; pageSize?: number }) => void;
}

export function PaginationBar({ view, onChange }: PaginationBarProps) {
  const { page, pageCount, pageSize, total, rowsOnPage } = view;
  const loading = useAfterDelay(view.loading, loadingNoteDelayMs);
  const onPageChange = (next: number) => onChange({ page: next });
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + rowsOnPage);
  return (
    <nav className="users-pagination" aria-label="Pagination">
      <p className="users-pagination-range" aria-live="polite">
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
        {loading && (
          <span className="users-loading-note" role="status">
            <span className="spinner" aria-hidden="true" /> Loading page {formatCount(page)}…
          </span>
        )}
      </p>
      <div className="users-pagination-controls">
        <label className="users-page-size">
          <span>Rows per page</span>
          <select
            className="select"
            value={pageSize}
            onChange={(e) => {
              // A new size keeps the first row of the view on screen.
              const size = Number(e.target.value);
              onChange({ pageSize: size, page: Math.floor(((page - 1) * pageSize) / size) + 1 });
            }}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <div className="users-page-buttons">
          <button type="button" className="button icon-button" aria-label="First page" disabled={page <= 1} onClick={() => onPageChange(1)}>
            «
          </button>
          <button
            type="button"
            className="button icon-button"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            ‹
          </button>
          <PageInput key={page} page={page} pageCount={pageCount} onPageChange={onPageChange} />
          <button
            type="button"
            className="button icon-button"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            ›
          </button>
          <button
            type="button"
            className="button icon-button"
            aria-label="Last page"
            disabled={page >= pageCount}
            onClick={() => onPageChange(pageCount)}
          >
            »
          </button>
        </div>
      </div>
    </nav>
  );
}

/** Typing a page number commits on Enter or when the field is left; out-of-range numbers are clamped. */
function PageInput({ page, pageCount, onPageChange }: { page: number; pageCount: number; onPageChange: (page: number) => void }) {
  const [draft, setDraft] = useState(String(page));
  const commit = () => {
    const n = Math.round(Number(draft));
    if (!Number.isFinite(n) || draft.trim() === "") return setDraft(String(page));
    const clamped = Math.max(1, Math.min(pageCount, n));
    setDraft(String(clamped));
    if (clamped !== page) onPageChange(clamped);
  };
  return (
    <label className="users-page-input">
      <span className="visually-hidden">Page</span>
      <input
        className="input"
        type="number"
        inputMode="numeric"
        min={1}
        max={pageCount}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
      />
      <span aria-hidden="true">of {formatCount(pageCount)}</span>
      <span className="visually-hidden">of {formatCount(pageCount)} pages</span>
    </label>
  );
}

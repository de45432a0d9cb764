/** Shown only on the first load; later pages keep the previous page on screen instead. */
export function UsersSkeleton({ rows }: { rows: number }) {
  return (
    <div className="card flush" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading users…
      </p>
      <div className="skeleton-table" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="skeleton-row">
            <span className="skeleton" style={{ width: "28%" }} />
            <span className="skeleton" style={{ width: "16%" }} />
            <span className="skeleton" style={{ width: "18%" }} />
            <span className="skeleton" style={{ width: "12%" }} />
            <span className="skeleton" style={{ width: "14%" }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Shown only on the first load; later pages keep the previous page on screen instead. */
export function UsersSkeleton({ rows }: { rows: number }) {
  return (
    <div className="card users-flush" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading users…
      </p>
      <div className="users-skeleton-table" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="users-skeleton-row">
            {Array.from({ length: 5 }, (_, cell) => (
              <span key={cell} className="skeleton" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

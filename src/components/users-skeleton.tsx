/** Shown only on the first load; later pages keep the previous page on screen instead. */
export function UsersSkeleton() {
  return (
    <div className="card card-flush" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading users…
      </p>
      {/* Twelve placeholder rows, drawn by CSS alone: the first paint builds one element. */}
      <div className="skeleton" aria-hidden="true" />
    </div>
  );
}

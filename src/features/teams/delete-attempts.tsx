import { downloadAttempts, useDeleteAttempts } from "./delete-log.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "medium" });

/** The delete attempts made since this tab was opened, downloadable as JSON. */
export function DeleteAttempts() {
  const attempts = useDeleteAttempts();
  return (
    <section className="card stack teams-attempts" aria-labelledby="attempts-title">
      <div className="row row-spread">
        <h2 id="attempts-title" className="section-title">
          Delete attempts in this tab
        </h2>
        <button type="button" className="button button-small" onClick={() => downloadAttempts(attempts)} disabled={attempts.length === 0}>
          Download JSON
        </button>
      </div>
      {attempts.length === 0 ? (
        <p className="muted small">None yet.</p>
      ) : (
        <div className="teams-attempts-scroll">
          <table className="teams-attempts-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Organization</th>
                <th scope="col">Team</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a, i) => (
                <tr key={`${a.at}-${i}`}>
                  <td>
                    <time dateTime={a.at}>{timeFormat.format(new Date(a.at))}</time>
                  </td>
                  <td>
                    <code>{a.orgId}</code>
                  </td>
                  <td>
                    <code>{a.teamId}</code>
                  </td>
                  <td>
                    <span className={`badge ${a.outcome === "deleted" ? "badge-ok" : "badge-missing"}`}>{a.outcome}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import {
  activityExportUrl,
  activityOperations,
  activityOutcomes,
  fetchActivity,
  filterProblems,
  filtersOf,
  noFilters,
  searchOf,
  type ActivityFilters,
  type ActivityRow,
} from "../../api/activity.ts";
import { readsActivity } from "../../api/session.ts";
import { formatCount, formatDateTime } from "../../components/format.ts";
import { useSession } from "../../components/use-session.ts";
import { TextField } from "../../components/text-field.tsx";
import { loadDeployment } from "../../api/deployment.ts";
import { durationText, operationWords, outcomeWords, rangeText, targetText, whoText } from "./activity-words.ts";
import "./activity.css";

function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; text: string }[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters as a form: applied together (one request), kept in the URL. */
function ActivityFilterForm({ applied, onApply }: { applied: ActivityFilters; onApply: (filters: ActivityFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState<ReturnType<typeof filterProblems>>({});
  // The same query as Teams' Service list: asked once a tab.
  const services = useQuery({ queryKey: ["deployment"], queryFn: loadDeployment, staleTime: Infinity }).data?.services ?? [];
  const session = useSession();
  const set = (name: keyof ActivityFilters) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = filterProblems(draft);
    setShown(problems);
    if (Object.keys(problems).length === 0) onApply(draft);
  }
  // Rows are of the services the person is admin of: those are the ones worth choosing.
  const adminOf = services.filter((s) => session.roles[s.name] === "admin");
  return (
    <form className="card activity-filters" onSubmit={submit} aria-label="Filters">
      <TextField label="Operator" value={draft.who} onChange={set("who")} hint="Their email." autoComplete="off" />
      <Choice
        label="Service"
        value={draft.service}
        onChange={set("service")}
        options={adminOf.map((s) => ({ value: s.name, text: `${s.label} (${s.environment})` }))}
      />
      <TextField label="Team" value={draft.team} onChange={set("team")} hint="Its team ID." autoComplete="off" spellCheck={false} />
      <Choice
        label="Operation"
        value={draft.operation}
        onChange={set("operation")}
        options={activityOperations.map((o) => ({ value: o, text: operationWords[o] ?? o }))}
      />
      <Choice
        label="Outcome"
        value={draft.outcome}
        onChange={set("outcome")}
        options={activityOutcomes.map((o) => ({ value: o, text: outcomeWords[o] ?? o }))}
      />
      <TextField label="From" type="datetime-local" value={draft.from} onChange={set("from")} error={shown.from} />
      <TextField label="To" type="datetime-local" value={draft.to} onChange={set("to")} error={shown.to} />
      <div className="row activity-filter-actions">
        <button type="submit" className="button button-primary">
          Apply filters
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            setDraft(noFilters);
            setShown({});
            onApply(noFilters);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}

const columns: { header: string; cell: (row: ActivityRow) => ReactNode; number?: boolean }[] = [
  { header: "When", cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at)}</time> },
  { header: "Who", cell: (row) => (row.who ? row.who : <span className="muted">{whoText(row.who)}</span>) },
  { header: "Service", cell: (row) => row.service ?? "" },
  { header: "Operation", cell: (row) => operationWords[row.operation] ?? row.operation },
  { header: "Team / organization", cell: (row) => <span className="activity-ids">{targetText(row)}</span> },
  { header: "Offset–limit", cell: rangeText, number: true },
  { header: "Status", cell: (row) => row.status ?? "", number: true },
  {
    header: "Outcome",
    cell: (row) => (
      <span className={`badge ${row.outcome === "ok" ? "badge-ok" : row.outcome === "refused" ? "badge-missing" : "badge-danger"}`}>
        {outcomeWords[row.outcome] ?? row.outcome}
      </span>
    ),
  },
  { header: "Users returned", cell: (row) => (row.usersReturned === null ? "" : formatCount(row.usersReturned)), number: true },
  { header: "Duration", cell: (row) => durationText(row.durationMs), number: true },
  { header: "Reason", cell: (row) => row.reason ?? "" },
];

function ActivityTable({ rows }: { rows: ActivityRow[] }) {
  return (
    // A region that scrolls sideways and holds nothing focusable is reached by the keyboard itself.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="activity-scroll" tabIndex={0} role="region" aria-label="Activity record, scrolls sideways">
      <table className="activity-table">
        <caption className="visually-hidden">The activity record, newest first</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.number ? "activity-number" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.seq}>
              {columns.map((column) => (
                <td key={column.header} className={column.number ? "activity-number" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The record, newest first, by pages of the server's; its filters in the URL; downloads of the whole filtered record. */
function ActivityRecord() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = searchOf(filters).toString();
  const query = useInfiniteQuery({
    queryKey: ["activity", filters],
    queryFn: ({ pageParam, signal }) => fetchActivity(filters, pageParam, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const filtered = key !== "";

  let body;
  if (query.isPending) {
    body = (
      <p className="muted" role="status">
        Loading the activity record…
      </p>
    );
  } else if (query.isError && rows.length === 0) {
    body = (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">The activity record could not be read</p>
        <p>{query.error.message}</p>
        <button type="button" className="button button-small" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="card empty-state">
        <h2>{filtered ? "Nothing matches these filters" : "Nothing recorded yet"}</h2>
        <p>
          {filtered
            ? "No action of the services you are an admin of matches them. Change or clear the filters."
            : "Actions on the services you are an admin of show here as they happen: sign-ins, lists of users, deletions, and refusals."}
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <ActivityTable rows={rows} />
        <div className="row activity-more">
          <p className="small muted" role="status">
            {formatCount(rows.length)} {rows.length === 1 ? "action" : "actions"} shown{query.hasNextPage ? ", more before them" : ""}.
          </p>
          {query.hasNextPage && (
            <button type="button" className="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? "Loading…" : "Load more"}
            </button>
          )}
          {query.isFetchNextPageError && (
            <p className="field-error small" role="alert">
              {query.error?.message}
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <ActivityFilterForm key={key} applied={filters} onApply={(next) => setParams(searchOf(next))} />
      <div className="row activity-exports">
        <span className="small muted">{filtered ? "The filtered record:" : "The whole record:"}</span>
        <a className="button button-small" href={activityExportUrl("csv", filters)} download>
          Download CSV
        </a>
        <a className="button button-small" href={activityExportUrl("ndjson", filters)} download>
          Download NDJSON
        </a>
      </div>
      {body}
    </>
  );
}

/** `/activity`: the server's record of who did what, for an admin of at least one service. */
export function ActivityPage() {
  const session = useSession();
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Activity</h1>
          <p>
            Every list of users, deletion, sign-in and refusal on the services you are an admin of: who, when, which team, and what came of
            it. The server keeps the record; each row is chained to the one before it.
          </p>
        </div>
      </div>
      {readsActivity(session) ? (
        <ActivityRecord />
      ) : (
        <div className="card empty-state">
          <h2>Not open to you</h2>
          <p>
            {session.auth === null
              ? "This dashboard does not sign people in, so it keeps no activity record."
              : "The activity record is open to admins: you are not an admin of any service."}
          </p>
        </div>
      )}
    </>
  );
}

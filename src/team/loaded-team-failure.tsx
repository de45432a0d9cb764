interface LoadedTeamFailureProps {
  /** What could not be answered: "The search", "The overview". */
  what: string;
  error: Error;
  retry: () => void;
  retrying: boolean;
}

/** A question the loaded team failed to answer: said as it is, never as "no user matches". */
export function LoadedTeamFailure({ what, error, retry, retrying }: LoadedTeamFailureProps) {
  return (
    <div className="alert alert-error" role="alert">
      <p className="alert-title">{what} could not be answered</p>
      <p>{error.message.replace(/\.$/, "")}. Try again; if it fails again, load the whole team again.</p>
      <p>
        <button type="button" className="button" onClick={retry} disabled={retrying}>
          {retrying && <span className="spinner" aria-hidden="true" />}
          Retry
        </button>
      </p>
    </div>
  );
}

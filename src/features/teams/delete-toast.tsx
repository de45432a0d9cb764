import { useEffect, useRef, type ReactNode } from "react";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { deleteFlow, type DeleteFlowState } from "./delete-flow.ts";
import "./teams.css";

/** What the toast says of a state, and whether it is an error; null when it has nothing to say. */
function message(state: DeleteFlowState): { text: ReactNode; error: boolean } | null {
  switch (state.phase) {
    case "idle":
      return null;
    case "counting":
      // The seconds tick for the eye only: a status that changed every second would be read out
      // every second.
      return {
        text: (
          <>
            Team {state.target.teamId} will be deleted in <span aria-hidden="true">{state.secondsLeft} s</span>
            <span className="visually-hidden">a few seconds unless you undo it</span>.
          </>
        ),
        error: false,
      };
    case "sending":
      return state.delayed ? { text: `Deleting team ${state.target.teamId}…`, error: false } : null;
    case "finished": {
      const { outcome } = state;
      if (outcome.kind === "deleted") return { text: `Team ${outcome.target.teamId} was deleted.${outcome.note}`, error: false };
      if (outcome.kind === "undone")
        return { text: `Undone: team ${outcome.target.teamId} was not deleted, and nothing was sent.`, error: false };
      if (outcome.kind === "key forgotten")
        return {
          text: `Cancelled: team ${outcome.target.teamId} was not deleted, and nothing was sent — its organization's management key was forgotten in this browser.`,
          error: false,
        };
      // Without an undo window the dialog shows the failure; after one, the dialog is long gone.
      return state.delayed ? { text: `Team ${outcome.target.teamId} was not deleted. ${outcome.message}`, error: true } : null;
    }
  }
}

/**
 * The delete flow's countdown with its Undo, then its outcome, shown over every view. Undo takes
 * the focus when the countdown starts; Dismiss takes it from Undo when the countdown ends.
 */
export function DeleteToast() {
  const state = useStoredValue(deleteFlow);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toastRef = useRef<HTMLDivElement>(null);
  const said = message(state);

  useEffect(() => {
    const focusWasHere = document.activeElement === document.body || toastRef.current?.contains(document.activeElement);
    if (state.phase === "counting" || (state.phase === "finished" && focusWasHere)) buttonRef.current?.focus();
  }, [state.phase]);

  if (!said) return null;
  return (
    <div className="teams-toast" ref={toastRef}>
      <div className={`alert ${said.error ? "alert-error" : "alert-success"}`} role={said.error ? "alert" : "status"}>
        <p>{said.text}</p>
        {state.phase === "counting" && (
          <button ref={buttonRef} type="button" className="button" onClick={deleteFlow.undo}>
            Undo
          </button>
        )}
        {state.phase === "finished" && (
          <button ref={buttonRef} type="button" className="button button-small" onClick={deleteFlow.dismiss}>
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}

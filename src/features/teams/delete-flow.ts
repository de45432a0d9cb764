/**
 * The delete flow, outside any view, so that its countdown and Undo survive moving to another
 * view: a confirmed deletion waits `undoSeconds` (sending nothing; Undo, closing or reloading the
 * tab, or forgetting its key cancel it), then sends exactly one DELETE. One deletion at a time:
 * another is refused, with the reason, until this one is sent or undone. Every outcome is
 * recorded. React-free.
 */
import { deleteWords, type TeamTarget } from "../../api/delete-team.ts";
import { describeError, errorSentence, type FieldError } from "../../api/describe-error.ts";
import { savedEntries } from "../../api/saved-entries.ts";
import { recordAttempt } from "./delete-log.ts";

export type FieldErrors = { org_id?: string[]; team_id?: string[]; other?: string[] };

export type DeleteOutcome =
  | { kind: "deleted"; target: TeamTarget; note: string }
  | { kind: "undone"; target: TeamTarget }
  /** Cancelled in its undo window because its management key left this browser (Forget keys, a removed organization). */
  | { kind: "key forgotten"; target: TeamTarget }
  | { kind: "invalid"; target: TeamTarget; message: string; fieldErrors: FieldErrors }
  | { kind: "failed"; target: TeamTarget; message: string };

export type DeleteFlowState =
  | { phase: "idle" }
  | { phase: "counting"; target: TeamTarget; secondsLeft: number }
  | { phase: "sending"; target: TeamTarget; delayed: boolean }
  | { phase: "finished"; outcome: DeleteOutcome; delayed: boolean };

export interface DeleteRequest {
  target: TeamTarget;
  /** Where the DELETE goes, recorded with each attempt (no key). */
  place: string;
  /** Sends the DELETE; called at most once. */
  send: () => Promise<void>;
  /** Run after a deletion, such as dropping the cached pages of the team. */
  afterDelete: () => void;
  /** Said after "Team … was deleted." */
  note?: string;
  undoSeconds: number;
  /** Whether this browser still holds the management key `send` uses; checked as the saved keys change. */
  keyHeld: () => boolean;
}

/** Each validation detail goes beside the field it names. */
function byField(errors: FieldError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const { field, message } of errors) {
    (fields[field === "org_id" || field === "team_id" ? field : "other"] ??= []).push(message);
  }
  return fields;
}

let state: DeleteFlowState = { phase: "idle" };
const listeners = new Set<() => void>();
let cancelCountdown: ((kind: "undone" | "key forgotten") => void) | undefined;

function set(next: DeleteFlowState) {
  state = next;
  listeners.forEach((listener) => listener());
}

async function sendNow({ target, place, send, afterDelete, note = "" }: DeleteRequest, delayed: boolean): Promise<DeleteOutcome> {
  set({ phase: "sending", target, delayed });
  let outcome: DeleteOutcome;
  try {
    await send();
    afterDelete();
    recordAttempt({ at: new Date().toISOString(), ...target, place, outcome: "deleted", detail: "Deleted." });
    outcome = { kind: "deleted", target, note };
  } catch (failure) {
    const description = describeError(failure, deleteWords);
    const message = errorSentence(description);
    recordAttempt({ at: new Date().toISOString(), ...target, place, outcome: description.kind, detail: message });
    outcome =
      description.fieldErrors.length > 0
        ? { kind: "invalid", target, message, fieldErrors: byField(description.fieldErrors) }
        : { kind: "failed", target, message };
  }
  set({ phase: "finished", outcome, delayed });
  return outcome;
}

/** Why another deletion cannot start now; null when one can. */
export function busyReason(current: DeleteFlowState): string | null {
  if (current.phase === "counting")
    return `Team ${current.target.teamId} is waiting in its undo window: undo it, or let it be sent, before deleting another team.`;
  if (current.phase === "sending") return `Team ${current.target.teamId} is being deleted: wait for it before deleting another team.`;
  return null;
}

export const deleteFlow = {
  get: (): DeleteFlowState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Confirms a deletion: resolves with its outcome once sent, undone or cancelled. Refused (an
   * error that says why: see busyReason) while another one is waiting or running — one
   * confirmation, one request, and never one dropped in silence.
   */
  confirm(request: DeleteRequest): Promise<DeleteOutcome> {
    const busy = busyReason(state);
    if (busy) return Promise.reject(new Error(busy));
    if (request.undoSeconds <= 0) return sendNow(request, false);

    const deadline = Date.now() + request.undoSeconds * 1000;
    set({ phase: "counting", target: request.target, secondsLeft: request.undoSeconds });
    return new Promise((resolve) => {
      const tick = setInterval(() => {
        const secondsLeft = Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
        if (state.phase === "counting" && state.secondsLeft !== secondsLeft) set({ ...state, secondsLeft });
      }, 250);
      // Checked once a change is whole: saving keys removes them before it writes them again.
      const stopWatchingKeys = savedEntries.subscribe(() =>
        queueMicrotask(() => {
          if (!request.keyHeld()) cancelCountdown?.("key forgotten");
        }),
      );
      const timer = setTimeout(() => {
        cancelCountdown = undefined;
        clearInterval(tick);
        stopWatchingKeys();
        void sendNow(request, true).then(resolve);
      }, request.undoSeconds * 1000);
      cancelCountdown = (kind) => {
        cancelCountdown = undefined;
        clearInterval(tick);
        clearTimeout(timer);
        stopWatchingKeys();
        const outcome: DeleteOutcome = { kind, target: request.target };
        const detail =
          kind === "undone"
            ? "Undone before it was sent."
            : "Cancelled before it was sent: the management key was forgotten in this browser.";
        recordAttempt({ at: new Date().toISOString(), ...request.target, place: request.place, outcome: "undone", detail });
        set({ phase: "finished", outcome, delayed: true });
        resolve(outcome);
      };
    });
  },

  /** Cancels the waiting deletion: nothing is sent. */
  undo() {
    cancelCountdown?.("undone");
  },

  /** Forgets a finished outcome. */
  dismiss() {
    if (state.phase === "finished") set({ phase: "idle" });
  },
};

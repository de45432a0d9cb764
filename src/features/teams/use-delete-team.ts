import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { Connection } from "../../api/connection.ts";
import { managementClientOf, type TeamTarget } from "../../api/delete-team.ts";
import { AuthenticationError, NetworkError, NotFoundError, ValidationError } from "../../api/errors.ts";
import { usersKeys } from "../../api/list-users.ts";
import { commonErrorText } from "../../components/error-text.ts";
import { recordAttempt, type DeleteAttempt } from "./delete-log.ts";

export type FieldErrors = { org_id?: string[]; team_id?: string[]; other?: string[] };

function outcomeOf(error: unknown): Pick<DeleteAttempt, "outcome" | "detail"> {
  if (error instanceof AuthenticationError) return { outcome: "rejected key", detail: `The management key was rejected. ${error.message}` };
  if (error instanceof NotFoundError)
    return { outcome: "not found", detail: "No such team in this organization (it may already be deleted)." };
  if (error instanceof ValidationError) return { outcome: "invalid", detail: error.message };
  if (error instanceof NetworkError) {
    return {
      outcome: "network error",
      detail: "No answer came from the service, so nothing is assumed deleted. Check your network, then try again.",
    };
  }
  return { outcome: "failed", detail: commonErrorText(error) };
}

/** Each validation detail goes beside the field its loc names. */
function fieldErrorsOf(error: ValidationError): FieldErrors {
  const byField: FieldErrors = {};
  for (const item of error.detail) {
    const field = item.loc[1] === "org_id" || item.loc[1] === "team_id" ? item.loc[1] : "other";
    (byField[field] ??= []).push(item.msg);
  }
  return byField;
}

export type DeleteResult =
  { kind: "deleted"; target: TeamTarget } | { kind: "invalid"; fieldErrors: FieldErrors } | { kind: "failed"; message: string };

/**
 * The delete flow's behaviour: one confirmation sends at most one request; every attempt is
 * recorded; a deleted team's cached pages are dropped, since they show users that are gone.
 */
export function useDeleteTeam(connection: Connection) {
  const queryClient = useQueryClient();
  const client = managementClientOf(connection);
  const inFlight = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (target: TeamTarget) => {
      if (!client) throw new Error("No management key");
      return client.deleteTeam(target);
    },
  });

  async function deleteTeam(target: TeamTarget): Promise<DeleteResult | undefined> {
    if (inFlight.current) return undefined; // one confirmation, one request
    inFlight.current = true;
    setError(null);
    try {
      await mutation.mutateAsync(target);
      recordAttempt({ at: new Date().toISOString(), ...target, outcome: "deleted", detail: "Deleted." });
      queryClient.removeQueries({ queryKey: usersKeys.all });
      return { kind: "deleted", target };
    } catch (failure) {
      const outcome = outcomeOf(failure);
      recordAttempt({ at: new Date().toISOString(), ...target, ...outcome });
      if (failure instanceof ValidationError) return { kind: "invalid", fieldErrors: fieldErrorsOf(failure) };
      setError(outcome.detail);
      return { kind: "failed", message: outcome.detail };
    } finally {
      inFlight.current = false;
    }
  }

  return { deleteTeam, pending: mutation.isPending, error, clearError: () => setError(null), canDelete: client !== null };
}

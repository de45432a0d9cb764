import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { Connection } from "../../api/connection.ts";
import { managementClientOf, type TeamTarget } from "../../api/delete-team.ts";
import { describeError, errorSentence, type FieldError } from "../../api/describe-error.ts";
import { usersKeys } from "../../api/list-users.ts";
import { recordAttempt } from "./delete-log.ts";

export type FieldErrors = { org_id?: string[]; team_id?: string[]; other?: string[] };

/** Each validation detail goes beside the field it names. */
function byField(errors: FieldError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const { field, message } of errors) {
    (fields[field === "org_id" || field === "team_id" ? field : "other"] ??= []).push(message);
  }
  return fields;
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
      const description = describeError(failure, "delete");
      const message = errorSentence(description);
      recordAttempt({ at: new Date().toISOString(), ...target, outcome: description.kind, detail: message });
      if (description.fieldErrors.length > 0) return { kind: "invalid", fieldErrors: byField(description.fieldErrors) };
      setError(message);
      return { kind: "failed", message };
    } finally {
      inFlight.current = false;
    }
  }

  return { deleteTeam, pending: mutation.isPending, error, clearError: () => setError(null), canDelete: client !== null };
}

/** The delete attempts of this tab (sessionStorage): when, where, and what came of it. No keys. */
import type { FailureKind } from "../../api/describe-error.ts";
import { asRecord, storageKeys, storedValue } from "../../api/stored-value.ts";
import { download, fileTime } from "../../components/download.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";

export interface DeleteAttempt {
  at: string;
  orgId: string;
  teamId: string;
  /** Where the DELETE went (a service's path on this origin, or a URL): two services may hold the same IDs. Absent in earlier records. */
  place?: string;
  outcome: "deleted" | "undone" | FailureKind;
  detail: string;
}

const isAttempt = (raw: unknown): raw is DeleteAttempt => {
  const value = asRecord(raw);
  return value !== undefined && ["at", "orgId", "teamId", "outcome", "detail"].every((field) => typeof value[field] === "string");
};

const attempts = storedValue<DeleteAttempt[]>({
  key: storageKeys.deleteAttempts,
  storage: () => sessionStorage,
  parse: (raw) => (Array.isArray(raw) ? raw.filter(isAttempt) : undefined),
  fallback: [],
});

export function recordAttempt(attempt: DeleteAttempt) {
  attempts.set([attempt, ...attempts.get()]);
}

export const useDeleteAttempts = () => useStoredValue(attempts);

export function downloadAttempts(list: DeleteAttempt[]) {
  download({
    fileName: `delete-attempts-${fileTime()}.json`,
    blob: new Blob([JSON.stringify(list, null, 2)], { type: "application/json" }),
  });
}

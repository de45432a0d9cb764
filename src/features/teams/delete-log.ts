/** The delete attempts of this tab (sessionStorage): when, where, and what came of it. No keys. */
import { useSyncExternalStore } from "react";
import type { FailureKind } from "../../api/describe-error.ts";

export interface DeleteAttempt {
  at: string;
  orgId: string;
  teamId: string;
  outcome: "deleted" | FailureKind;
  detail: string;
}

const storageKey = "dashboard.delete-attempts";
const listeners = new Set<() => void>();
let cache: DeleteAttempt[] | undefined;

function read(): DeleteAttempt[] {
  if (cache) return cache;
  try {
    const value = JSON.parse(sessionStorage.getItem(storageKey) ?? "[]") as unknown;
    cache = Array.isArray(value) ? (value as DeleteAttempt[]) : [];
  } catch {
    cache = [];
  }
  return cache;
}

export function recordAttempt(attempt: DeleteAttempt) {
  cache = [attempt, ...read()];
  sessionStorage.setItem(storageKey, JSON.stringify(cache));
  listeners.forEach((listener) => listener());
}

export function useDeleteAttempts(): DeleteAttempt[] {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
}

export function downloadAttempts(attempts: DeleteAttempt[]) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(attempts, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `delete-attempts-${new Date().toISOString().slice(0, 19).replaceAll(":", "-")}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

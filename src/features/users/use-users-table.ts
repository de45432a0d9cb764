import { useTable, type ColumnVisibilityState } from "@tanstack/react-table";
import { useMemo } from "react";
import type { User } from "../../api/contract.ts";
import { asRecord, storageKeys, storedValue } from "../../api/stored-value.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { defaultColumnVisibility, userColumns, userTableFeatures } from "./user-columns.tsx";

/** Which columns show, remembered in localStorage (it holds no secret). */
const columnVisibility = storedValue<ColumnVisibilityState>({
  key: storageKeys.userColumns,
  storage: () => localStorage,
  parse: (raw) => {
    const value = asRecord(raw);
    if (!value) return undefined;
    const chosen = Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean");
    return { ...defaultColumnVisibility, ...Object.fromEntries(chosen) };
  },
  fallback: defaultColumnVisibility,
});

/**
 * The users table's model, made where the page can hand it to the table, the column menu and
 * anything else that reads the columns. The rows are whatever the page shows: it filters them.
 */
export function useUsersTable(users: User[], baseUrl: string) {
  const columns = useMemo(() => userColumns(baseUrl), [baseUrl]);
  const visibility = useStoredValue(columnVisibility);
  return useTable({
    features: userTableFeatures,
    data: users,
    columns,
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: (next) => columnVisibility.set(typeof next === "function" ? next(columnVisibility.get()) : next),
    getRowId: (user) => user.user_id,
  });
}

export type UsersTableModel = ReturnType<typeof useUsersTable>;

import { lazy } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router-dom";
import { UsersPage } from "../features/users/users-page.tsx";
import { Layout } from "./layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

// The users page is the one people open most; the rarer views load on demand.
const DeleteTeamPage = lazy(async () => ({ default: (await import("../features/teams/delete-team-page.tsx")).DeleteTeamPage }));
const SettingsPage = lazy(async () => ({ default: (await import("../features/settings/settings-page.tsx")).SettingsPage }));

/** Declarative routes: the data-router APIs are not needed, and leaving them out halves the router's weight. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Navigate to="/users" replace />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="teams/delete" element={<DeleteTeamPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

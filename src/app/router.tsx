import { lazy } from "react";
import { BrowserRouter, Navigate, Route, Routes, useLocation } from "react-router-dom";
import { UsersPage } from "../features/users/users-page.tsx";
import { lastTeamPath } from "./last-team-path.ts";
import { Layout } from "./layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { TeamRoute } from "./team-route.tsx";

// The users page is the one people open most; the rarer views load on demand.
const TeamsPage = lazy(async () => ({ default: (await import("../features/teams/teams-page.tsx")).TeamsPage }));
const DeleteTeamPage = lazy(async () => ({ default: (await import("../features/teams/delete-team-page.tsx")).DeleteTeamPage }));
const OverviewPage = lazy(async () => ({ default: (await import("../features/overview/overview-page.tsx")).OverviewPage }));
const ActivityPage = lazy(async () => ({ default: (await import("../features/activity/activity-page.tsx")).ActivityPage }));
const SettingsPage = lazy(async () => ({ default: (await import("../features/settings/settings-page.tsx")).SettingsPage }));

/** `/users?…`, the address before teams were saved: the users of the team last used, else Teams. */
function LastTeamUsers() {
  const { search } = useLocation();
  return <Navigate to={lastTeamPath(search) ?? "/teams"} replace />;
}

/** Declarative routes: the data-router APIs are not needed, and leaving them out halves the router's weight. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Navigate to="/teams" replace />} />
          <Route path="teams" element={<TeamsPage />} />
          <Route path="teams/delete" element={<DeleteTeamPage />} />
          <Route path="t/:ref" element={<TeamRoute />}>
            <Route index element={<Navigate to="users" replace />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="overview" element={<OverviewPage />} />
          </Route>
          <Route path="users" element={<LastTeamUsers />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="activity" element={<ActivityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

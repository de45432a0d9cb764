import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { Link } from "../components/link.tsx";
import { teamPath } from "../api/connection.ts";
import { lastOpenedTeam } from "../api/saved-entries.ts";
import { useCurrentTeam } from "../components/use-current-team.ts";
import { readsActivity } from "../api/session.ts";
import { useSavedEntries } from "../components/use-saved-entries.ts";
import { useSession } from "../components/use-session.ts";
import { useStoredValue } from "../components/use-stored-value.ts";
import { selectionSearch } from "../team-engine/team-query-params.ts";
import { EndedExportNotice } from "../team/ended-export-notice.tsx";
import { TeamSwitcher } from "./team-switcher.tsx";
import { setTheme, themeChoice, type ThemeChoice } from "./theme.ts";

// The delete flow's countdown and outcome show over every view; its code loads after the page.
const DeleteToast = lazy(async () => ({ default: (await import("../features/teams/delete-toast.tsx")).DeleteToast }));
// Who is signed in, Sign out, and the dialog once a session ended: only when the deployment
// signs people in (the demo and local use never load it).
const SignedInPerson = lazy(async () => ({ default: (await import("./signed-in-person.tsx")).SignedInPerson }));
function ThemeSelect() {
  const theme = useStoredValue(themeChoice);
  return (
    <select className="select theme-select" aria-label="Theme" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
      <option value="system">System theme</option>
      <option value="light">Light</option>
      <option value="dark">Dark</option>
    </select>
  );
}

/**
 * The current team's views, else the team last used (`/users` leads to Teams when none is
 * saved); between a team's views, the search and filters go along.
 */
function useTeamViewPaths(): { users: string; overview: string | null } {
  const { current } = useCurrentTeam();
  const saved = useSavedEntries();
  const { search } = useLocation();
  const team = current?.team ?? lastOpenedTeam(saved);
  if (!team) return { users: "/users", overview: null };
  const selection = current ? selectionSearch(search) : "";
  return { users: `${teamPath(team, saved.teams)}${selection}`, overview: `${teamPath(team, saved.teams, "overview")}${selection}` };
}

/**
 * The delete flow's toast, once a delete view has been opened in this tab (only a flow started
 * there has anything to show): the users page does not load its code.
 */
function DeleteToastOnceNeeded() {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);
  if (!needed && pathname.startsWith("/teams")) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <DeleteToast />
    </Suspense>
  ) : null;
}

export function Layout() {
  const paths = useTeamViewPaths();
  const session = useSession();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/teams" className="brand" aria-label="Team admin, home">
          <span className="brand-mark" aria-hidden="true">
            TA
          </span>
          Team admin
        </Link>
        <nav className="nav" aria-label="Main">
          <Link navigation to="/teams">
            Teams
          </Link>
          <Link navigation to={paths.users}>
            Users
          </Link>
          {paths.overview && (
            <Link navigation to={paths.overview}>
              Overview
            </Link>
          )}
          {readsActivity(session) && (
            <Link navigation to="/activity">
              Activity
            </Link>
          )}
          <Link navigation to="/settings">
            Settings
          </Link>
        </nav>
        <div className="topbar-end">
          <TeamSwitcher />
          <ThemeSelect />
          {session.auth !== null && (
            <Suspense fallback={null}>
              <SignedInPerson />
            </Suspense>
          )}
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <EndedExportNotice />
        <Suspense
          fallback={
            <p className="muted route-loading" role="status">
              Loading…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <DeleteToastOnceNeeded />
    </div>
  );
}

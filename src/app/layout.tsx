import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { Link } from "../components/link.tsx";
import { useConnection } from "../components/use-connection.ts";
import { useStoredValue } from "../components/use-stored-value.ts";
import { setTheme, themeChoice, type ThemeChoice } from "./theme.ts";

// The delete flow's countdown and outcome show over every view; its code loads after the page.
const DeleteToast = lazy(async () => ({ default: (await import("../features/teams/delete-toast.tsx")).DeleteToast }));

function hostOf(url: string): string {
  if (!url) return "this origin";
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function KeyState({ set }: { set: boolean }) {
  return <span className={`badge ${set ? "badge-ok" : "badge-missing"}`}>{set ? "set" : "not set"}</span>;
}

/** Where the dashboard points and which keys it holds; the keys themselves are never shown. */
function ConnectionSummary() {
  const connection = useConnection();
  return (
    <section className="connection-summary" aria-label="Current connection">
      <dl>
        <div>
          <dt>Service</dt>
          <dd>{hostOf(connection.baseUrl)}</dd>
        </div>
        <div>
          <dt>Team key</dt>
          <dd>
            <KeyState set={connection.teamApiKey !== ""} />
          </dd>
        </div>
        <div>
          <dt>Management key</dt>
          <dd>
            <KeyState set={connection.managementKey !== ""} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

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
 * The delete flow's toast, once the delete view has been opened in this tab (only a flow started
 * there has anything to show): the users page does not load its code.
 */
function DeleteToastOnceNeeded() {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);
  if (!needed && pathname.startsWith("/teams/delete")) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <DeleteToast />
    </Suspense>
  ) : null;
}

export function Layout() {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/users" className="brand" aria-label="Team admin, home">
          <span className="brand-mark" aria-hidden="true">
            TA
          </span>
          Team admin
        </Link>
        <nav className="nav" aria-label="Main">
          <Link navigation to="/users">
            Users
          </Link>
          <Link navigation to="/teams/delete">
            Delete a team
          </Link>
          <Link navigation to="/settings">
            Settings
          </Link>
        </nav>
        <div className="topbar-end">
          <ConnectionSummary />
          <ThemeSelect />
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense
          fallback={
            <p className="muted" role="status">
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

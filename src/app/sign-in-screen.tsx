import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { loadSession, type Session } from "../api/session.ts";

/** Where the sign-in flow starts, coming back to `path` (this origin's path and query only). */
export const signInHref = (path: string) => `/auth/sign-in?${new URLSearchParams({ next: path }).toString()}`;

const herePath = () => `${window.location.pathname}${window.location.search}`;

/** What the screen says, by the way the deployment signs people in. */
function SignInWords({ session, ended }: { session: Session; ended: boolean }) {
  if (session.auth === "proxy")
    return (
      <>
        <p>
          Your identity proxy did not name you, so this dashboard cannot tell who you are. Open it through your organization’s sign-in (the
          address your administrator gave), or ask them to let you through.
        </p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </>
    );
  return (
    <>
      <p>
        {ended
          ? "Your session ended. Sign in again to go on; what this page shows stays as it is if you sign in in a new tab, then continue here."
          : "This dashboard signs people in through your organization’s identity provider. Your role on each service decides what you can do."}
      </p>
      <a className="button button-primary" href={signInHref(herePath())}>
        Sign in
      </a>
    </>
  );
}

/** The whole page, for a person not signed in when the app starts. */
export function SignInScreen({ session }: { session: Session }) {
  return (
    <main id="main" className="sign-in">
      <div className="card sign-in-card">
        <p className="brand sign-in-brand">
          <span className="brand-mark" aria-hidden="true">
            TA
          </span>
          Team admin
        </p>
        <h1>Sign in</h1>
        <SignInWords session={session} ended={false} />
      </div>
    </main>
  );
}

/** The app's first render when the deployment signs people in and nobody is: this screen only. */
export function renderSignIn(root: HTMLElement, session: Session) {
  createRoot(root).render(<SignInScreen session={session} />);
}

/**
 * Over the open page once a request was refused for want of a session: a modal that keeps what
 * is on the page (a form half typed stays as typed), offers to sign in here or in a new tab,
 * and, after that, to go on with the session the new tab made.
 */
export function SessionEndedDialog({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function goOn() {
    const now = await loadSession();
    if (!now.signedIn) return setProblem("You are not signed in yet: sign in (here or in a new tab), then continue.");
    // What failed for want of a session is asked again.
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" });
  }

  return (
    <div className="sign-in-backdrop">
      <div className="card sign-in-card" role="alertdialog" aria-modal="true" aria-labelledby="session-ended-title">
        <h2 id="session-ended-title" ref={headingRef} tabIndex={-1}>
          Sign in again
        </h2>
        <SignInWords session={session} ended />
        {session.auth === "oidc" && (
          <div className="row sign-in-more">
            <a className="button" href={signInHref(herePath())} target="_blank" rel="noopener">
              Sign in in a new tab
            </a>
            <button type="button" className="button" onClick={() => void goOn()}>
              I signed in: continue
            </button>
          </div>
        )}
        <p role="status" className="small">
          {problem}
        </p>
      </div>
    </div>
  );
}

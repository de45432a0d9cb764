import { lazy, Suspense } from "react";
import type { Session } from "../api/session.ts";
import { useSession } from "../components/use-session.ts";

// Only once a session ended under an open page.
const SessionEndedDialog = lazy(async () => ({ default: (await import("./sign-in-screen.tsx")).SessionEndedDialog }));

/** The person as the header names them: name, else email. */
export const personName = (session: Session) => session.name ?? session.email ?? "Signed in";

/**
 * The header's "who is signed in", and Sign out: a form's POST, so that the browser sends the
 * page's Origin (the server refuses a sign-out from elsewhere). Once a request was refused for
 * want of a session, the sign-in dialog over the page instead. Loaded only when the deployment
 * signs people in.
 */
export function SignedInPerson() {
  const session = useSession();
  if (session.ended && !session.signedIn)
    return (
      <Suspense fallback={null}>
        <SessionEndedDialog session={session} />
      </Suspense>
    );
  if (!session.signedIn) return null;
  return (
    <div className="person">
      <p className="person-name" title={session.email ?? undefined}>
        <span className="visually-hidden">Signed in as </span>
        {personName(session)}
      </p>
      {/* Behind an identity proxy, signing out is the proxy's: it names the person on every request. */}
      {session.auth === "oidc" && (
        <form method="post" action="/auth/sign-out" className="person-sign-out">
          <button type="submit" className="button button-small button-ghost">
            Sign out
          </button>
        </form>
      )}
    </div>
  );
}

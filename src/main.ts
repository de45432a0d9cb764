// The base styles come first, so each feature's styles can refine them.
import "./app/styles.css";
import { hasAnyKey, isEarlierKeys } from "./api/key-state.ts";
import { savedEntries } from "./api/saved-entries.ts";
import { storageKeys } from "./api/stored-value.ts";
import { lastTeamPath } from "./app/last-team-path.ts";
import { loadSession, session as sessionStore } from "./api/session.ts";
import { applyTheme } from "./app/theme.ts";
import { requestFirstPage } from "./features/users/prefetch-first-page.ts";

// Nothing here loads React or the query client: the first page of users is on its way while
// they and the app, preloaded by index.html (see vite.config.ts), are fetched and compiled.
function start() {
  // The address of the users before teams were saved opens the team last used, before the router starts.
  if (window.location.pathname === "/users") {
    const path = lastTeamPath(window.location.search);
    if (path) history.replaceState(null, "", `${path}${window.location.hash}`);
  }
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root");
  // When the deployment signs people in and nobody is, the sign-in screen is all there is: the
  // server would refuse everything else. Without sign-in, the app starts as it always did.
  const session = sessionStore.get();
  if (session.auth && !session.signedIn) {
    void import("./app/sign-in-screen.tsx").then(({ renderSignIn }) => renderSignIn(root, session));
    return;
  }
  const firstPage = requestFirstPage(window.location);

  // The app renders once that page is here, or after a quarter of a second: a quick answer shows
  // at once, without a skeleton flashing before it.
  const answered = firstPage?.answer.then(
    () => {},
    () => {},
  );
  const shortWait = new Promise((resolve) => setTimeout(resolve, 250));
  // The deployment's provided teams join the saved ones before a team's path is resolved (a
  // colleague's link to one in a new browser); a server slow to say waits a second at most.
  const deployment = import("./api/deployment.ts").then(({ loadDeployment }) => loadDeployment()).catch(() => {});
  const deploymentWait = Promise.race([deployment, new Promise((resolve) => setTimeout(resolve, 1000))]);
  void Promise.all([import("./app/app.tsx"), Promise.race([answered, shortWait]), deploymentWait]).then(([{ renderApp }]) =>
    renderApp(root, firstPage),
  );
}

/** Places in localStorage, or keys of the earlier shape in either storage (see api/earlier-connection.ts). */
function hasEarlierConnection() {
  try {
    const earlierKeys = (storage: Storage) => isEarlierKeys(JSON.parse(storage.getItem(storageKeys.keys) ?? "null"));
    return localStorage.getItem(storageKeys.earlierPlaces) !== null || earlierKeys(localStorage) || earlierKeys(sessionStorage);
  } catch {
    return false; // storage disabled, or unreadable JSON
  }
}

applyTheme();
// The session is asked while the rest gets ready: a person the deployment wants signed in is.
const sessionKnown = loadSession();
// An earlier version's connection is set aside before anything reads the saved keys (its keys
// had their name); its code loads only in a browser that has one.
const earlierSetAside = hasEarlierConnection()
  ? import("./api/earlier-connection.ts").then(({ setAsideEarlierConnection }) => setAsideEarlierConnection()).catch(() => {}) // its code did not load: the app starts all the same
  : Promise.resolve();
// Then this tab joins the dashboard's other open tabs (their code loads apart); a tab with no
// keys but saved entries waits for the keys they hold before anything shows: no "no key" flash
// in a tab opened from another.
void earlierSetAside
  .then(() => {
    const { keys, teams, orgs } = savedEntries.get();
    const mustAsk = teams.length + orgs.length > 0 && !hasAnyKey(keys);
    const joined = import("./api/open-tabs.ts").then(({ shareKeysWithOpenTabs }) => shareKeysWithOpenTabs()).catch(() => {}); // no BroadcastChannel: this tab keeps its own keys only
    return mustAsk ? joined : undefined;
  })
  .finally(() => void sessionKnown.then(start));

import { useQuery } from "@tanstack/react-query";
import { connectionStore } from "../api/connection.ts";
import { demoConnection, demoConnectionsOptions } from "../api/demo-connections.ts";
import { formatCount } from "./format.ts";

/**
 * One click from `npm start` to a team: the demo's teams, when the server that served this page
 * runs the demo it seeded. Renders nothing anywhere else.
 */
export function DemoConnect({ onConnected }: { onConnected?: () => void }) {
  const { data: orgs } = useQuery(demoConnectionsOptions);
  if (!orgs || orgs.length === 0) return null;
  return (
    <section className="card stack demo-connect" aria-labelledby="demo-connect-title">
      <div>
        <h2 id="demo-connect-title" className="section-title">
          Demo data
        </h2>
        <p className="small muted">
          This server runs the demo it seeded. Connect to a team in one click: its API key, the organization&apos;s management key and ID
          are filled in as if typed in settings, and kept for this tab only.
        </p>
      </div>
      {orgs.map((org) => (
        <div key={org.org_id} className="stack">
          <h3 className="demo-connect-org">{org.name}</h3>
          <ul className="demo-connect-teams">
            {org.teams.map((team) => (
              <li key={team.team_id}>
                <span>
                  <strong>{team.name}</strong>{" "}
                  <span className="muted small">
                    {formatCount(team.users)} {team.users === 1 ? "user" : "users"}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Connect to ${team.name} (${org.name})`}
                  onClick={() => {
                    connectionStore.save(demoConnection(connectionStore.get(), org, team));
                    onConnected?.();
                  }}
                >
                  Connect
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

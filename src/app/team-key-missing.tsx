import { useState, type FormEvent } from "react";
import { savedEntries, type TeamEntry } from "../api/saved-entries.ts";
import { Link } from "../components/link.tsx";
import { SecretInput } from "../components/secret-input.tsx";

/** A saved team whose key this tab does not hold: it says so, and asks. */
export function TeamKeyMissing({ team }: { team: TeamEntry }) {
  const [key, setKey] = useState("");
  function save(event: FormEvent) {
    event.preventDefault();
    if (key.trim())
      savedEntries.change({
        teams: savedEntries.get().teams.map((t) => (t.id === team.id ? { ...t, hasKey: true } : t)),
        teamKeys: { [team.id]: key },
      });
  }
  return (
    <form className="card stack team-key-missing" onSubmit={save} aria-labelledby="team-key-missing-title">
      <h1 id="team-key-missing-title">
        {team.hasKey ? `This tab has no key for ${team.label}` : `${team.label} is saved without a team API key`}
      </h1>
      <p>
        {team.hasKey
          ? "Keys stay in the tab they were entered in, unless you chose to remember them. Enter the team API key to list its users here."
          : "It can be deleted from Teams, not browsed. Enter its team API key to list its users."}
      </p>
      <SecretInput label="Team API key" value={key} onChange={setKey} hint="Sent only to the list operation. Kept for this tab." />
      <div className="row">
        <button type="submit" className="button button-primary" disabled={!key.trim()}>
          Use this key
        </button>
        <Link className="button" to="/teams">
          Back to Teams
        </Link>
      </div>
    </form>
  );
}

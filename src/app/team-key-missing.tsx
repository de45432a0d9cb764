import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { checkTeamKey } from "../api/check-team-key.ts";
import { teamTag } from "../api/connection.ts";
import { usersKeys } from "../api/list-users.ts";
import { savedEntries, servedAt, type TeamEntry } from "../api/saved-entries.ts";
import { useSavedEntries } from "../components/use-saved-entries.ts";
import { Link } from "../components/link.tsx";
import { SecretInput } from "../components/secret-input.tsx";
import { useProblemFocus } from "../components/use-problem-focus.tsx";

/**
 * A saved team whose key this tab does not hold: it says so, and asks. The key is checked as the
 * team form checks it, and must be of this team: a key of another team, or a management key, is
 * never saved for it.
 */
export function TeamKeyMissing({ team }: { team: TeamEntry }) {
  const remembered = useSavedEntries().rememberKeys;
  const queryClient = useQueryClient();
  const [key, setKey] = useState("");
  const [refusal, setRefusal] = useState<string>();
  const [checking, setChecking] = useState(false);
  const { formRef, clear, refused, announcement } = useProblemFocus();

  async function save(event: FormEvent) {
    event.preventDefault();
    const typed = key.trim();
    if (!typed || checking) return;
    setRefusal(undefined);
    clear();
    setChecking(true);
    const baseUrl = servedAt(team.service, team.baseUrl);
    const result = await checkTeamKey(savedEntries.get(), { key: typed, baseUrl, team: { saved: team } });
    setChecking(false);
    if (!("checked" in result)) {
      const words = "failure" in result ? result.failure : result.problem;
      setRefusal(words);
      return refused({ teamApiKey: words });
    }
    // The answer is the team's count (Teams, the delete dialog): not asked for again.
    queryClient.setQueryData(usersKeys.list({ team: teamTag({ baseUrl, teamApiKey: typed }), offset: 0, limit: 1 }), result.checked);
    savedEntries.change({
      teams: savedEntries.get().teams.map((t) => (t.id === team.id ? { ...t, hasKey: true } : t)),
      teamKeys: { [team.id]: typed },
    });
  }

  return (
    <form ref={formRef} className="card stack key-missing" onSubmit={(e) => void save(e)} aria-labelledby="team-key-missing-title">
      <h1 id="team-key-missing-title">
        {team.hasKey ? `This tab has no key for ${team.label}` : `${team.label} is saved without a team API key`}
      </h1>
      <p>
        {team.provided
          ? "This deployment provides the team; each operator gives their own team API key. Enter it to list its users here."
          : team.hasKey
            ? "No open tab of the dashboard in this browser holds it: keys are forgotten when the last tab closes, unless you chose to remember them. Enter the team API key to list its users here."
            : "It can be deleted from Teams, not browsed. Enter its team API key to list its users."}
      </p>
      <SecretInput
        label="Team API key"
        value={key}
        onChange={(value) => {
          setKey(value);
          setRefusal(undefined);
        }}
        error={refusal}
        hint={`Sent only to the list operation. ${remembered ? "Remembered on this device, as you chose in Settings." : "Kept for this browser's open tabs of the dashboard, until the last one closes."}`}
      />
      {announcement}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={!key.trim() || checking}>
          {checking && <span className="spinner" aria-hidden="true" />}
          Use this key
        </button>
        <Link className="button" to="/teams">
          Back to Teams
        </Link>
      </div>
    </form>
  );
}

export function DeleteTeamPage() {
  return <h1>Delete a team</h1>;
}

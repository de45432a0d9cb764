/**
 * Query keys, shared by every feature that reads or drops cached service data. `team` is the
 * connection's tag (see teamTag), never a key.
 */
export const usersKeys = {
  all: ["users"] as const,
  team: (team: string) => [...usersKeys.all, team] as const,
  list: ({ team, offset, limit }: { team: string; offset: number; limit: number }) =>
    [...usersKeys.team(team), "list", { offset, limit }] as const,
};

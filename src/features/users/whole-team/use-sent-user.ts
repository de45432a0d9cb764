import { useQuery } from "@tanstack/react-query";
import { teamTag, type Connection } from "../../../api/connection.ts";
import { teamClientOf, usersKeys } from "../../../api/list-users.ts";

/**
 * A loaded user exactly as the service sends it, asked again at the offset where it was loaded
 * (the loaded team keeps only what search, facets, sort and the table need). Undefined while it
 * comes, or when the service's order has moved since the team was loaded.
 */
export function useSentUser(connection: Connection, userId: string | null, serviceOffset: number | undefined) {
  const client = teamClientOf(connection);
  const { data, isPending } = useQuery({
    queryKey: [...usersKeys.team(teamTag(connection)), "as-sent", serviceOffset] as const,
    queryFn: ({ signal }) => client!.listUsersAsSent({ offset: serviceOffset!, limit: 1 }, { signal }),
    enabled: client !== null && userId !== null && serviceOffset !== undefined,
  });
  const sent = data?.sent[0] as { user_id?: unknown } | undefined;
  return { sent: sent?.user_id === userId ? sent : undefined, moved: !isPending && sent?.user_id !== userId };
}

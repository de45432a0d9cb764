import { useQuery } from "@tanstack/react-query";
import { useFailure } from "../components/use-failure.ts";
import { teamTag, type Connection } from "../api/connection.ts";
import { teamClientOf, usersKeys } from "../api/list-users.ts";

/**
 * A loaded user exactly as the service sends it (its JSON text), asked again at the offset where it
 * was loaded (the loaded team keeps only what search, facets, sort and the table need). `text` is undefined
 * while it comes, when asking failed (`failure`), or when the service's order has moved since the
 * team was loaded (`moved`: another user is at that offset now).
 */
export function useSentUser(connection: Connection, userId: string | null, serviceOffset: number | undefined) {
  const client = teamClientOf(connection);
  const query = useQuery({
    queryKey: [...usersKeys.team(teamTag(connection)), "as-sent", serviceOffset] as const,
    queryFn: ({ signal }) => client!.listUsersAsSent({ offset: serviceOffset!, limit: 1 }, { signal }),
    enabled: client !== null && userId !== null && serviceOffset !== undefined,
  });
  const failure = useFailure(query);
  const sentId = query.data?.page.users[0]?.user_id;
  return {
    text: sentId === userId ? query.data?.texts[0] : undefined,
    moved: query.data !== undefined && sentId !== userId,
    failure,
  };
}

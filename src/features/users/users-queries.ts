import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { teamClientOf, teamTag, type Connection } from "../../api/connection.ts";
import { usersKeys } from "../../api/query-keys.ts";

/** Shared by the page's query and the prefetch of the next page. */
export function usersPageOptions(connection: Connection, { offset, limit }: { offset: number; limit: number }) {
  const client = teamClientOf(connection);
  // The client is a function of the connection, which teamTag identifies in the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: usersKeys.list({ team: teamTag(connection), offset, limit }),
    queryFn: ({ signal }) => {
      if (!client) throw new Error("No team API key");
      return client.listUsers({ offset, limit }, { signal });
    },
    enabled: client !== null,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

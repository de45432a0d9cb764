import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Connection } from "../../api/connection.ts";
import { usersPageOptions } from "../../api/list-users.ts";
import { useAfterFirstPaint } from "../../components/use-after-first-paint.ts";

/** The next page is fetched before it is asked for, once the current one has come and the page has been painted. */
export function usePrefetchNextPage(connection: Connection, { offset, limit, total }: { offset: number; limit: number; total?: number }) {
  const queryClient = useQueryClient();
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted && total !== undefined && offset + limit < total) {
      void queryClient.prefetchQuery(usersPageOptions(connection, { offset: offset + limit, limit }));
    }
  }, [painted, connection, offset, limit, total, queryClient]);
}

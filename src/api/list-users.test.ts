import { QueryClient, QueryObserver } from "@tanstack/query-core";
import { describe, expect, it } from "vitest";
import type { Connection } from "./connection.ts";
import { usersPageOptions, type PageAsSent } from "./list-users.ts";

const connection = (teamApiKey: string): Connection => ({ baseUrl: "", managementUrl: "", orgId: "", teamApiKey, managementKey: "" });
const pageOf = (total: number): PageAsSent => ({ page: { users: [], total, offset: 0, limit: 100 }, texts: [] });
const never = () => new Promise<PageAsSent>(() => {});

/** The users page's query, as the page holds it: one observer whose options change with the URL and the team. */
function pageQuery(teamApiKey: string, offset: number, answer: () => Promise<PageAsSent>) {
  return { ...usersPageOptions(connection(teamApiKey), { offset, limit: 100 }), queryFn: answer };
}

describe("the users page's placeholder", () => {
  it("keeps the same team's previous page while the next loads, never another team's", async () => {
    const queryClient = new QueryClient();
    const observer = new QueryObserver(
      queryClient,
      pageQuery("key-small", 0, () => Promise.resolve(pageOf(8))),
    );
    const stop = observer.subscribe(() => {});
    await observer.refetch();
    expect(observer.getCurrentResult().data?.page.total).toBe(8);

    observer.setOptions(pageQuery("key-small", 100, never));
    expect(observer.getCurrentResult()).toMatchObject({ isPlaceholderData: true, data: { page: { total: 8 } } });

    observer.setOptions(pageQuery("key-large", 0, never));
    expect(observer.getCurrentResult()).toMatchObject({ isPlaceholderData: false, isPending: true, data: undefined });
    stop();
  });
});

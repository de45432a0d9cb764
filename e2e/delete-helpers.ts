/** What the delete specs share: the dialog, the DELETEs a page sends, and a team's key status. */
import type { Page, Request } from "@playwright/test";
import { DeleteDialog } from "./kit/delete-dialog.ts";

export const confirmDialog = (page: Page) => new DeleteDialog(page).root;

/** Every DELETE the page sends, across reloads. */
export function deletesSent(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "DELETE") sent.push(request);
  });
  return sent;
}

/** The list operation's answer for a team's key: 200 while the team exists, 401 once deleted. */
export async function usersOf(page: Page, apiKey: string) {
  return page.request.get("/v2/user/?limit=1", { headers: { "x-service-api-key": apiKey } });
}

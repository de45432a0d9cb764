/**
 * A team's users (`/t/<ref>/users`): the table, pagination, the user panel, the whole-team bar.
 * Built on roles and labels only; these locators are part of the kit's public interface.
 */
import type { Page } from "@playwright/test";

export class UsersPage {
  constructor(readonly page: Page) {}

  get table() {
    return this.page.getByRole("table", { name: "Users" });
  }
  /** The rows of users (the header row left out). */
  get rows() {
    return this.table.getByRole("row").filter({ has: this.page.getByRole("cell") });
  }
  get pagination() {
    return this.page.getByRole("navigation", { name: "Pagination" });
  }
  /** "Showing 1–100 of 2,500". */
  get range() {
    return this.pagination.getByText(/^Showing /);
  }
  get search() {
    return this.page.getByRole("searchbox");
  }
  get error() {
    return this.page.getByRole("alert");
  }
  get userPanel() {
    return new UserPanel(this.page);
  }
  get wholeTeam() {
    return new WholeTeamBar(this.page);
  }

  /** `ref` is a saved team's reference (its team ID); the query keeps the view (`page`, `pageSize`, `q`…). */
  async goto(ref: string, query = "") {
    await this.page.goto(`/t/${encodeURIComponent(ref)}/users${query}`);
  }
  async nextPage() {
    await this.pagination.getByRole("button", { name: "Next page" }).click();
  }
  async setPageSize(size: 25 | 50 | 100 | 250 | 500) {
    await this.page.getByLabel("Rows per page").selectOption(String(size));
  }
  /** Opens the user of the row at `index` (0: the first user) with the keyboard's Enter. */
  async openUser(index: number) {
    await this.rows.nth(index).focus();
    await this.page.keyboard.press("Enter");
    return this.userPanel;
  }
}

/** A user's detail: the panel beside (or over, on a narrow window) the table. */
export class UserPanel {
  constructor(readonly page: Page) {}
  get root() {
    return this.page.getByRole("dialog");
  }
  /** The user exactly as the service sent it, as JSON text. */
  get sentJson() {
    return this.root.getByLabel("User JSON");
  }
  async close() {
    await this.page.keyboard.press("Escape");
  }
}

/** Loading the whole team (search, facets, sort, export over every user). */
export class WholeTeamBar {
  constructor(readonly page: Page) {}
  get loadButton() {
    return this.page.getByRole("button", { name: "Load the whole team" });
  }
  /** "All 2,500 users are loaded…" once complete. */
  get loaded() {
    return this.page.getByRole("status").filter({ hasText: /^All [\d,]+ users are loaded/ });
  }
  get exportCsvButton() {
    return this.page.getByRole("button", { name: "Export CSV" });
  }
  get exportNdjsonButton() {
    return this.page.getByRole("button", { name: "Export NDJSON" });
  }
}

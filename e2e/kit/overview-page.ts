/**
 * A team's overview (`/t/<ref>/overview`): headline figures and charts of the selection.
 * Built on roles and labels only; these locators are part of the kit's public interface.
 */
import type { Locator, Page } from "@playwright/test";

/** One chart: a figure named by its title, described by its one-sentence summary. */
export class OverviewChart {
  constructor(readonly root: Locator) {}
  get summary() {
    return this.root.locator("figcaption");
  }
  get showAsTable() {
    return this.root.getByRole("switch", { name: "Show as table" });
  }
  get table() {
    return this.root.getByRole("table");
  }
  get downloadCsvButton() {
    return this.root.getByRole("button", { name: /^Download .* as CSV$/ });
  }
  get period() {
    return this.root.getByLabel("Period");
  }
  /** A bar (HTML bar charts): a button when it filters the users. */
  bar(label: string) {
    return this.root.getByRole("button", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `) });
  }
  /** The legend of a chart of several lines: a button a line. */
  get legend() {
    return this.root.getByRole("list", { name: "Show or hide a line" });
  }
  /** A line's legend button (pressed while the line shows). */
  legendButton(label: string) {
    return this.legend.getByRole("button", { name: label, exact: true });
  }
  /** A time chart's cursor: a slider along the periods (pointer, arrow keys, Home, End). */
  get cursor() {
    return this.root.getByRole("slider", { name: /chart cursor$/ });
  }
  /** What the cursor points at, below the chart: the period and each shown line's value. */
  get readout() {
    return this.root.getByRole("status");
  }
  /** The readout as text: its period, and each shown line's label and value. */
  async readoutValues(): Promise<{ period: string; values: [string, string][] }> {
    return this.readout.evaluate((readout) => ({
      period: readout.querySelector("p")?.textContent?.trim() ?? "",
      values: Array.from(readout.querySelectorAll("dl > div"), (pair): [string, string] => [
        pair.querySelector("dt")?.textContent?.trim() ?? "",
        pair.querySelector("dd")?.textContent?.trim() ?? "",
      ]),
    }));
  }
  /** The table's rows as text, header row first (the switch turned on first). */
  async rows(): Promise<string[][]> {
    if (!(await this.showAsTable.isChecked())) await this.showAsTable.check();
    return this.table
      .getByRole("row")
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent?.trim() ?? "")));
  }
}

export class OverviewPage {
  constructor(readonly page: Page) {}

  async goto(ref: string, query = "") {
    await this.page.goto(`/t/${encodeURIComponent(ref)}/overview${query}`);
  }
  get heading() {
    return this.page.getByRole("heading", { name: "Overview", level: 1 });
  }
  /** A headline figure's value: "Users", "With a source", "Added in the last 7 days", "Most connected source"… */
  figure(term: string) {
    return this.page
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator("xpath=following-sibling::dd[1]");
  }
  chart(title: string) {
    return new OverviewChart(this.page.getByRole("figure", { name: title }));
  }
  /** The calendar days are counted on: "UTC", or "Your time zone (<zone>)". */
  countDaysIn(choice: "UTC" | RegExp) {
    return this.page.getByRole("group", { name: "Count days in" }).getByRole("radio", { name: choice });
  }
  /** The search and filters applied, each with its Remove button. */
  get selection() {
    return this.page.getByRole("list", { name: "Selection" });
  }
  removeFromSelection(said: string) {
    return this.selection.getByRole("button", { name: `Remove ${said}` });
  }
  /** To the users page, keeping the selection. */
  get usersLink() {
    return this.page.getByRole("main").getByRole("link", { name: /^Show (these|the) users$/ });
  }
}

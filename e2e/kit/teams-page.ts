/**
 * The Teams page (`/teams`): the saved teams and organizations, their forms, import and export.
 * Built on roles and labels only; these locators are part of the kit's public interface.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { DeleteDialog } from "./delete-dialog.ts";

export interface TeamEntryInput {
  label: string;
  /** A service of the deployment as the form lists it ("US (production)"); left out: "Another URL…" when the form offers services. */
  service?: string;
  environment?: string;
  /** Empty or left out: the dashboard's own origin. */
  baseUrl?: string;
  teamApiKey?: string;
  /** An organization entry's label. */
  organization?: string;
  teamId?: string;
}

export interface OrgEntryInput {
  label: string;
  orgId: string;
  managementUrl?: string;
  managementKey?: string;
}

/** One saved team's row: its cells and actions. */
export class TeamRow {
  constructor(
    readonly root: Locator,
    readonly label: string,
  ) {}
  private cell = (column: number) => this.root.getByRole("cell").nth(column);
  get environment() {
    return this.cell(0);
  }
  get organization() {
    return this.cell(1);
  }
  get teamId() {
    return this.cell(2);
  }
  /** The team's `total`, as the table shows it ("2,500"; "—" when unknown). */
  get users() {
    return this.cell(3);
  }
  /** Works, Rejected, Unreachable, Not in this tab…, or the deletion's outcome. */
  get keyStatus() {
    return this.cell(4);
  }
  get openUsersLink() {
    return this.root.getByRole("link", { name: `Open users of ${this.label}` });
  }
  get deleteButton() {
    return this.root.getByRole("button", { name: `Delete team ${this.label}…` });
  }
  get removeFromListButton() {
    return this.root.getByRole("button", { name: `Remove ${this.label} from list` });
  }
  /** A team the deployment provides: given only a key. */
  get setKeyButton() {
    return this.root.getByRole("button", { name: `Set key of ${this.label}…` });
  }
  /** Opens the team's confirmation dialog. */
  async delete(): Promise<DeleteDialog> {
    await this.deleteButton.click();
    return new DeleteDialog(this.root.page());
  }
}

export class TeamsPage {
  constructor(readonly page: Page) {}

  get table() {
    return this.page.getByRole("table", { name: "Teams" });
  }
  get organizations() {
    return this.page.getByRole("table", { name: "Organizations" });
  }
  /** What the last action said: "Added …", "Removed …", "Nothing new to add." */
  get report() {
    return this.page.getByRole("status").filter({ hasText: /^(Added|Removed|Saved|Nothing new)/ });
  }
  get refreshButton() {
    return this.page.getByRole("button", { name: "Refresh" });
  }

  async goto() {
    await this.page.goto("/teams");
    await expect(this.page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();
  }

  row(label: string): TeamRow {
    return new TeamRow(this.table.getByRole("row").filter({ has: this.page.getByRole("rowheader", { name: label, exact: true }) }), label);
  }

  /** The page's Add button; with a form open, its submit button has the same name. */
  private opener(name: string) {
    return this.page.getByRole("button", { name, exact: true });
  }

  /** Fills and submits the Add a team form; returns the form, still open when it refused. */
  async submitTeamForm(team: TeamEntryInput): Promise<Locator> {
    await this.opener("Add team").click();
    const form = this.page.getByRole("dialog", { name: "Add a team" });
    await form.getByLabel("Label").fill(team.label);
    const service = form.getByLabel("Service");
    if (team.service) await service.selectOption({ label: team.service });
    else {
      if (await service.count()) await service.selectOption({ label: "Another URL…" });
      await form.getByLabel("Environment").fill(team.environment ?? "sandbox");
      if (team.baseUrl) await form.getByLabel("API base URL").fill(team.baseUrl);
    }
    if (team.teamApiKey) await form.getByLabel("Team API key").fill(team.teamApiKey);
    await form.getByLabel("Organization").selectOption(team.organization ? { label: team.organization } : { value: "" });
    if (team.teamId) await form.getByLabel("Team ID").fill(team.teamId);
    await form.getByRole("button", { name: "Add team" }).click();
    return form;
  }

  /** Adds a team, and waits for the form to close: a refusal fails with the form's words. */
  async addTeam(team: TeamEntryInput): Promise<TeamRow> {
    await closes(await this.submitTeamForm(team));
    return this.row(team.label);
  }

  /** Fills and submits the Add an organization form; returns the form, still open when it refused. */
  async submitOrganizationForm(org: OrgEntryInput): Promise<Locator> {
    await this.opener("Add organization").click();
    const form = this.page.getByRole("dialog", { name: "Add an organization" });
    await form.getByLabel("Label").fill(org.label);
    await form.getByLabel("Organization ID").fill(org.orgId);
    if (org.managementUrl) await form.getByLabel("Management API URL").fill(org.managementUrl);
    if (org.managementKey) await form.getByLabel("Management key").fill(org.managementKey);
    await form.getByRole("button", { name: "Add organization" }).click();
    return form;
  }

  async addOrganization(org: OrgEntryInput): Promise<void> {
    await closes(await this.submitOrganizationForm(org));
  }

  /**
   * Gives an entry the deployment provides (a team, or an organization with `organization`) its
   * key for this tab; returns the form, still open when it refused.
   */
  async submitKey(label: string, key: string, { organization = false } = {}): Promise<Locator> {
    const table = organization ? this.organizations : this.table;
    await table
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name: label }) })
      .getByRole("button", { name: `Set key of ${label}…` })
      .click();
    const form = this.page.getByRole("dialog", { name: `Key for ${label}` });
    await form.getByLabel(organization ? "Management key" : "Team API key").fill(key);
    await form.getByRole("button", { name: "Save key" }).click();
    return form;
  }

  async setKey(label: string, key: string, options: { organization?: boolean } = {}): Promise<void> {
    await closes(await this.submitKey(label, key, options));
  }

  /** Imports a file of entries: a Teams export, or the reference service's credentials file. */
  async importFile(path: string) {
    await this.page.getByLabel("Import…").setInputFiles(path);
  }
}

/** Waits for a submitted form to close; when it stays open, says what it refused. */
async function closes(form: Locator) {
  await expect(form, "the form closes once saved")
    .toHaveCount(0, { timeout: 15_000 })
    .catch(async (error: Error) => {
      const said = await form
        .getByRole("alert")
        .allTextContents()
        .catch(() => []);
      throw new Error(said.length ? `The form refused: ${said.join(" ")}` : error.message);
    });
}

/** The confirmation of a team's deletion: a modal alertdialog. Part of the kit's public interface. */
import type { Page } from "@playwright/test";

export class DeleteDialog {
  constructor(readonly page: Page) {}
  get root() {
    return this.page.getByRole("alertdialog", { name: /^Delete team/ });
  }
  /** The field that takes the team's label or ID (or only the ID, for a team that is not saved). */
  get confirmation() {
    return this.root.getByLabel(/^Type the team/);
  }
  get confirmButton() {
    return this.root.getByRole("button", { name: "Delete this team" });
  }
  get cancelButton() {
    return this.root.getByRole("button", { name: "Cancel" });
  }
  /** What went wrong, shown inside the dialog. */
  get error() {
    return this.root.getByRole("alert");
  }
  async confirmWith(typed: string) {
    await this.confirmation.fill(typed);
    await this.confirmButton.click();
  }
}

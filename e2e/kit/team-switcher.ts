/** The header's team switcher. Part of the kit's public interface. */
import type { Page } from "@playwright/test";

export class TeamSwitcher {
  constructor(readonly page: Page) {}
  /** Named "Switch team, current: <label> (<environment>)", or "Switch team, none chosen". */
  get button() {
    return this.page.getByRole("button", { name: /^Switch team/ });
  }
  get menu() {
    return this.page.getByRole("dialog", { name: "Switch team" });
  }
  get search() {
    return this.menu.getByRole("combobox", { name: "Find a team" });
  }
  get options() {
    return this.menu.getByRole("option");
  }
  async open() {
    await this.button.click();
  }
  /** Opens the saved team whose label is `label`, by searching for it and pressing Enter. */
  async switchTo(label: string) {
    await this.open();
    await this.search.fill(label);
    await this.page.keyboard.press("Enter");
  }
}

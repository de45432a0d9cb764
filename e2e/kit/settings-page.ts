/** Settings: how keys are kept, and preferences. Part of the kit's public interface. */
import type { Page } from "@playwright/test";

export class SettingsPage {
  constructor(readonly page: Page) {}
  get rememberKeys() {
    return this.page.getByLabel("Remember keys on this device");
  }
  get undoSeconds() {
    return this.page.getByLabel("Undo window (seconds)");
  }
  get autoLoadUsers() {
    return this.page.getByLabel("Load automatically up to (users)");
  }
  async goto() {
    await this.page.goto("/settings");
  }
  async save() {
    await this.page.getByRole("button", { name: "Save" }).click();
  }
  async forgetKeys() {
    await this.page.getByRole("button", { name: "Forget keys" }).click();
  }
}

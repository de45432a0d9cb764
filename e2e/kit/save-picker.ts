/**
 * The save picker that Chromium shows for an export (the File System Access API), answered
 * without a person, since a headless browser dismisses it at once. Part of the kit's public
 * interface.
 *
 * `SavePicker.install(page, answer)`, before the page loads, makes `showSaveFilePicker` answer
 * with a file of the origin private file system (a real file handle, written as a picked file
 * is), or be dismissed, or be absent (the export is then downloaded, as in other browsers).
 */
import type { Page } from "@playwright/test";

export type SavePickerAnswer = { file: string } | "dismiss" | "absent";

/** What the page asked the picker: the suggested name and the file types. */
export interface SavePickerAsk {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}

interface PickerState {
  asked: SavePickerAsk[];
}

export class SavePicker {
  private constructor(readonly page: Page) {}

  static async install(page: Page, answer: SavePickerAnswer): Promise<SavePicker> {
    await page.addInitScript((answer: SavePickerAnswer) => {
      const state: PickerState = { asked: [] };
      const global = window as unknown as Record<string, unknown>;
      global.__savePicker = state;
      if (answer === "absent") {
        delete global.showSaveFilePicker;
        return;
      }
      global.showSaveFilePicker = async (options: SavePickerAsk) => {
        state.asked.push(JSON.parse(JSON.stringify(options)) as SavePickerAsk);
        if (answer === "dismiss") throw new DOMException("The user aborted a request.", "AbortError");
        const root = await navigator.storage.getDirectory();
        return root.getFileHandle(answer.file, { create: true });
      };
    }, answer);
    return new SavePicker(page);
  }

  /** What the page asked the picker, since it loaded. */
  asked(): Promise<SavePickerAsk[]> {
    return this.page.evaluate(() => (window as unknown as { __savePicker: PickerState }).__savePicker.asked);
  }

  /** The names in the origin private file system; `<name>.crswap` beside a file while it is written. */
  files(): Promise<string[]> {
    return this.page.evaluate(async () => {
      // lib.dom declares no async iteration of a directory without "DOM.AsyncIterable".
      const root = (await navigator.storage.getDirectory()) as unknown as { keys(): AsyncIterable<string> };
      const names: string[] = [];
      for await (const name of root.keys()) names.push(name);
      return names.sort();
    });
  }

  /** A file's text, or null when there is none. */
  read(name: string): Promise<string | null> {
    return this.page.evaluate(async (name) => {
      const root = await navigator.storage.getDirectory();
      const handle = await root.getFileHandle(name).catch(() => null);
      return handle && (await handle.getFile()).text();
    }, name);
  }

  /** Writes a file, as an earlier export would have. */
  write(name: string, text: string): Promise<void> {
    return this.page.evaluate(
      async ({ name, text }) => {
        const writable = await (await (await navigator.storage.getDirectory()).getFileHandle(name, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      },
      { name, text },
    );
  }

  /** Deletes every file of the origin private file system. */
  async clear(): Promise<void> {
    const names = await this.files();
    await this.page.evaluate(async (names) => {
      const root = await navigator.storage.getDirectory();
      for (const name of names) await root.removeEntry(name, { recursive: true });
    }, names);
  }
}

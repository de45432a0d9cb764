/**
 * The File System Access API's save picker, where the browser has one (Chromium): an export is
 * then written to the picked file as it is produced. TypeScript's lib.dom declares the file
 * handle and its writable stream, not the picker, hence the few declarations here.
 */
import { exportFileName, exportMediaTypes, type ExportFormat } from "../team-engine/export-team.ts";

interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}

type ShowSaveFilePicker = (options?: SaveFilePickerOptions) => Promise<FileSystemFileHandle>;

/**
 * Asks where to save an export of `format`, or undefined where the browser has no picker (the
 * export is then downloaded). Call it in the click's handler before any await: the picker needs
 * the click's user activation. A dismissed picker rejects with an `AbortError`.
 */
export function pickExportFile(teamId: string, format: ExportFormat): Promise<FileSystemFileHandle> | undefined {
  const picker = (window as Window & { showSaveFilePicker?: ShowSaveFilePicker }).showSaveFilePicker;
  if (typeof picker !== "function") return undefined;
  return picker.call(window, {
    suggestedName: exportFileName(teamId, format),
    types: [{ description: format.toUpperCase(), accept: { [exportMediaTypes[format]]: [`.${format}`] } }],
  });
}

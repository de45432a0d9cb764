/** Saves `blob` as a file named `fileName`, as a link with `download` would. */
export function download({ fileName, blob }: { fileName: string; blob: Blob }) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has its own reference to the Blob by now.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A file name's time: `2026-11-22T15-04-05Z`. */
export const fileTime = (date = new Date()) => `${date.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;

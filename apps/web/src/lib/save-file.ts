/** Saving a file the API answered (a spreadsheet, a PDF) on the user's machine. */

/** Downloads what `url` (an object URL) holds under `fileName`, through a temporary link. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves `blob` under `fileName` (the browser's download), then lets its object URL go. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Showing a PDF the API answers (waybill, invoice): the call needs the bearer token, so the PDF
 * is fetched as a blob and shown through an object URL in a tab opened by the click itself
 * (a tab opened after the download would be blocked), or saved as a file when no tab could be
 * opened.
 */
import { downloadUrl } from './save-file';

/** How long an object URL of a PDF lives: long enough for the new tab or the download to read it. */
const URL_LIFETIME_MS = 60_000;

/** Opens the tab at the click, titled `title` and saying `opening` until the PDF arrives; null when blocked. */
export function openPdfTab(title: string, opening: string): Window | null {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.document.title = title;
    tab.document.body.textContent = opening;
  }
  return tab;
}

/**
 * Fetches the PDF and shows it in `tab`, or saves it as `fileName` when there is no tab. Closes
 * the tab again when the call fails, and rethrows.
 */
export async function showPdf(fetchPdf: () => Promise<Blob>, tab: Window | null, fileName: string): Promise<'tab' | 'download'> {
  let blob: Blob;
  try {
    blob = await fetchPdf();
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
  if (tab && !tab.closed) {
    tab.location.href = url;
    return 'tab';
  }
  downloadUrl(url, fileName);
  return 'download';
}

/**
 * GET Waybill?id=: the order's waybill as a PDF in the user's language (issue 3). The call
 * needs the bearer token, so the PDF is fetched as a blob and shown through an object URL.
 */
import { api } from '../../../lib/api';

/** How long an object URL of a waybill lives: long enough for the new tab or the download to read it. */
const URL_LIFETIME_MS = 60_000;

/** Fetches the waybill of an order; throws `ApiError` with the server's translated reason (404, 409 WAYBILL). */
export async function fetchWaybill(orderId: number): Promise<Blob> {
  const response = await api<Response>('GET', 'Waybill', { query: { id: orderId }, raw: true });
  return response.blob();
}

/**
 * Shows the waybill of an order in `tab` (a window opened by the click itself, so that popup
 * blockers let it through), or saves it as waybill-<id>.pdf when no tab could be opened.
 * Closes the tab again when the call fails, and rethrows.
 */
export async function showWaybill(orderId: number, tab: Window | null): Promise<'tab' | 'download'> {
  let blob: Blob;
  try {
    blob = await fetchWaybill(orderId);
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
  const link = document.createElement('a');
  link.href = url;
  link.download = `waybill-${orderId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  return 'download';
}

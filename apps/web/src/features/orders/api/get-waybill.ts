/**
 * GET Waybill?id=: the order's waybill as a PDF in the user's language (issue 3). The call
 * needs the bearer token, so the PDF is fetched as a blob and shown through an object URL
 * (lib/pdf-tab.ts).
 */
import { api } from '../../../lib/api';
import { showPdf } from '../../../lib/pdf-tab';

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
export function showWaybill(orderId: number, tab: Window | null): Promise<'tab' | 'download'> {
  return showPdf(() => fetchWaybill(orderId), tab, `waybill-${orderId}.pdf`);
}

/**
 * GET Reports/{report} (issue 8, "Reports"): the report of the filters as JSON for the grid, and
 * the same call with format=xlsx for "Export to Excel", saved under the server's translated file
 * name.
 */
import type { Report, ReportName } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-file';
import type { ReportFilters } from '../lib/use-report-filters';

/** The query string of a report call. */
export function reportQuery(filters: ReportFilters) {
  return {
    from: filters.from,
    to: filters.to,
    customerId: filters.customerId,
    locationId: filters.locationId,
    productId: filters.productId,
    transactionTypeId: filters.transactionTypeId,
  };
}

/** The report of `filters` (the previous answer stays shown while the next one loads). */
export function useReport(report: ReportName, filters: ReportFilters, enabled = true) {
  return useQuery({
    queryKey: ['report', report, filters],
    queryFn: ({ signal }) => api<Report>('GET', `Reports/${report}`, { signal, query: reportQuery(filters) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** The file name of a Content-Disposition header (filename* first, RFC 6266), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return disposition.match(/filename="([^"]+)"/i)?.[1] ?? null;
}

/** Downloads the report of `filters` as an Excel workbook and saves it through a temporary link. */
export async function downloadReport(report: ReportName, filters: ReportFilters): Promise<void> {
  const response = await api<Response>('GET', `Reports/${report}`, { query: { ...reportQuery(filters), format: 'xlsx' }, raw: true });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? `${report}.xlsx`);
}

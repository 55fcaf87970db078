/**
 * The invoice calls (issue 8): GET Invoices (a type's list with sums), GET Invoices/{id} (one
 * invoice with its lines), GET InvoiceCustomers (the customer picker) and GET
 * Invoices/{id}/document (the PDF, shown like the waybill's: lib/pdf-tab.ts). Money in minor units with the invoice's currency. A 403 (no
 * finance-report permission) or 404 (another customer's invoice) is final and not retried.
 */
import type { InvoiceDetail, InvoiceList, InvoiceType } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { showPdf } from '../../../lib/pdf-tab';

/** The filters of the invoice list: invoice dates from-to (yyyy-MM-dd), paid or open, a customer. */
export interface InvoiceFilters {
  type: InvoiceType;
  from: string;
  to: string;
  paid?: boolean;
  customerId?: number;
}

const final = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2;

/** A type's invoices within the filters. */
export function useInvoices(filters: InvoiceFilters, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['invoices', 'list', filters],
      queryFn: ({ signal }) => api<InvoiceList>('GET', 'Invoices', { query: { ...filters }, signal }),
      enabled,
      retry: final,
      placeholderData: keepPreviousData,
    }),
  );
}

/** One invoice with its lines, seller and buyer. */
export function useInvoice(id: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['invoices', 'detail', id],
      queryFn: ({ signal }) => api<InvoiceDetail>('GET', `Invoices/${id}`, { signal }),
      enabled,
      retry: final,
    }),
  );
}

/** The customers whose invoices the user may read (more than one for provider staff and chain-level users). */
export function useInvoiceCustomers(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['invoices', 'customers'],
      queryFn: ({ signal }) => api<{ id: number; name: string; countryId: string }[]>('GET', 'InvoiceCustomers', { signal }),
      enabled,
      retry: final,
      staleTime: 5 * 60_000,
    }),
  );
}

/**
 * Shows the invoice's PDF in `tab` (a window opened by the click itself, `openPdfTab`), or saves
 * it as invoice-<number>.pdf when no tab could be opened. Closes the tab when the call fails, and
 * rethrows.
 */
export function showInvoiceDocument(invoice: { id: number; invoiceNumber: string }, tab: Window | null): Promise<'tab' | 'download'> {
  return showPdf(
    async () => (await api<Response>('GET', `Invoices/${invoice.id}/document`, { raw: true })).blob(),
    tab,
    `invoice-${invoice.invoiceNumber}.pdf`,
  );
}

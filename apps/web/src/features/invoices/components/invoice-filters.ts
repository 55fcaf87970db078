/**
 * The invoice list's filters in the address (so a link, a reload and the way back from an
 * invoice keep them): `from` and `to` (invoice dates, yyyy-MM-dd; default the last twelve
 * months), `paid` (true, false or left out for all) and `customerId`.
 */
import { type InvoiceType, invoiceTypes } from '@portal/domain';
import type { InvoiceFilters } from '../api/invoices';

/** Whether a route parameter names an invoice type. */
export function isInvoiceType(value: string | undefined): value is InvoiceType {
  return (invoiceTypes as readonly string[]).includes(value ?? '');
}

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/** The first day of the month twelve months before `day`'s month: 2026-11-25 -> 2025-11-01. */
export function yearBefore(day: string): string {
  return `${Number(day.slice(0, 4)) - 1}${day.slice(4, 7)}-01`;
}

/**
 * The filters of `type` read from the address's query; `today` (yyyy-MM-dd) is the location's
 * date (`useToday`), the default end of the period.
 */
export function readFilters(type: InvoiceType, search: URLSearchParams, today: string): InvoiceFilters {
  const to = plainDate.test(search.get('to') ?? '') ? (search.get('to') as string) : today;
  const from = plainDate.test(search.get('from') ?? '') ? (search.get('from') as string) : yearBefore(to);
  const paid = search.get('paid');
  const customerId = Number(search.get('customerId'));
  return {
    type,
    from,
    to,
    ...(paid === 'true' || paid === 'false' ? { paid: paid === 'true' } : {}),
    ...(Number.isInteger(customerId) && customerId > 0 ? { customerId } : {}),
  };
}

/** The query of `filters` for the address (the type is in the path). */
export function writeFilters(filters: InvoiceFilters): URLSearchParams {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.paid !== undefined) search.set('paid', String(filters.paid));
  if (filters.customerId) search.set('customerId', String(filters.customerId));
  return search;
}

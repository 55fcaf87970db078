/**
 * A report page's filters in the address (so a report can be bookmarked, shared and reloaded):
 * `from`, `to` (yyyy-MM-dd; default the current year up to today; a `from` more than
 * REPORT_MAX_DAYS before `to` is moved up to that day, the longest period the server takes),
 * `customerId`, `locationId`, `productId`, `transactionTypeId`.
 */
import { addPlainDays, REPORT_MAX_DAYS } from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useToday } from '../../session/use-today';

export interface ReportFilters {
  from: string;
  to: string;
  customerId: number | null;
  locationId: number | null;
  productId: number | null;
  transactionTypeId: number | null;
}

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

const id = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);

/**
 * The filters of an address's query with their defaults; `today` (yyyy-MM-dd) is the location's
 * date (`useToday`, docs/domain.md "Today"), the default end of the period.
 */
export function reportFiltersOf(params: URLSearchParams, today: string): ReportFilters {
  const to = plainDate.test(params.get('to') ?? '') ? (params.get('to') as string) : today;
  const fromParam = params.get('from') ?? '';
  const earliest = addPlainDays(to, -REPORT_MAX_DAYS);
  const asked = plainDate.test(fromParam) && fromParam <= to ? fromParam : `${to.slice(0, 4)}-01-01`;
  // yyyy-MM-dd strings: the later of the two.
  const from = [asked, earliest].sort()[1] as string;
  return {
    from,
    to,
    customerId: id(params.get('customerId')),
    locationId: id(params.get('locationId')),
    productId: id(params.get('productId')),
    transactionTypeId: id(params.get('transactionTypeId')),
  };
}

/** The filters of the address, with defaults, and a setter that keeps the rest of the address. */
export function useReportFilters(): [ReportFilters, (patch: Partial<ReportFilters>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const today = useToday();
  const filters = useMemo<ReportFilters>(() => reportFiltersOf(params, today), [params, today]);
  const update = useCallback(
    (patch: Partial<ReportFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return [filters, update, reset];
}

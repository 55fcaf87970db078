/**
 * What the filters offer: the customers and locations of the user's scope, read from the
 * locations report (GET Reports/locations, which answers exactly the scope of the user's report
 * level), and every product. Users without the Reports area (Shop accounting only) get no
 * location list: their reports show their scope as it is.
 */
import type { Report } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useToday } from '../../session/use-today';

export interface ScopeOption {
  id: number;
  name: string;
  customerId: number;
}

/** The customers and locations in scope, sorted by name; empty lists when the user may not read them. */
/** `sessionKey` names the acting user and location: another one has another scope. */
export function useReportScope(sessionKey: string, enabled: boolean) {
  const today = useToday();
  return useQuery({
    queryKey: ['report-scope', sessionKey],
    queryFn: async ({ signal }) => {
      const report = await api<Report>('GET', 'Reports/locations', { signal, query: { from: today, to: today } });
      const locations: ScopeOption[] = report.rows.map((r) => ({
        id: r.locationId as number,
        name: r.locationName as string,
        customerId: r.customerId as number,
      }));
      const customers = new Map<number, string>();
      for (const r of report.rows) customers.set(r.customerId as number, r.customerName as string);
      return {
        locations: locations.sort((a, b) => a.name.localeCompare(b.name)),
        customers: [...customers].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
    staleTime: 5 * 60_000,
    enabled,
  });
}

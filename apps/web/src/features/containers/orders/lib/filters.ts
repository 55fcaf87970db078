/**
 * The list's filters in the address (`?locationId=&status=Open,Confirmed&dateField=&from=&to=&term=`),
 * so a link opens the list filtered and the browser's back button restores it. Values that do not
 * parse are left out (the list shows every order).
 */
import { type ContainerOrderStatus, containerOrderStatuses } from '@portal/domain';
import type { ContainerOrderFilters } from '../api/get-container-orders';

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of the address's search parameters. */
export function filtersFromParams(params: URLSearchParams): ContainerOrderFilters {
  const filters: ContainerOrderFilters = {};
  const locationId = Number(params.get('locationId'));
  if (Number.isInteger(locationId) && locationId > 0) filters.locationId = locationId;
  const status = (params.get('status') ?? '')
    .split(',')
    .filter((s): s is ContainerOrderStatus => (containerOrderStatuses as readonly string[]).includes(s));
  if (status.length) filters.status = status;
  if (params.get('dateField') === 'wanted') filters.dateField = 'wanted';
  const from = params.get('from');
  const to = params.get('to');
  if (from && plainDate.test(from)) filters.from = from;
  if (to && plainDate.test(to) && (!filters.from || filters.from <= to)) filters.to = to;
  const term = params.get('term')?.trim();
  if (term) filters.term = term.slice(0, 100);
  return filters;
}

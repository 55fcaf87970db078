/** The count list's filters as the address keeps them (`?locationId=&status=&from=&to=`). */
import { type CountAuditStatus, countAuditStatuses } from '@portal/domain';
import type { CountAuditFilters } from '../api/get-count-audits';

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the address holds; anything malformed counts as not given. */
export function filtersFromParams(params: URLSearchParams): CountAuditFilters {
  const locationId = Number(params.get('locationId'));
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    ...(Number.isInteger(locationId) && locationId > 0 ? { locationId } : {}),
    ...((countAuditStatuses as readonly string[]).includes(status ?? '') ? { status: status as CountAuditStatus } : {}),
    ...(plainDate.test(from) ? { from } : {}),
    ...(plainDate.test(to) && (!plainDate.test(from) || from <= to) ? { to } : {}),
  };
}

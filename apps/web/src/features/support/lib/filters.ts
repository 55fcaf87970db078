/**
 * The case list's filters and sort as the address keeps them
 * (`?status=&priority=&category=&locationId=&from=&to=&text=&sort=&descending=`), so the back
 * button and a shared link restore them. Anything malformed counts as not given.
 */
import { type SupportTicketsQuery, supportCategories, supportPriorities, supportStatuses, supportTicketSorts } from '@portal/domain';

const plainDate = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The filters the address holds. */
export function filtersFromParams(params: URLSearchParams): SupportTicketsQuery {
  const locationId = Number(params.get('locationId'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const text = (params.get('text') ?? '').trim().slice(0, 100);
  const query: SupportTicketsQuery = {
    status: oneOf(supportStatuses, params.get('status')),
    priority: oneOf(supportPriorities, params.get('priority')),
    category: oneOf(supportCategories, params.get('category')),
    sort: oneOf(supportTicketSorts, params.get('sort')),
    ...(Number.isInteger(locationId) && locationId > 0 ? { locationId } : {}),
    ...(plainDate.test(from) ? { from } : {}),
    ...(plainDate.test(to) && (!plainDate.test(from) || from <= to) ? { to } : {}),
    ...(text ? { text } : {}),
    ...(params.get('descending') === 'false' ? { descending: false } : {}),
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as SupportTicketsQuery;
}

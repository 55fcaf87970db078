/**
 * The email archive's filters in the address (`?topic=&sent=&toCustomerId=&toUserId=
 * &fromLocationId=&from=&to=`), so a filtered list can be linked and the back button restores
 * it. Values that do not parse are left out (the server would refuse them).
 */
import type { ArchiveFilters } from './api';

const id = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The filters the address holds. */
export function archiveFiltersFromParams(params: URLSearchParams): ArchiveFilters {
  const sent = params.get('sent');
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  return {
    topic: params.get('topic') || undefined,
    sent: sent === 'true' ? true : sent === 'false' ? false : undefined,
    toCustomerId: id(params.get('toCustomerId')),
    toUserId: id(params.get('toUserId')),
    fromLocationId: id(params.get('fromLocationId')),
    dateFrom: from,
    // From cannot exceed to (spec section 5): a reversed pair keeps only from.
    dateTo: from && to && to < from ? undefined : to,
  };
}

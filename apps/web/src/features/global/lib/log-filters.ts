/**
 * The log's filters in the address (`?from=&to=&user=&kind=&text=`), so a filtered list can be
 * linked and the back button restores it. Values that do not parse are left out.
 */
import { type LogKind, logKinds } from '@portal/domain';
import type { LogFilters } from '../api/log';

const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The filters the address holds. */
export function logFiltersFromParams(params: URLSearchParams): LogFilters {
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  const kind = params.get('kind');
  return {
    from,
    // From cannot exceed to: a reversed pair keeps only from.
    to: from && to && to < from ? undefined : to,
    user: params.get('user')?.trim() || undefined,
    kind: kind && (logKinds as readonly string[]).includes(kind) ? (kind as LogKind) : undefined,
    text: params.get('text')?.trim() || undefined,
  };
}

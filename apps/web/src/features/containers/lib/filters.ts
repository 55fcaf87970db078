/**
 * The list filters kept in the address (`?status=&term=` on the containers, `?status=&date=` on
 * the rentals), so the browser's back button restores them; anything malformed is left out.
 */
import { type ContainerStatus, containerStatuses, type RentalStatus, rentalStatuses } from '@portal/domain';
import type { ContainerFilters } from '../api/containers';
import type { RentalFilters } from '../api/rentals';

const isDate = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The container list's filters from the address. */
export function containerFiltersFromParams(params: URLSearchParams): ContainerFilters {
  const status = params.get('status');
  const term = params.get('term')?.trim().slice(0, 40);
  return {
    ...(containerStatuses.includes(status as ContainerStatus) ? { status: status as ContainerStatus } : {}),
    ...(term ? { term } : {}),
  };
}

/** The rental list's filters from the address. */
export function rentalFiltersFromParams(params: URLSearchParams): RentalFilters {
  const status = params.get('status');
  const date = params.get('date');
  return {
    ...(rentalStatuses.includes(status as RentalStatus) ? { status: status as RentalStatus } : {}),
    ...(isDate(date) ? { date } : {}),
  };
}

/** A copy of `current` with `changes` set (empty values removed). */
export function withParams(current: URLSearchParams, changes: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

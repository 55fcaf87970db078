/**
 * The list filters kept in the address (`?status=&term=` on the containers, `?status=&date=` on
 * the rentals), so the browser's back button restores them; anything malformed is left out.
 */
import { type ContainerStatus, containerStatuses, type RentalStatus, rentalStatuses } from '@portal/domain';
import type { ContainerFilters } from '../api/containers';
import type { RentalFilters } from '../api/rentals';

/** A real calendar day, yyyy-MM-dd (no 2026-02-30: the server would refuse it). */
function isDate(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

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

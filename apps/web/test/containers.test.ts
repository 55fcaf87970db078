/**
 * The container and rental lists' filters in the address (features/containers/lib/filters.ts):
 * what a link or the back button brings back, anything malformed left out.
 */
import { describe, expect, it } from 'vitest';
import { containerFiltersFromParams, rentalFiltersFromParams, withParams } from '../src/features/containers/lib/filters';

describe('container and rental filters in the address', () => {
  it('reads the container list’s status and search, dropping unknown statuses and trimming the search', () => {
    expect(containerFiltersFromParams(new URLSearchParams('status=NeedsRepair&term=%20NPC-1%20'))).toEqual({
      status: 'NeedsRepair',
      term: 'NPC-1',
    });
    expect(containerFiltersFromParams(new URLSearchParams('status=Lost&term=%20'))).toEqual({});
  });

  it('reads the rental list’s status and day, dropping what is not a status or a date', () => {
    expect(rentalFiltersFromParams(new URLSearchParams('status=Open&date=2026-11-28'))).toEqual({ status: 'Open', date: '2026-11-28' });
    expect(rentalFiltersFromParams(new URLSearchParams('status=open&date=28.11.2026'))).toEqual({});
    expect(rentalFiltersFromParams(new URLSearchParams('date=2026-02-30'))).toEqual({});
    expect(rentalFiltersFromParams(new URLSearchParams('date=2026-13-45'))).toEqual({});
  });

  it('sets and clears parameters without touching the others', () => {
    const next = withParams(new URLSearchParams('status=Open&date=2026-11-28'), { status: null, term: 'x' });
    expect(next.toString()).toBe('date=2026-11-28&term=x');
  });
});

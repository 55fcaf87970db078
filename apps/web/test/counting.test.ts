/**
 * Company > Counting in the web app: the list's filters read from the address (a shared link or
 * "Counts to confirm" opens the list filtered; anything malformed is ignored, never sent), and
 * the section links mark the page the address belongs to.
 */
import { describe, expect, it } from 'vitest';
import { currentSectionItem } from '../src/components/section-nav/current-item';
import { filtersFromParams } from '../src/features/counting/lib/filters';

describe('the count list’s filters in the address', () => {
  it('reads location, status and a date range', () => {
    expect(filtersFromParams(new URLSearchParams('locationId=12&status=registered&from=2026-01-01&to=2026-03-31'))).toEqual({
      locationId: 12,
      status: 'registered',
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(filtersFromParams(new URLSearchParams(''))).toEqual({});
  });

  it('ignores what the server would refuse: unknown statuses, bad ids and dates, a to before the from', () => {
    expect(filtersFromParams(new URLSearchParams('locationId=abc&status=open&from=1.1.2026'))).toEqual({});
    expect(filtersFromParams(new URLSearchParams('locationId=-3&to=2026-13'))).toEqual({});
    expect(filtersFromParams(new URLSearchParams('from=2026-03-01&to=2026-02-01'))).toEqual({ from: '2026-03-01' });
  });
});

describe('the section links', () => {
  const items = [
    { path: 'company', label: 'Company' },
    { path: 'company/users', label: 'Users' },
    { path: 'company/audit', label: 'Counting' },
  ];
  it('mark the page the address belongs to, a count under Counting', () => {
    expect(currentSectionItem(items, '/app/company')?.label).toBe('Company');
    expect(currentSectionItem(items, '/app/company/audit')?.label).toBe('Counting');
    expect(currentSectionItem(items, '/app/company/audit/14')?.label).toBe('Counting');
    expect(currentSectionItem(items, '/app/company/audit/new/')?.label).toBe('Counting');
    expect(currentSectionItem(items, '/app/company/auditing')?.label).toBe('Company');
    expect(currentSectionItem(items, '/app/orders')).toBeUndefined();
  });
});

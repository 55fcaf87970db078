/**
 * The web's default dates follow the acting location's date (docs/domain.md, "Today"), as the
 * server reads it, not the browser's: at 23:30 UTC on New Year's Eve or on a Saturday a browser
 * set to UTC still says the old day, while in the Nordics it is already the next.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFilters } from '../src/features/invoices/components/invoice-filters';
import { reportFiltersOf } from '../src/features/reports/lib/use-report-filters';
import { clockOffset } from '../src/features/session/session-api';
import { sessionToday } from '../src/features/session/use-today';

const at = (country: string) => ({ location: { countryId: country } }) as Parameters<typeof sessionToday>[0];

describe('the location’s today in the web', () => {
  afterEach(() => vi.useRealTimers());

  it('is the Nordic date at 23:30 UTC, not the browser’s', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T23:30:00Z') });
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-12-31');
    expect(sessionToday(at('FI'))).toBe('2027-01-01');
    expect(sessionToday(at('NO'))).toBe('2027-01-01');
    // Without a location (or outside /app): Oslo's date.
    expect(sessionToday(null)).toBe('2027-01-01');
    // A Saturday late evening is Sunday there; before 23:00 UTC in winter still Saturday in Oslo.
    expect(sessionToday(at('SE'), new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    expect(sessionToday(at('SE'), new Date('2026-11-28T22:30:00Z'))).toBe('2026-11-28');
    expect(sessionToday(at('FI'), new Date('2026-11-28T22:30:00Z'))).toBe('2026-11-29');
  });

  it('a report’s default period is the location’s year up to its today', () => {
    const today = sessionToday(at('FI'), new Date('2026-12-31T23:30:00Z'));
    expect(reportFiltersOf(new URLSearchParams(''), today)).toMatchObject({ from: '2027-01-01', to: '2027-01-01' });
    expect(reportFiltersOf(new URLSearchParams('to=2026-12-31'), today)).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('the invoice list’s default period ends on the location’s today', () => {
    const today = sessionToday(at('DK'), new Date('2026-12-31T23:30:00Z'));
    expect(readFilters('pooling', new URLSearchParams(''), today)).toMatchObject({ from: '2026-01-01', to: '2027-01-01' });
  });

  it('takes the server’s clock when the browser’s is wrong, and ignores the network’s delay', () => {
    const browser = Date.parse('2026-11-29T04:00:00Z');
    // The server says 23:30 UTC on New Year's Eve: its today, not the browser's, is the default.
    const offset = clockOffset('2026-12-31T23:30:00.000Z', browser);
    expect(sessionToday(at('FI'), new Date(browser + offset))).toBe('2027-01-01');
    expect(clockOffset('2026-11-29T04:00:20.000Z', browser)).toBe(0);
    expect(clockOffset(undefined, browser)).toBe(0);
    expect(clockOffset('not a time', browser)).toBe(0);
  });
});

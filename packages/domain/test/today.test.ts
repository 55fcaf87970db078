import { afterEach, describe, expect, it, vi } from 'vitest';
import { countries, timeZoneOf, todayIn } from '../src/index.js';

describe('a location’s today (docs/domain.md, "Today")', () => {
  afterEach(() => vi.useRealTimers());

  it('at 23:30 UTC on New Year’s Eve it is already next year in every Nordic country', () => {
    const late = new Date('2026-12-31T23:30:00Z');
    for (const country of countries) expect(todayIn(country, late)).toBe('2027-01-01');
  });

  it('at 23:30 UTC on a Saturday it is Sunday in the Nordics, also in summer time from 22:00 UTC', () => {
    const saturday = new Date('2026-11-28T23:30:00Z');
    expect(saturday.getUTCDay()).toBe(6);
    for (const country of countries) expect(todayIn(country, saturday)).toBe('2026-11-29');
    expect(todayIn('SE', new Date('2026-06-27T22:05:00Z'))).toBe('2026-06-28');
    // Still Saturday before the Nordic midnight.
    expect(todayIn('FI', new Date('2026-11-28T21:59:00Z'))).toBe('2026-11-28');
  });

  it('reads the clock when no instant is given, not the process’s time zone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-12-31');
    expect(todayIn('NO')).toBe('2027-01-01');
  });

  it('an unknown country follows the provider’s home, Oslo', () => {
    expect(timeZoneOf('XX')).toBe('Europe/Oslo');
    expect(timeZoneOf(null)).toBe('Europe/Oslo');
    expect(todayIn('XX', new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

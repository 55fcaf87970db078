import type { BalanceHistory } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { chartPoints } from '../src/features/balance/lib/chart-points';
import { historyPath, parseLocationChoice } from '../src/features/balance/lib/location-choice';

const figures = (pooling: number, commission: number) => ({ pooling, commission, total: pooling + commission });
const entry = (id: number, bookingDate: string, quantity: number, after: ReturnType<typeof figures>) => ({
  id,
  bookingDate,
  balanceKind: 'pooling' as const,
  quantity,
  source: 'order' as const,
  order: null,
  countAuditId: null,
  balanceAfter: after,
});
const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('the balance screen', () => {
  it('reads the location of the address: one location, all of them, or nothing usable', () => {
    expect(parseLocationChoice('all')).toBe('all');
    expect(parseLocationChoice('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '12345678901']) expect(parseLocationChoice(bad)).toBeNull();
    expect(historyPath(3, 42)).toBe('/app/balance/3?location=42');
  });

  it('charts the balance at the end of each day with movements, from the start to the end of the period', () => {
    const history: BalanceHistory = {
      locationId: 1,
      locationName: 'Alnabru',
      productId: 3,
      productName: 'EUR pallet',
      from: '2026-01-01',
      to: '2026-01-31',
      balanceAtFrom: figures(100, 10),
      balanceAtTo: figures(70, 10),
      entries: [
        entry(1, '2026-01-05', -15, figures(85, 10)),
        entry(2, '2026-01-05', -15, figures(70, 10)),
        entry(3, '2026-01-20', 30, figures(100, 10)),
        entry(4, '2026-01-31', -30, figures(70, 10)),
      ],
    };
    expect(chartPoints(history)).toEqual([
      { day: day('2026-01-01'), ...figures(100, 10) },
      { day: day('2026-01-05'), ...figures(70, 10) },
      { day: day('2026-01-20'), ...figures(100, 10) },
      { day: day('2026-01-31'), ...figures(70, 10) },
    ]);
    expect(chartPoints({ ...history, entries: [] })).toEqual([
      { day: day('2026-01-01'), ...figures(100, 10) },
      { day: day('2026-01-31'), ...figures(70, 10) },
    ]);
  });
});

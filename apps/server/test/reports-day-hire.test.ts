/**
 * The pooling report's day hire (docs/domain.md, "Reports"): carrier-days of the end-of-day
 * balance over the period (a negative day counts 0), before the free days are taken off.
 * Pure arithmetic, no database.
 */
import { chargeableDayHireDays } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { type AccountMovement, balanceDays } from '../src/modules/reports/account-movements.js';

const movement = (opening: number, daily: Record<string, number>): AccountMovement => ({
  locationId: 1,
  productId: 1,
  opening,
  quantityIn: 0,
  quantityOut: 0,
  orderIn: 0,
  orderOut: 0,
  closing: 0,
  daily: new Map(Object.entries(daily)),
});

describe('balanceDays', () => {
  it('sums the end-of-day balance over every day of the period, both ends included', () => {
    // 10 carriers for three days: 30 carrier-days.
    expect(balanceDays(movement(10, {}), '2026-03-01', '2026-03-03')).toBe(30);
    // +5 on the second day counts from that day's end on: 10 + 15 + 15.
    expect(balanceDays(movement(10, { '2026-03-02': 5 }), '2026-03-01', '2026-03-03')).toBe(40);
  });

  it('counts a day below zero as no carriers, not as a credit', () => {
    expect(balanceDays(movement(5, { '2026-03-01': -8, '2026-03-03': 10 }), '2026-03-01', '2026-03-03')).toBe(7);
  });

  it('crosses month and leap-day boundaries day by day', () => {
    expect(balanceDays(movement(1, {}), '2028-02-27', '2028-03-01')).toBe(4);
    expect(balanceDays(movement(2, {}), '2026-12-31', '2027-01-01')).toBe(4);
  });

  it('takes the free days of the carriers received off, never below zero', () => {
    const days = balanceDays(movement(0, { '2026-03-01': 20 }), '2026-03-01', '2026-03-30');
    expect(days).toBe(600);
    expect(chargeableDayHireDays(days, 20, 10)).toBe(400);
    expect(chargeableDayHireDays(days, 20, 40)).toBe(0);
  });
});

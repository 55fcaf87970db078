import { describe, expect, it } from 'vitest';
import {
  commissionLines,
  dayHireDays,
  draftInvoice,
  type FeeRates,
  formatInvoiceNumber,
  invoiceDueDate,
  isOverdue,
  lastCompletePeriod,
  nextPeriod,
  type PoolingQuantities,
  periodEnd,
  poolingLines,
  previousPeriod,
  vatNumber,
} from '../src/invoicing.js';
import { addPlainDays } from '../src/plain-date.js';

/** NLP 2024 fees in øre: EUR pallet (1, full size), half pallet (2), crate (6, small); containers (7) have none. */
const fees = new Map<number, FeeRates>([
  [1, { receiverFee: 366, tripFee: 776, dayHire: 19, freeDays: 10, replacementValue: 40_000, dayRent: 0 }],
  [2, { receiverFee: 366, tripFee: 776, dayHire: 14, freeDays: 10, replacementValue: 20_000, dayRent: 0 }],
  [6, { receiverFee: 366, tripFee: 776, dayHire: 10, freeDays: 10, replacementValue: 12_500, dayRent: 0 }],
  // A container: only a day rent (the demo's NOK 25.00 per container and day).
  [7, { receiverFee: 0, tripFee: 0, dayHire: 0, freeDays: 0, replacementValue: 0, dayRent: 2_500 }],
]);

const none: PoolingQuantities = { received: new Map(), trips: new Map(), balances: [], lost: new Map(), containerDays: new Map() };

/** A balance of `held` carriers all month (no receipts nearby): a steady stock. */
const steady = (carrierTypeId: number, held: number) => ({ carrierTypeId, opening: held, days: [] });
const JUNE = '2026-06-01';

describe('day hire with free days', () => {
  it('charges every carrier-day beyond the free days of each receipt, per location, summed per carrier type', () => {
    // Location A: 100 EUR pallets all of June (30 days): 3000. Location B: 120 received on the 1st,
    // free for 10 days, then charged 20 days: 2400.
    const days = dayHireDays(
      [steady(1, 100), { carrierTypeId: 1, opening: 0, days: [{ day: JUNE, change: 120, received: 120 }] }],
      fees,
      JUNE,
      '2026-06-30',
    );
    expect(days).toEqual(new Map([[1, 5400]]));
  });
  it('never lets one location’s free days pay for another’s stock', () => {
    const days = dayHireDays(
      [
        { carrierTypeId: 1, opening: 0, days: [{ day: '2026-06-25', change: 100, received: 100 }] }, // 6 days, all free
        steady(1, 30), // 900
      ],
      fees,
      JUNE,
      '2026-06-30',
    );
    expect(days.get(1)).toBe(900);
  });
  it('charges nothing for a carrier type without fees (containers are rented, not pooled)', () => {
    expect(dayHireDays([steady(7, 500)], fees, JUNE, '2026-06-30').size).toBe(0);
  });
});

describe('a month’s pooling lines', () => {
  it('lists receiver fees, trip fees, day hire and replacements in that order, by carrier type, each quantity x unit price', () => {
    const lines = poolingLines(
      {
        received: new Map([
          [2, 40],
          [1, 120],
          [7, 10],
        ]),
        trips: new Map([[1, 60]]),
        balances: [
          // 100 held all month and 120 received on the 1st (free to the 10th): 3000 + 20 x 120 = 5400.
          { carrierTypeId: 1, opening: 100, days: [{ day: JUNE, change: 120, received: 120 }] },
          // 40 received on the 21st: free to the 30th.
          { carrierTypeId: 2, opening: 0, days: [{ day: '2026-06-21', change: 40, received: 40 }] },
        ],
        lost: new Map([[6, 4]]),
        containerDays: new Map([[7, 45]]),
      },
      fees,
      JUNE,
    );
    expect(lines.map((l) => [l.kind, l.carrierTypeId, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['receiverFee', 1, 120, 366, 43_920],
      ['receiverFee', 2, 40, 366, 14_640],
      ['tripFee', 1, 60, 776, 46_560],
      ['dayHire', 1, 5400, 19, 102_600],
      ['replacement', 6, 4, 12_500, 50_000],
      ['containerRent', 7, 45, 2_500, 112_500],
    ]);
  });
  it('has no lines in a month with nothing to charge', () => {
    expect(poolingLines(none, fees, JUNE)).toEqual([]);
  });
});

describe('a month’s commission lines', () => {
  const prices = new Map([
    [1, { sell: 15_500, buy: 12_400 }],
    [3, { sell: 21_500, buy: 17_200 }],
  ]);
  it('charges carriers bought at the sell price and credits carriers sold at the buy price', () => {
    const lines = commissionLines(
      {
        bought: new Map([
          [3, 10],
          [1, 30],
        ]),
        soldBack: new Map([
          [1, 12],
          [9, 5],
        ]),
      },
      prices,
    );
    expect(lines.map((l) => [l.kind, l.productId, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['commissionSale', 1, 30, 15_500, 465_000],
      ['commissionSale', 3, 10, 21_500, 215_000],
      ['commissionPurchase', 1, 12, -12_400, -148_800],
    ]);
  });
});

describe('invoice totals', () => {
  it('number the lines and add up exactly: lines = excl. VAT, excl. + VAT = incl.', () => {
    const lines = poolingLines({ ...none, received: new Map([[1, 7489]]), balances: [steady(2, 743)] }, fees, '2026-02-01');
    const invoice = draftInvoice(lines, 2550);
    expect(invoice.lines.map((l) => l.lineNo)).toEqual([1, 2]);
    expect(invoice.amountExclVat).toBe(7489 * 366 + 743 * 28 * 14);
    expect(invoice.vatAmount).toBe(Math.round((invoice.amountExclVat * 2550) / 10_000));
    expect(invoice.amountInclVat).toBe(invoice.amountExclVat + invoice.vatAmount);
  });
  it('round a credit symmetrically', () => {
    const credit = draftInvoice(
      commissionLines({ bought: new Map(), soldBack: new Map([[1, 3]]) }, new Map([[1, { sell: 0, buy: 1001 }]])),
      2550,
    );
    expect(credit).toMatchObject({ amountExclVat: -3003, vatAmount: -766, amountInclVat: -3769 });
  });
});

describe('periods and dates', () => {
  it('knows a month’s end, the next and previous month, and the last complete month', () => {
    expect(periodEnd('2024-02-01')).toBe('2024-02-29');
    expect(periodEnd('2026-12-01')).toBe('2026-12-31');
    expect(nextPeriod('2026-12-01')).toBe('2027-01-01');
    expect(previousPeriod('2026-01-01')).toBe('2025-12-01');
    expect(lastCompletePeriod('2026-11-25')).toBe('2026-10-01');
    expect(lastCompletePeriod('2026-11-01')).toBe('2026-10-01');
    expect(addPlainDays('2026-02-27', 2)).toBe('2026-03-01');
  });
  it('gives 30 days to pay; an invoice is overdue the day after its due date when unpaid', () => {
    expect(invoiceDueDate('2026-11-01')).toBe('2026-12-01');
    expect(isOverdue({ paid: false, dueDate: '2026-12-01' }, '2026-12-01')).toBe(false);
    expect(isOverdue({ paid: false, dueDate: '2026-12-01' }, '2026-12-02')).toBe(true);
    expect(isOverdue({ paid: true, dueDate: '2026-12-01' }, '2027-01-01')).toBe(false);
  });
  it('writes invoice and VAT numbers as each country does', () => {
    expect(formatInvoiceNumber('NO-', 42)).toBe('NO-000042');
    expect(formatInvoiceNumber('FI-', 1_234_567)).toBe('FI-1234567');
    expect(vatNumber('NO', '912345678')).toBe('NO 912345678 MVA');
    expect(vatNumber('SE', '556123-4567')).toBe('SE556123456701');
    expect(vatNumber('DK', 'DK12345678')).toBe('DK12345678');
    expect(vatNumber('FI', '2935433-2')).toBe('FI29354332');
    expect(vatNumber('NO', null)).toBeNull();
  });
});

/**
 * A report grid's columns (issue 20: "report grids hide their key columns"): on a 1366 px window
 * the transactions report fits without scrolling sideways, and the pooling report with money
 * keeps location, product and its key figures pinned in view; texts never take 340 px; nothing
 * is pinned on a phone.
 */
import type { ReportColumn } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { gridLayout, PIN_SHARE, TEXT_MAX, TEXT_MIN } from '../src/features/reports/lib/grid-layout';
import { reportPage } from '../src/features/reports/lib/reports';

const column = (key: string, type: ReportColumn['type'], label = key): ReportColumn => ({ key, type, label });

/** The box a 1366 px and a 1920 px window give the grid (the page's padding and the box's border off). */
const BOX_1366 = 1366 - 2 * 16 - 2;
const BOX_1920 = 1920 - 2 * 16 - 2;

const transactions = [
  column('bookingDate', 'date', 'Dato'),
  column('orderId', 'id', 'Ordrenummer'),
  column('movement', 'text', 'Bevegelse'),
  column('locationName', 'text', 'Lokasjon'),
  column('balanceKind', 'text', 'Konto'),
  column('fromName', 'text', 'Fra'),
  column('toName', 'text', 'Til'),
  column('productName', 'text', 'Produkt'),
  column('quantityIn', 'integer', 'Inn'),
  column('quantityOut', 'integer', 'Ut'),
  column('balance', 'integer', 'Saldo'),
];
/** Long names everywhere (customers' locations share long beginnings), short figures. */
const transactionsLongest = new Map(transactions.map((c) => [c.key, c.type === 'text' ? 60 : c.type === 'date' ? 10 : 7]));

const pooling = [
  column('customerName', 'text', 'Asiakas'),
  column('locationName', 'text', 'Toimipaikka'),
  column('locationNumber', 'text', 'Toimipaikkanro'),
  column('productName', 'text', 'Tuote'),
  column('productType', 'text', 'Tuotetyyppi'),
  column('openingBalance', 'integer', 'Alkusaldo'),
  column('quantityIn', 'integer', 'Sisään'),
  column('quantityOut', 'integer', 'Ulos'),
  column('closingBalance', 'integer', 'Loppusaldo'),
  column('receiverFee', 'money', 'Vastaanottomaksu'),
  column('tripFee', 'money', 'Kierrätysmaksu'),
  column('dayHireDays', 'integer', 'Vuokrapäivät'),
  column('dayHire', 'money', 'Päivävuokra'),
  column('fee', 'money', 'Maksut'),
  column('currency', 'currency', 'Valuutta'),
];
const poolingLongest = new Map(pooling.map((c) => [c.key, c.type === 'text' ? 45 : c.type === 'money' ? 13 : 7]));

/** Where each column starts and ends in the box when scrolled to the left, pinned ones at their edges. */
function inView(layout: ReturnType<typeof gridLayout>, box: number, key: string): boolean {
  const pin = layout.pins.get(key);
  const width = layout.widths.get(key) ?? 0;
  if (pin) return pin.offset + width <= box;
  let start = 0;
  for (const k of layout.order) {
    if (k === key) break;
    start += layout.widths.get(k) ?? 0;
  }
  return start + width <= box;
}

describe('report grid layout', () => {
  it('fits the transactions report on a 1366 px window: product, in, out and balance in view', () => {
    const layout = gridLayout({
      columns: transactions,
      longest: transactionsLongest,
      boxWidth: BOX_1366,
      keyColumns: reportPage('transactions').keyColumns,
    });
    expect(layout.total).toBeLessThanOrEqual(BOX_1366);
    for (const key of ['productName', 'quantityIn', 'quantityOut', 'balance']) expect(inView(layout, BOX_1366, key), key).toBe(true);
    for (const c of transactions.filter((c) => c.type === 'text')) {
      expect(layout.widths.get(c.key)).toBeGreaterThanOrEqual(TEXT_MIN);
      expect(layout.widths.get(c.key)).toBeLessThanOrEqual(TEXT_MAX);
    }
    // Everything fits: nothing needs pinning.
    expect(layout.pins.size).toBe(0);
  });

  it('pins the pooling report’s location, product and key figures on 1366 px, and keeps them in view on 1920 px', () => {
    const keyColumns = reportPage('pooling').keyColumns;
    const narrow = gridLayout({ columns: pooling, longest: poolingLongest, boxWidth: BOX_1366, keyColumns });
    expect(narrow.total).toBeGreaterThan(BOX_1366);
    expect(narrow.left).toEqual(['locationName', 'productName']);
    expect(narrow.right).toEqual(['quantityIn', 'quantityOut', 'closingBalance', 'fee']);
    expect(narrow.order.slice(0, 2)).toEqual(['locationName', 'productName']);
    expect(narrow.order.slice(-4)).toEqual(['quantityIn', 'quantityOut', 'closingBalance', 'fee']);
    for (const key of keyColumns) expect(inView(narrow, BOX_1366, key), key).toBe(true);
    const pinned = [...narrow.pins.keys()].reduce((sum, key) => sum + (narrow.widths.get(key) ?? 0), 0);
    expect(pinned).toBeLessThanOrEqual(BOX_1366 * PIN_SHARE);
    // The right-pinned columns sit edge to edge from the right.
    expect(narrow.pins.get('fee')).toEqual({ side: 'right', offset: 0, edge: false });
    expect(narrow.pins.get('quantityIn')?.edge).toBe(true);
    expect(narrow.pins.get('productName')).toEqual({ side: 'left', offset: narrow.widths.get('locationName'), edge: true });

    const wide = gridLayout({ columns: pooling, longest: poolingLongest, boxWidth: BOX_1920, keyColumns });
    for (const key of keyColumns) expect(inView(wide, BOX_1920, key), key).toBe(true);
  });

  it('pins nothing on a phone, where the key columns would fill the screen; the row scrolls whole', () => {
    const layout = gridLayout({
      columns: pooling,
      longest: poolingLongest,
      boxWidth: 390 - 2 * 16 - 2,
      keyColumns: reportPage('pooling').keyColumns,
    });
    expect(layout.pins.size).toBe(0);
    expect(layout.order).toEqual(pooling.map((c) => c.key));
  });

  it('keeps a figure whole however narrow the box, and a header’s long word within reason', () => {
    const layout = gridLayout({ columns: pooling, longest: poolingLongest, boxWidth: 600, keyColumns: [] });
    // 13 characters of money ("12 345,67 €") are never cut.
    expect(layout.widths.get('fee')).toBeGreaterThanOrEqual(13 * 7);
    for (const c of pooling) expect(layout.widths.get(c.key), c.key).toBeLessThanOrEqual(TEXT_MAX);
  });
});

import type { Product, ReconciliationPreview, ReconciliationRow } from '@portal/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatRate } from '../src/features/reconciliation/lib/format-rate';
import { columnLetter, columnOptions, initialColumns, matchProducts, previousMonth } from '../src/features/reconciliation/lib/mapping';
import { disputable, evidenceOf, filterCounts, passes, quantityDifference } from '../src/features/reconciliation/lib/rows';

const preview = (headers: string[], mapping: ReconciliationPreview['mapping'] = null): ReconciliationPreview => ({
  fileName: 'erp.csv',
  rowCount: 2,
  columns: headers.map((header, index) => ({ index, header, distinctValues: [] })),
  sample: [],
  mapping,
});
const product = (id: number, name: string) => ({ id, name }) as Product;
const row = (over: Partial<ReconciliationRow>): ReconciliationRow => ({
  id: 1,
  outcome: 'different',
  matchedBy: 'reference',
  differences: ['quantity'],
  problem: null,
  fileRow: 12,
  fileDate: '2026-11-03',
  fileReference: '123',
  fileCounterparty: null,
  fileProduct: 'EUR',
  fileQuantity: 30,
  productId: 1,
  productName: 'EUR pallet',
  locationId: 5,
  locationName: 'Alnabru',
  ledgerDate: '2026-11-02',
  ledgerQuantity: 33,
  orderId: 5512,
  palletReceiptId: null,
  palletReceiptNumber: null,
  ledgerEntryId: 9,
  counterparty: 'Brewery',
  ...over,
});
// Keys and values as text, so the tests read what each part puts in.
const t = ((key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`) as unknown as TFunction;

describe('the new reconciliation form', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    expect(columnOptions(preview(['Dato', '']))).toEqual([
      { value: '0', label: 'A: Dato' },
      { value: '1', label: 'B' },
    ]);
  });

  it('starts from the saved mapping, else guesses the columns from their headers', () => {
    const saved = {
      headerRow: 2,
      dateColumn: 3,
      referenceColumn: null,
      counterpartyColumn: 1,
      productColumn: 0,
      quantityColumn: 2,
      quantityInColumn: null,
      quantityOutColumn: null,
      products: [{ value: 'EUR', productId: 1 }],
    };
    const { products: _p, ...columns } = saved;
    expect(initialColumns(preview(['a', 'b', 'c', 'd'], saved))).toEqual(columns);
    // A file without the saved columns: guessed from its headers, from the saved header row.
    expect(initialColumns(preview(['Dato', 'Vare', 'Antall'], saved))).toMatchObject({
      headerRow: 2,
      dateColumn: 0,
      productColumn: 1,
      quantityColumn: 2,
    });
    expect(initialColumns(preview(['Dato', 'Ordrenr', 'GLN', 'Produkt', 'Antall']))).toMatchObject({
      headerRow: 1,
      dateColumn: 0,
      referenceColumn: 1,
      counterpartyColumn: 2,
      productColumn: 3,
      quantityColumn: 4,
      quantityInColumn: null,
    });
    expect(initialColumns(preview(['Päivämäärä', 'Tuote', 'Sisään', 'Ulos']))).toMatchObject({
      dateColumn: 0,
      productColumn: 1,
      quantityColumn: null,
      quantityInColumn: 2,
      quantityOutColumn: 3,
    });
  });

  it('matches the file’s products: the saved mapping first, then a number or a name without case', () => {
    const products = [product(1, 'EUR-pall, kvalitet A'), product(2, 'Halvpall'), product(3, 'Ramme')];
    const matched = matchProducts(['eur ', '2', 'RAMME', 'Unknown', 'OLD'], products, [
      { value: 'EUR', productId: 1 },
      { value: 'old', productId: 99 },
    ]);
    expect([...matched]).toEqual([
      ['eur ', 1],
      ['2', 2],
      ['RAMME', 3],
      ['Unknown', null],
      ['OLD', null],
    ]);
  });

  it('defaults to the previous month of the location’s today', () => {
    expect(previousMonth('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousMonth('2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('a reconciliation’s page', () => {
  it('writes the match rate with one decimal in the user’s locale', () => {
    expect(formatRate(9650, 'en-US')).toBe('96.5%');
    expect(formatRate(10_000, 'en-US')).toBe('100.0%');
    expect(formatRate(9650, 'fi-FI').replace(/\s/g, ' ')).toBe('96,5 %');
  });

  it('filters the rows by outcome, everything not matched by default', () => {
    const rows = [row({ outcome: 'matched' }), row({ outcome: 'different' }), row({ outcome: 'fileOnly' }), row({ outcome: 'portalOnly' })];
    expect(filterCounts(rows)).toEqual({ unmatched: 3, different: 1, fileOnly: 1, portalOnly: 1, matched: 1, all: 4 });
    expect(rows.filter((r) => passes(r, 'unmatched')).map((r) => r.outcome)).toEqual(['different', 'fileOnly', 'portalOnly']);
  });

  it('offers a dispute for a row not matched on a movement (order, receipt, single entry), with the row as evidence', () => {
    expect(disputable(row({}))).toBe(true);
    expect(disputable(row({ outcome: 'matched' }))).toBe(false);
    expect(disputable(row({ outcome: 'fileOnly', orderId: null, palletReceiptId: null, ledgerEntryId: null }))).toBe(false);
    expect(disputable(row({ outcome: 'portalOnly', orderId: null, palletReceiptId: 7, palletReceiptNumber: 'PK-2026-000007' }))).toBe(true);
    expect(quantityDifference(row({}))).toBe(-3);
    expect(evidenceOf(t, 4, row({}))).toBe(
      'evidence.text{"id":4,"row":12,"file":"2026-11-03, evidence.reference{\\"reference\\":\\"123\\"}, EUR, 30","ledger":"2026-11-02, EUR pallet, 33, movement.order{\\"id\\":5512}"}',
    );
    expect(evidenceOf(t, 4, row({ outcome: 'portalOnly', fileRow: null }))).toMatch(/^evidence\.portalOnly\{"id":4,"ledger":"2026-11-02/);
  });
});

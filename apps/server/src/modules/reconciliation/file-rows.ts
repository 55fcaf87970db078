/**
 * A reconciliation file's data rows as the mapping reads them (docs/reconciliation.md, "Files"
 * and "Mapping"): the rows after the header row that hold any value, each with its booking day,
 * reference, counterparty, product and signed quantity, or the problem that kept it from being
 * read (the first of date, quantity, product).
 */
import { setImmediate as breathe } from 'node:timers/promises';
import type { Locale, ReconciliationMapping } from '@portal/domain';
import type { Tx } from '../../db/client.js';
import { importProducts } from '../order-import/import-lookups.js';
import type { FileTable } from './read-file.js';
import { glnOf, keyOf, readDate, readQuantity } from './read-values.js';

/** One data row of the file as read. */
export interface FileRow {
  /** 1-based, as a spreadsheet numbers it. */
  row: number;
  /** The booking day read (yyyy-MM-dd), else the cell's text. */
  dateText: string;
  date: string | null;
  reference: string | null;
  counterparty: string | null;
  /** `gln:<13 digits>` or `name:<key>`; null when the row names no counterparty. */
  counterpartyKey: string | null;
  product: string;
  productId: number | null;
  /** Signed carriers (+ in, - out). */
  quantity: number | null;
  /** validation.reconciliationDate | validation.reconciliationQuantity | validation.reconciliationProduct; null when read. */
  problem: string | null;
}

/**
 * Finds the portal's product a file names: the mapping's `products` first (value compared by
 * `keyOf`), else a product's id, code (EUR-A), stored name or name in `locale`.
 */
export async function productResolver(db: Tx, locale: Locale, mapping: ReconciliationMapping): Promise<(text: string) => number | null> {
  const byKey = new Map<string, number>();
  for (const p of await importProducts(db, locale)) {
    for (const k of [p.localName, p.name, p.code, String(p.id)]) if (k) byKey.set(keyOf(k), p.id);
  }
  for (const m of mapping.products) byKey.set(keyOf(m.value), m.productId);
  return (text) => (text.trim() === '' ? null : (byKey.get(keyOf(text)) ?? null));
}

/** The text of cell `column` of `cells` (null column: ''). */
const cell = (cells: string[], column: number | null) => (column === null ? '' : (cells[column] ?? '').trim().slice(0, MAX_TEXT));

/** The longest text of a cell kept, in characters. */
const MAX_TEXT = 200;

/**
 * The data rows of `table` by `mapping`, those whose day was read and lies outside `keep`
 * (the period) left out.
 */
export async function fileRows(
  table: FileTable,
  mapping: ReconciliationMapping,
  product: (text: string) => number | null,
  keep: (date: string) => boolean,
): Promise<FileRow[]> {
  const result: FileRow[] = [];
  for (let i = mapping.headerRow; i < table.rows.length; i++) {
    // A turn of the event loop every 1,000 rows.
    if (i % 1000 === 0) await breathe();
    const cells = table.rows[i] ?? [];
    if (!cells.some((c) => c.trim() !== '')) continue;
    const dateText = cell(cells, mapping.dateColumn);
    const date = readDate(dateText, table.kind);
    if (date !== null && !keep(date)) continue;
    let quantity: number | null;
    if (mapping.quantityColumn !== null) quantity = readQuantity(cell(cells, mapping.quantityColumn));
    else {
      const inText = cell(cells, mapping.quantityInColumn);
      const outText = cell(cells, mapping.quantityOutColumn);
      const quantityIn = inText === '' ? 0 : readQuantity(inText);
      const quantityOut = outText === '' ? 0 : readQuantity(outText);
      // Both are amounts: a sign written in either is ignored.
      quantity =
        (inText === '' && outText === '') || quantityIn === null || quantityOut === null
          ? null
          : Math.abs(quantityIn) - Math.abs(quantityOut);
    }
    const productText = cell(cells, mapping.productColumn);
    const productId = product(productText);
    const reference = cell(cells, mapping.referenceColumn) || null;
    const counterparty = cell(cells, mapping.counterpartyColumn) || null;
    const gln = counterparty === null ? null : glnOf(counterparty);
    result.push({
      row: i + 1,
      dateText: date ?? dateText,
      date,
      reference,
      counterparty,
      counterpartyKey: counterparty === null ? null : gln ? `gln:${gln}` : `name:${keyOf(counterparty)}`,
      product: productText,
      productId,
      quantity,
      problem:
        date === null
          ? 'validation.reconciliationDate'
          : quantity === null
            ? 'validation.reconciliationQuantity'
            : productId === null
              ? 'validation.reconciliationProduct'
              : null,
    });
  }
  return result;
}

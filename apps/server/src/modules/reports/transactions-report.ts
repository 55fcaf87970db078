/**
 * The transactions report (issue 8, "Reports"; docs/domain.md, "Reports"): the ledger as a user
 * sees it. Per location of the report (ascending), first a "balance brought forward" row per
 * product with a balance at `from`, then one row per movement booked from `from` to `to` (order,
 * opening balance, count correction, issue, scrap) by booking date: date, order number,
 * movement, account, from, to, product, in, out, and the balance after it. The balance runs per
 * location and product over both accounts (pooling and commission: carriers, as a count sees
 * them), starting from the balance at `from` (`balancesBefore`: running totals minus a range
 * read). With an order-kind filter only that kind's rows are shown, the balance still counts
 * every movement. Totals: in, out, and the balance at `to` of every location and product of the
 * report, which equals the sum of GET stockDetails' balances when `to` is today.
 */
import type { ReportRow } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { type ColumnDef, num, type ReportDefinition, type ReportRows } from './report-definition.js';
import { balancesBefore, locationsById, lpKey, productInfo } from './report-lookups.js';
import { productFilter, type ReportContext } from './report-scope.js';

const columns: ColumnDef[] = [
  { key: 'bookingDate', type: 'date' },
  { key: 'orderId', type: 'id' },
  { key: 'movement', type: 'text' },
  { key: 'locationName', type: 'text' },
  { key: 'balanceKind', type: 'text' },
  { key: 'fromName', type: 'text' },
  { key: 'toName', type: 'text' },
  { key: 'productName', type: 'text' },
  { key: 'quantityIn', type: 'integer', total: true },
  { key: 'quantityOut', type: 'integer', total: true },
  { key: 'balance', type: 'integer', total: true },
];

/** A ledger entry as the report reads it. */
interface EntryRow {
  id: number;
  productId: number;
  kind: string;
  quantity: number;
  source: string;
  day: string;
  orderId: number | null;
  typeId: number | null;
  fromId: number | null;
  toId: number | null;
  externalName: string | null;
}

/** Where a batch of one location's entries continues: after this booking date and entry id. */
export interface EntryCursor {
  day: string;
  id: number;
}

/**
 * The statement that reads one location's ledger entries of the period, a batch at a time
 * (keyset on booking date and id, by the index `ledger_location_date_idx`), with each order's
 * kind and ends. Exported for bench/reports, which times the same SQL through `pg`.
 */
export function entriesSql(
  ctx: Pick<ReportContext, 'from' | 'to' | 'productId' | 'batchRows'>,
  locationId: number,
  after: EntryCursor | null,
): SQL {
  // The batch first (an index-only range scan in order), then each entry's order by its key:
  // OFFSET 0 keeps the planner from trading those lookups for a scan of every order.
  return sql`SELECT e.id, e.product_id AS "productId", e.balance_kind AS kind, e.quantity, e.source, e.booking_date::text AS day,
      e.order_id AS "orderId", o.transaction_type_id AS "typeId", o.location_id_from AS "fromId", o.location_id_to AS "toId",
      o.external_name AS "externalName"
    FROM (SELECT id, product_id, balance_kind, quantity, source, booking_date, order_id FROM ledger_entries
          WHERE location_id = ${locationId} AND booking_date >= ${ctx.from}::date AND booking_date <= ${ctx.to}::date
            ${productFilter(sql.raw('product_id'), ctx.productId)}
            ${after ? sql`AND (booking_date, id) > (${after.day}::date, ${after.id})` : sql``}
          ORDER BY booking_date, id
          LIMIT ${ctx.batchRows}) e
    LEFT JOIN LATERAL (
      SELECT transaction_type_id, location_id_from, location_id_to,
        (SELECT name FROM external_locations x WHERE x.id = orders.external_location_id_to) AS external_name
      FROM orders WHERE id = e.order_id OFFSET 0) o ON TRUE
    ORDER BY e.booking_date, e.id`;
}

/** Reads one batch of a location's entries (see `entriesSql`). */
async function readEntries(db: Tx, ctx: ReportContext, locationId: number, after: EntryCursor | null): Promise<EntryRow[]> {
  const list = await rows<EntryRow>(db, entriesSql(ctx, locationId, after));
  for (const e of list) {
    e.id = num(e.id);
    e.productId = num(e.productId);
    e.quantity = num(e.quantity);
    if (e.orderId !== null) e.orderId = num(e.orderId);
  }
  return list;
}

/**
 * Every location's entries of the period, a batch at a time, in location order (each location
 * at least once, with an empty batch when it has none). One read ahead: the next batch is read
 * while the caller shapes this one, so the database and the server work at the same time.
 */
async function* entryBatches(ctx: ReportContext, ids: number[]): AsyncGenerator<{ locationId: number; entries: EntryRow[] }> {
  const read = (index: number, after: EntryCursor | null) =>
    readEntries(ctx.db, ctx, ids[index] as number, after).then((entries) => ({ index, entries }));
  let next = ids.length > 0 ? read(0, null) : null;
  while (next) {
    const { index, entries } = await next;
    const last = entries.at(-1);
    if (last && entries.length === ctx.batchRows) next = read(index, { day: last.day, id: last.id });
    else next = index + 1 < ids.length ? read(index + 1, null) : null;
    // A read ahead that fails while this batch is handled is thrown at its own await.
    next?.catch(() => {});
    yield { locationId: ids[index] as number, entries };
  }
}

async function* transactionRows(ctx: ReportContext): ReportRows {
  const t = translator(ctx.locale);
  const [locations, products, openings] = await Promise.all([
    locationsById(ctx, null),
    productInfo(ctx.db, ctx.locale),
    balancesBefore(ctx, ctx.from),
  ]);
  // Balance at `from` per location and product, both accounts together.
  const running = new Map<string, number>();
  const openingProducts = new Map<number, number[]>();
  for (const b of openings) {
    const key = lpKey(b.locationId, b.productId);
    if (!running.has(key)) openingProducts.set(b.locationId, [...(openingProducts.get(b.locationId) ?? []), b.productId]);
    running.set(key, (running.get(key) ?? 0) + b.quantity);
  }
  const account = { pooling: t('reports.accounts.pooling'), commission: t('reports.accounts.commission') } as Record<string, string>;
  // One translation per kind of movement, not per row.
  const movements = new Map<string, string>();
  const movementOf = (e: EntryRow) => {
    const key = e.source === 'order' ? `order:${e.typeId}` : e.source;
    let label = movements.get(key);
    if (label === undefined) {
      label = e.source === 'order' ? t(`reports.orderKinds.${e.typeId}`) : t(`reports.movements.${e.source}`, { defaultValue: e.source });
      movements.set(key, label);
    }
    return label;
  };
  const nameOf = (id: number | null) => (id === null ? null : (locations.get(id)?.name ?? null));
  const brought = t('reports.movements.brought');
  const ids = ctx.locationIds ?? [...locations.keys()];

  let current: number | null = null;
  for await (const { locationId, entries } of entryBatches(ctx, ids)) {
    const location = locations.get(locationId);
    if (!location) continue;
    if (locationId !== current) {
      current = locationId;
      const opening: ReportRow[] = [];
      for (const productId of openingProducts.get(locationId) ?? []) {
        const quantity = running.get(lpKey(locationId, productId)) ?? 0;
        if (quantity === 0) continue;
        opening.push({
          bookingDate: ctx.from,
          orderId: null,
          movement: brought,
          locationName: location.name,
          balanceKind: null,
          fromName: null,
          toName: null,
          productName: products.get(productId)?.name ?? '',
          quantityIn: null,
          quantityOut: null,
          balance: quantity,
        });
      }
      if (opening.length) yield opening;
    }
    const batch: ReportRow[] = [];
    for (const e of entries) {
      const key = lpKey(locationId, e.productId);
      const balance = (running.get(key) ?? 0) + e.quantity;
      running.set(key, balance);
      if (ctx.transactionTypeId !== null && e.typeId !== ctx.transactionTypeId) continue;
      batch.push({
        bookingDate: e.day,
        orderId: e.orderId,
        movement: movementOf(e),
        locationName: location.name,
        balanceKind: account[e.kind] ?? e.kind,
        fromName: e.source === 'order' ? nameOf(e.fromId) : null,
        toName: e.source === 'order' ? (e.externalName ?? nameOf(e.toId)) : null,
        productName: products.get(e.productId)?.name ?? '',
        quantityIn: e.quantity > 0 ? e.quantity : null,
        quantityOut: e.quantity < 0 ? -e.quantity : null,
        balance,
      });
    }
    if (batch.length) yield batch;
  }
  // The balance at `to` of every location and product of the report.
  let closing = 0;
  for (const quantity of running.values()) closing += quantity;
  return { balance: closing };
}

export const transactionsReport: ReportDefinition = {
  area: 'reports',
  columns: () => columns,
  rows: transactionRows,
};

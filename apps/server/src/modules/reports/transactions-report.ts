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
 *
 * PostgreSQL makes the rows of the entries, as JSON text (`transactionBatchSql`): a report of a
 * chain's year has about 135,000 rows, and shaping that many objects and serializing them in
 * the server cost more than reading them (docs/performance.md, "Reports"). The JSON answer passes
 * the text on; the Excel export parses it a batch of 500 rows at a time.
 */
import type { Locale, ReportRow } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { type ColumnDef, type JsonRows, num, type ReportDefinition, rowsFromJson } from './report-definition.js';
import { balancesBefore, locationsById, productInfo } from './report-lookups.js';
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

/** Where a batch of one location's entries continues: after this booking date and entry id. */
export interface EntryCursor {
  day: string;
  id: number;
}

/** What one batch's statement needs: the period and filters, the location, and where to go on from. */
export interface TransactionBatchInput extends Pick<ReportContext, 'from' | 'to' | 'productId' | 'transactionTypeId' | 'batchRows'> {
  locationId: number;
  /** The location's name, as every row of it shows it. */
  locationName: string;
  /** After this entry (null: from the first entry of the period). */
  after: EntryCursor | null;
  /** Balance per product (the product id as key), both accounts, before the batch's first entry. */
  carry: Record<string, number>;
  /** The texts the rows show (`transactionLabels`), as JSON. */
  labels: string;
}

/** One batch's answer: its rows as JSON text, their sums, and where the next batch goes on. */
export interface TransactionBatchRow {
  /** The rows shown (after the order-kind filter), each a JSON object, comma-separated; null when none. */
  rows: string | null;
  /** Rows in `rows`. */
  shown: number;
  /** Sums of the shown rows' in and out. */
  quantityIn: number;
  quantityOut: number;
  /** Entries read (the filter may show fewer): the batch is full when this is `batchRows`. */
  read: number;
  lastDay: string | null;
  lastId: number | string | null;
  /** The balance per product after the batch, as JSON (`{ "<productId>": balance }`); null when nothing was read. */
  carry: string | null;
}

/**
 * The texts the rows show in the caller's language, by key, for `transactionBatchSql`: a
 * movement by `order:<transaction type>` or its ledger source, an account by `account:<kind>`,
 * a product's name by `product:<id>`.
 */
export function transactionLabels(locale: Locale, products: Map<number, { name: string }>): Record<string, string> {
  const t = translator(locale);
  const labels: Record<string, string> = {};
  for (const type of [1, 2, 3]) labels[`order:${type}`] = t(`reports.orderKinds.${type}`);
  for (const source of ['opening', 'issue', 'scrap', 'correction', 'receipt', 'receiptCorrection', 'dispute'])
    labels[source] = t(`reports.movements.${source}`);
  for (const kind of ['pooling', 'commission']) labels[`account:${kind}`] = t(`reports.accounts.${kind}`);
  for (const [id, product] of products) labels[`product:${id}`] = product.name;
  return labels;
}

/**
 * The statement behind one batch of a location's rows (exported for bench/reports, which times
 * the same SQL through `pg`). PostgreSQL reads the batch (keyset on booking date and id, by the
 * index `ledger_location_date_idx`: an index-only range scan in order), looks up each entry's
 * order by its key, runs the balance per product from `carry` (a window sum), and writes the
 * shown rows as JSON text in the report's column order: the server passes that text on without
 * making an object of any row. One row comes back (`TransactionBatchRow`).
 */
export function transactionBatchSql(input: TransactionBatchInput): SQL {
  const { after } = input;
  const shown = input.transactionTypeId === null ? sql`TRUE` : sql`type_id = ${input.transactionTypeId}`;
  return sql`WITH p AS (SELECT ${input.labels}::jsonb AS labels, ${JSON.stringify(input.carry)}::jsonb AS carry),
    e AS (
      SELECT id, product_id, balance_kind, quantity, source, booking_date, order_id FROM ledger_entries
      WHERE location_id = ${input.locationId} AND booking_date >= ${input.from}::date AND booking_date <= ${input.to}::date
        ${productFilter(sql.raw('product_id'), input.productId)}
        ${after ? sql`AND (booking_date, id) > (${after.day}::date, ${after.id})` : sql``}
      ORDER BY booking_date, id
      LIMIT ${input.batchRows}),
    r AS (
      -- OFFSET 0 keeps the planner from trading the order lookups by key for a scan of every order.
      SELECT e.*, o.transaction_type_id AS type_id, o.location_id_from AS from_id, o.location_id_to AS to_id,
        o.external_location_id_to AS external_id,
        COALESCE((p.carry ->> e.product_id::text)::int, 0)
          + sum(e.quantity) OVER (PARTITION BY e.product_id ORDER BY e.booking_date, e.id) AS balance
      FROM e CROSS JOIN p
      LEFT JOIN LATERAL (SELECT transaction_type_id, location_id_from, location_id_to, external_location_id_to
                         FROM orders WHERE id = e.order_id OFFSET 0) o ON TRUE),
    s AS (SELECT * FROM r WHERE ${shown})
    SELECT
      (SELECT string_agg(row_to_json(v)::text, ',' ORDER BY s.booking_date, s.id)
       FROM s CROSS JOIN p
       LEFT JOIN locations lf ON s.source = 'order' AND lf.id = s.from_id
       LEFT JOIN locations lt ON s.source = 'order' AND lt.id = s.to_id
       LEFT JOIN external_locations x ON s.source = 'order' AND x.id = s.external_id
       CROSS JOIN LATERAL (SELECT s.booking_date::text AS "bookingDate", s.order_id AS "orderId",
         COALESCE(p.labels ->> (CASE WHEN s.source = 'order' THEN 'order:' || s.type_id ELSE s.source END), s.source) AS movement,
         ${input.locationName}::text AS "locationName",
         COALESCE(p.labels ->> ('account:' || s.balance_kind), s.balance_kind) AS "balanceKind",
         lf.name AS "fromName", COALESCE(x.name, lt.name) AS "toName",
         COALESCE(p.labels ->> ('product:' || s.product_id), '') AS "productName",
         CASE WHEN s.quantity > 0 THEN s.quantity END AS "quantityIn",
         CASE WHEN s.quantity < 0 THEN -s.quantity END AS "quantityOut",
         s.balance) v) AS rows,
      (SELECT count(*)::int FROM s) AS shown,
      (SELECT COALESCE(sum(quantity) FILTER (WHERE quantity > 0), 0)::int FROM s) AS "quantityIn",
      (SELECT COALESCE(-sum(quantity) FILTER (WHERE quantity < 0), 0)::int FROM s) AS "quantityOut",
      (SELECT count(*)::int FROM r) AS read,
      (SELECT booking_date::text FROM r ORDER BY booking_date DESC, id DESC LIMIT 1) AS "lastDay",
      (SELECT id FROM r ORDER BY booking_date DESC, id DESC LIMIT 1) AS "lastId",
      (SELECT json_object_agg(product_id, balance)::text
       FROM (SELECT DISTINCT ON (product_id) product_id, balance FROM r ORDER BY product_id, booking_date DESC, id DESC) c) AS carry`;
}

/**
 * Every location's rows of the period, a batch at a time, in location order: the "balance
 * brought forward" rows of a location (made here: one per product, few), then its entries' rows
 * as PostgreSQL wrote them (`transactionBatchSql`). With `ctx.readAhead` the next batch is read
 * while the caller passes this one on, so the database and the server work at the same time.
 */
async function* transactionJson(ctx: ReportContext): JsonRows {
  const t = translator(ctx.locale);
  const [locations, products, openings] = await Promise.all([
    locationsById(ctx, ctx.locationIds),
    productInfo(ctx.db, ctx.locale),
    balancesBefore(ctx, ctx.from),
  ]);
  // Balance at `from` per location and product, both accounts together; then after each batch.
  const running = new Map<number, Record<string, number>>();
  for (const b of openings) {
    const balances = running.get(b.locationId) ?? {};
    balances[b.productId] = (balances[b.productId] ?? 0) + b.quantity;
    running.set(b.locationId, balances);
  }
  const labels = JSON.stringify(transactionLabels(ctx.locale, products));
  const brought = t('reports.movements.brought');
  const ids = (ctx.locationIds ?? [...locations.keys()]).filter((id) => locations.has(id));

  const read = (index: number, after: EntryCursor | null) => {
    const locationId = ids[index] as number;
    const statement = transactionBatchSql({
      ...ctx,
      locationId,
      locationName: locations.get(locationId)?.name ?? '',
      after,
      carry: running.get(locationId) ?? {},
      labels,
    });
    return rows<TransactionBatchRow>(ctx.db, statement).then(([batch]) => ({ index, batch: batch as TransactionBatchRow }));
  };
  let current: number | null = null;
  let next = ids.length > 0 ? read(0, null) : null;
  while (next) {
    const { index, batch } = await next;
    const locationId = ids[index] as number;
    const opening: ReportRow[] = [];
    if (locationId !== current) {
      current = locationId;
      for (const [productId, quantity] of Object.entries(running.get(locationId) ?? {})) {
        if (quantity === 0) continue;
        opening.push({
          bookingDate: ctx.from,
          orderId: null,
          movement: brought,
          locationName: locations.get(locationId)?.name ?? '',
          balanceKind: null,
          fromName: null,
          toName: null,
          productName: products.get(Number(productId))?.name ?? '',
          quantityIn: null,
          quantityOut: null,
          balance: quantity,
        });
      }
    }
    if (batch.carry) running.set(locationId, { ...running.get(locationId), ...(JSON.parse(batch.carry) as Record<string, number>) });
    const following = () =>
      batch.read === ctx.batchRows && batch.lastDay !== null
        ? read(index, { day: batch.lastDay, id: num(batch.lastId) })
        : index + 1 < ids.length
          ? read(index + 1, null)
          : null;
    if (ctx.readAhead) {
      next = following();
      // A read ahead that fails while this batch is handled is thrown at its own await.
      next?.catch(() => {});
    }
    const json = [opening.length ? JSON.stringify(opening).slice(1, -1) : '', batch.rows ?? ''].filter(Boolean).join(',');
    const count = opening.length + num(batch.shown);
    if (count) yield { json, count, sums: { quantityIn: num(batch.quantityIn), quantityOut: num(batch.quantityOut) } };
    if (!ctx.readAhead) next = following();
  }
  // The balance at `to` of every location and product of the report.
  let closing = 0;
  for (const balances of running.values()) for (const quantity of Object.values(balances)) closing += quantity;
  return { balance: closing };
}

export const transactionsReport: ReportDefinition = {
  area: 'reports',
  columns: () => columns,
  json: transactionJson,
  rows: (ctx) => rowsFromJson(transactionJson(ctx)),
};

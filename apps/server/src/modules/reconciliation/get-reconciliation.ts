/**
 * GET Reconciliations and GET Reconciliations/{id} (issue 22; docs/reconciliation.md): the acting
 * customer's saved reconciliations, newest first, and one with its products and rows. Another
 * customer's answers 404, as if it did not exist.
 */
import { setImmediate as breathe } from 'node:timers/promises';
import type { Locale, Reconciliation, ReconciliationRow, ReconciliationSummary } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { requireReconciliation } from './access.js';

/** Rows read per statement. */
const PAGE_ROWS = 2000;

/** The most reconciliations GET Reconciliations lists (the newest). */
const LIST_MAX = 500;

interface SummaryRow extends Omit<ReconciliationSummary, 'createdAt' | 'locations'> {
  createdAt: string | Date;
  locations: string | ReconciliationSummary['locations'] | null;
}

const summarySql = (where: SQL, limit: number) => sql`SELECT r.id, r.customer_id AS "customerId", r.created_at AS "createdAt",
    u.name AS "createdBy", r.file_name AS "fileName", r.from_date::text AS "from", r.to_date::text AS "to",
    r.tolerance_days AS "toleranceDays", r.matched, r.different, r.file_only AS "fileOnly", r.portal_only AS "portalOnly",
    r.match_rate AS "matchRate",
    (SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY l.id) FROM locations l WHERE l.id = ANY(r.location_ids))::text AS locations
  FROM reconciliations r JOIN users u ON u.id = r.created_by_user_id
  WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`;

function summaryOf(r: SummaryRow): ReconciliationSummary {
  const locations = (typeof r.locations === 'string' ? JSON.parse(r.locations) : (r.locations ?? [])) as ReconciliationSummary['locations'];
  return {
    id: Number(r.id),
    customerId: Number(r.customerId),
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: r.createdBy,
    fileName: r.fileName,
    from: r.from,
    to: r.to,
    toleranceDays: Number(r.toleranceDays),
    locations: locations.map((l) => ({ id: Number(l.id), name: l.name })),
    matched: Number(r.matched),
    different: Number(r.different),
    fileOnly: Number(r.fileOnly),
    portalOnly: Number(r.portalOnly),
    matchRate: Number(r.matchRate),
  };
}

/** The acting customer's reconciliations, newest first (at most 500). @throws FORBIDDEN without the right */
export async function findReconciliations(db: Tx, auth: AuthContext): Promise<ReconciliationSummary[]> {
  await requireReconciliation(db, auth);
  return (await rows<SummaryRow>(db, summarySql(sql`r.customer_id = ${auth.customerId}`, LIST_MAX))).map(summaryOf);
}

/**
 * Reconciliation `id` of the acting customer as listed.
 * @throws FORBIDDEN without the right; NOT_FOUND when missing or another customer's
 */
export async function getReconciliationSummary(db: Tx, auth: AuthContext, id: number): Promise<ReconciliationSummary> {
  await requireReconciliation(db, auth);
  const [row] = await rows<SummaryRow>(db, summarySql(sql`r.id = ${id} AND r.customer_id = ${auth.customerId}`, 1));
  if (!row) throw notFound();
  return summaryOf(row);
}

type RowRead = Omit<ReconciliationRow, 'differences' | 'productName'> & { differences: string };

/**
 * Reconciliation `id` of the acting customer with, per product, the balance change by the file
 * (its readable rows) against that by the ledger (its movements), and every row (product names in
 * `locale`).
 * @throws FORBIDDEN without the right; NOT_FOUND when missing or another customer's
 */
export async function getReconciliation(db: Tx, auth: AuthContext, locale: Locale, id: number): Promise<Reconciliation> {
  const summary = await getReconciliationSummary(db, auth, id);
  // A page of rows per statement, a turn of the event loop between them (PGlite runs them on the server's thread).
  const list: RowRead[] = [];
  for (let after = -1; ; ) {
    const page = await rows<RowRead>(
      db,
      sql`SELECT x.idx AS id, x.outcome, x.matched_by AS "matchedBy", x.differences, x.problem, x.file_row AS "fileRow",
            x.file_date AS "fileDate", x.file_reference AS "fileReference", x.file_counterparty AS "fileCounterparty",
            x.file_product AS "fileProduct", x.file_quantity AS "fileQuantity", x.product_id AS "productId", x.location_id AS "locationId",
            l.name AS "locationName", x.ledger_date::text AS "ledgerDate", x.ledger_quantity AS "ledgerQuantity", x.order_id AS "orderId",
            x.pallet_receipt_id AS "palletReceiptId", pr.receipt_number AS "palletReceiptNumber", x.ledger_entry_id AS "ledgerEntryId",
            x.counterparty
          FROM reconciliation_rows x
          LEFT JOIN locations l ON l.id = x.location_id
          LEFT JOIN pallet_receipts pr ON pr.id = x.pallet_receipt_id
          WHERE x.reconciliation_id = ${id} AND x.idx > ${after} ORDER BY x.idx LIMIT ${PAGE_ROWS}`,
    );
    list.push(...page);
    if (page.length < PAGE_ROWS) break;
    after = Number(page[page.length - 1]?.id);
    await breathe();
  }
  const num = (v: number | null) => (v === null ? null : Number(v));
  const names = await productNamesById(
    db,
    locale,
    list.flatMap((r) => (r.productId === null ? [] : [Number(r.productId)])),
  );
  const products = new Map<number | null, { fileBalance: number; ledgerBalance: number; productName: string }>();
  const result = list.map((r): ReconciliationRow => {
    const productId = num(r.productId);
    const productName = productId === null ? null : (names.get(productId) ?? String(productId));
    const row: ReconciliationRow = {
      ...r,
      id: Number(r.id),
      differences: r.differences ? (r.differences.split(',') as ReconciliationRow['differences']) : [],
      fileRow: num(r.fileRow),
      fileQuantity: num(r.fileQuantity),
      productId,
      productName,
      locationId: num(r.locationId),
      ledgerQuantity: num(r.ledgerQuantity),
      orderId: num(r.orderId),
      palletReceiptId: num(r.palletReceiptId),
      ledgerEntryId: num(r.ledgerEntryId),
    };
    const readable = row.problem === null && row.fileQuantity !== null;
    if (readable || row.ledgerQuantity !== null) {
      const key = productId;
      const p = products.get(key) ?? { fileBalance: 0, ledgerBalance: 0, productName: productName ?? '' };
      if (readable) p.fileBalance += row.fileQuantity ?? 0;
      p.ledgerBalance += row.ledgerQuantity ?? 0;
      products.set(key, p);
    }
    return row;
  });
  return {
    ...summary,
    products: [...products.entries()]
      .map(([productId, p]) => ({ productId, ...p, difference: p.fileBalance - p.ledgerBalance }))
      .sort((a, b) => a.productName.localeCompare(b.productName, locale)),
    rows: result,
  };
}

/**
 * `r` as the JSON text of `{ data: r }`, a part at a time with a turn of the event loop between
 * parts: a reconciliation may have 20,000 rows (sent as it is built, to ZReconciliation, as the
 * reports are: issue 20).
 */
export async function* reconciliationJson(r: Reconciliation): AsyncGenerator<string> {
  const { rows: list, ...head } = r;
  yield `{"data":${JSON.stringify(head).slice(0, -1)},"rows":[`;
  for (let i = 0; i < list.length; i += 1000) {
    yield (i > 0 ? ',' : '') +
      list
        .slice(i, i + 1000)
        .map((x) => JSON.stringify(x))
        .join(',');
    await breathe();
  }
  yield ']}}';
}

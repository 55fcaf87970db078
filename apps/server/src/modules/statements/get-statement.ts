/**
 * GET Statements (issue 22, "Statements and balance confirmations"): a location's statement for
 * a period, read from the one ledger every party shares.
 *
 * - Closing balances (end of `to`) per product and account: the running totals in `balances`
 *   minus what moved after `to` (`movementsFromSql`: months from `ledger_months`, the rest of
 *   `to`'s month from the entries), never a sum over the years; the opening balances (start of
 *   `from`) are the closing ones minus the period's entries. Entries, closing balances and
 *   names come from one statement, so from one snapshot: a posting that commits meanwhile is in
 *   all of them or in none, and opening + in - out = closing always holds.
 * - Every entry of the period, in booking date then id order, with its reference (order number,
 *   pallet receipt number, count audit, rental), the other party as seen from this location and
 *   the product's balance on the account after it.
 * - In transit at the end of `to` (`statementInTransit`).
 */
import {
  AppErrorCode,
  type Locale,
  STATEMENT_MAX_ENTRIES,
  type Statement,
  type StatementAccount,
  type StatementQuery,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { movementsFromSql } from '../balance/ledger-months.js';
import { assertBalanceLocation } from '../balance/location-filter.js';
import { productNamesById } from '../orders/product-names.js';
import { statementInTransit } from './statement-in-transit.js';

/** The statement's one read: the head's columns on every row, an entry's where it has one. */
interface StatementRow {
  issuerName: string | null;
  customerId: number;
  customerName: string;
  locationName: string;
  gln: string | null;
  countryId: string;
  /** JSON: [{ productId, balanceKind, quantity }] at the end of `to`. */
  closing: string | null;
  entryCount: number;
  id: number | null;
  bookingDate: string;
  productId: number;
  balanceKind: Statement['accounts'][number]['balanceKind'];
  quantity: number;
  source: Statement['entries'][number]['source'];
  orderId: number | null;
  palletReceiptNumber: string | null;
  countAuditId: number | null;
  rentalId: number | null;
  disputeId: number | null;
  counterparty: string | null;
}

/**
 * The statement of `query.locationId` from `query.from` to `query.to` (yyyy-MM-dd, inclusive),
 * product names in `locale`. Who may read it: whoever may read the location's balance (its
 * scope; spec section 6: the Balance menu is open to every user).
 * @throws NOT_FOUND when the location is outside the caller's scope or does not exist
 * @throws VALIDATION (`to`: validation.statementTooManyEntries) when the period holds more than
 *   `STATEMENT_MAX_ENTRIES` entries
 */
export async function getStatement(db: Tx, auth: AuthContext, locale: Locale, query: StatementQuery): Promise<Statement> {
  await assertBalanceLocation(db, auth, query.locationId);
  return readStatement(db, locale, query);
}

/**
 * The statement of `query` without an access check: for `getStatement` after its check, and for
 * the statement job (mail-statements.ts), which mails each customer's own locations.
 * @throws NOT_FOUND when the location does not exist
 * @throws VALIDATION as `getStatement`
 */
export async function readStatement(db: Tx, locale: Locale, query: StatementQuery): Promise<Statement> {
  const { locationId, from, to } = query;
  const here = sql`location_id = ${locationId}`;
  const list = await rows<StatementRow>(
    db,
    sql`WITH head AS (
          SELECT (SELECT name FROM customers WHERE is_provider ORDER BY id LIMIT 1) AS "issuerName", c.id AS "customerId", c.name AS "customerName", l.name AS "locationName", l.gln, l.country_id AS "countryId",
            (SELECT json_agg(json_build_object('productId', product_id, 'balanceKind', balance_kind, 'quantity', quantity))::text
               FROM (SELECT product_id, balance_kind, sum(quantity)::int AS quantity
                     FROM (SELECT product_id, balance_kind, quantity::bigint FROM balances WHERE ${here}
                           UNION ALL SELECT product_id, balance_kind, -quantity FROM (${movementsFromSql(here, to, true)}) later) b
                     GROUP BY 1, 2) closing) AS closing,
            (SELECT count(*)::int FROM ledger_entries WHERE ${here} AND booking_date BETWEEN ${from}::date AND ${to}::date) AS "entryCount"
          FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${locationId}
        ),
        entries AS (
          SELECT * FROM ledger_entries WHERE ${here} AND booking_date BETWEEN ${from}::date AND ${to}::date
            AND (SELECT "entryCount" FROM head) <= ${STATEMENT_MAX_ENTRIES}
        )
        SELECT head.*, e.id, e.booking_date::text AS "bookingDate", e.product_id AS "productId", e.balance_kind AS "balanceKind",
          e.quantity, e.source, e.order_id AS "orderId", pr.receipt_number AS "palletReceiptNumber",
          e.count_audit_id AS "countAuditId", e.rental_id AS "rentalId", e.dispute_id AS "disputeId",
          CASE WHEN o.id IS NOT NULL THEN (CASE WHEN o.location_id_from = ${locationId} THEN COALESCE(lt.name, ex.name) ELSE lf.name END)
               WHEN pr.id IS NOT NULL THEN (CASE WHEN pr.location_id = ${locationId} THEN COALESCE(prc.name, pre.name) ELSE prl.name END)
          END AS counterparty
        FROM head
        LEFT JOIN entries e ON true
        LEFT JOIN orders o ON o.id = e.order_id
        LEFT JOIN locations lf ON lf.id = o.location_id_from
        LEFT JOIN locations lt ON lt.id = o.location_id_to
        LEFT JOIN external_locations ex ON ex.id = o.external_location_id_to
        LEFT JOIN pallet_receipts pr ON pr.id = e.pallet_receipt_id
        LEFT JOIN locations prl ON prl.id = pr.location_id
        LEFT JOIN locations prc ON prc.id = pr.counterparty_location_id
        LEFT JOIN external_locations pre ON pre.id = pr.external_location_id
        ORDER BY e.booking_date, e.id`,
  );
  const head = list[0];
  if (!head) throw notFound();
  if (Number(head.entryCount) > STATEMENT_MAX_ENTRIES)
    throw new AppError(AppErrorCode.VALIDATION, {}, { to: 'validation.statementTooManyEntries' });

  const closing = (
    JSON.parse(head.closing ?? '[]') as { productId: number; balanceKind: StatementAccount['balanceKind']; quantity: number }[]
  ).map((c) => ({ ...c, productId: Number(c.productId), quantity: Number(c.quantity) }));
  const entries = list.filter((row) => row.id !== null);
  const key = (productId: number, kind: string) => `${productId}:${kind}`;
  const accounts = new Map<string, StatementAccount>();
  const account = (productId: number, balanceKind: StatementAccount['balanceKind']) => {
    let a = accounts.get(key(productId, balanceKind));
    if (!a) {
      a = { productId, productName: '', balanceKind, opening: 0, quantityIn: 0, quantityOut: 0, closing: 0 };
      accounts.set(key(productId, balanceKind), a);
    }
    return a;
  };
  for (const c of closing) account(c.productId, c.balanceKind).closing = c.quantity;
  for (const e of entries) {
    const a = account(Number(e.productId), e.balanceKind);
    const quantity = Number(e.quantity);
    if (quantity > 0) a.quantityIn += quantity;
    else a.quantityOut -= quantity;
  }
  for (const a of accounts.values()) a.opening = a.closing - a.quantityIn + a.quantityOut;

  const inTransit = await statementInTransit(db, locationId, to);
  const productIds = [...new Set([...[...accounts.values()].map((a) => a.productId), ...inTransit.map((t) => t.productId)])];
  const names = await productNamesById(db, locale, productIds);
  const name = (productId: number) => names.get(productId) ?? String(productId);

  const running = new Map<string, number>();
  for (const a of accounts.values()) running.set(key(a.productId, a.balanceKind), a.opening);
  return {
    issuerName: head.issuerName ?? '',
    customer: { id: Number(head.customerId), name: head.customerName },
    location: { id: locationId, name: head.locationName, gln: head.gln, countryId: head.countryId },
    from,
    to,
    accounts: [...accounts.values()]
      .filter((a) => a.opening !== 0 || a.quantityIn !== 0 || a.quantityOut !== 0 || a.closing !== 0)
      .map((a) => ({ ...a, productName: name(a.productId) }))
      .sort((a, b) => a.productName.localeCompare(b.productName, locale) || a.balanceKind.localeCompare(b.balanceKind)),
    entries: entries.map((e) => {
      const k = key(Number(e.productId), e.balanceKind);
      const after = (running.get(k) ?? 0) + Number(e.quantity);
      running.set(k, after);
      return {
        id: Number(e.id),
        bookingDate: e.bookingDate,
        productId: Number(e.productId),
        balanceKind: e.balanceKind,
        quantity: Number(e.quantity),
        source: e.source,
        orderId: e.orderId === null ? null : Number(e.orderId),
        palletReceiptNumber: e.palletReceiptNumber,
        countAuditId: e.countAuditId === null ? null : Number(e.countAuditId),
        rentalId: e.rentalId === null ? null : Number(e.rentalId),
        disputeId: e.disputeId === null ? null : Number(e.disputeId),
        counterparty: e.counterparty,
        balanceAfter: after,
      };
    }),
    inTransit: inTransit.map((t) => ({ ...t, productName: name(t.productId) })),
  };
}

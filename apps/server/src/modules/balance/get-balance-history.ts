/**
 * GET BalanceHistory (issue 8, "Balance"; docs/domain.md, "Balance screen"): the ledger entries
 * of one location and product between two days, each with the running balance after it (per
 * kind and in all), and the balance at the start of `from`.
 *
 * It never sums the whole history: the balance at `to` is the running total in `balances` minus
 * what moved after `to` (the months after its month from `ledger_months`, the rest of its month
 * from the entries: `movementsFromSql`, issue 21), and the balance at `from` that minus the
 * entries of the range, one range read of `ledger_location_idx` (location, product, booking
 * date); so a period years back costs what its own entries cost. The
 * figures come from one statement, so one snapshot: a posting that commits meanwhile is either
 * in the total and the entries, or in neither. Entries are ordered by booking date, then id; a
 * count audit's correction is booked at the count's date, which may lie in the past, so it
 * sorts among the entries of that day, and the balances after the later entries include it.
 */
import type { BalanceFigures, BalanceHistory, BalanceHistoryEntry, BalanceHistoryQuery, Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { movementsFromSql } from './ledger-months.js';
import { assertBalanceLocation } from './location-filter.js';

/** One row of the statement: the figures of the whole read, and an entry (null columns when the range has none). */
interface HistoryRow {
  locationName: string;
  nowPooling: number;
  nowCommission: number;
  laterPooling: number;
  laterCommission: number;
  id: number | null;
  bookingDate: string;
  balanceKind: BalanceHistoryEntry['balanceKind'];
  quantity: number;
  source: BalanceHistoryEntry['source'];
  countAuditId: number | null;
  palletReceiptId: number | null;
  rentalId: number | null;
  palletReceiptNumber: string | null;
  palletReceiptCounterparty: string | null;
  orderId: number | null;
  transactionTypeId: number;
  transactionStatusId: number;
  locationIdFrom: number;
  locationNameFrom: string;
  locationIdTo: number | null;
  locationNameTo: string | null;
}

/** SQL: the sum of one kind's quantities in the ledger rows `rows` matches. */
const kindSum = (kind: 'pooling' | 'commission') => sql.raw(`COALESCE(sum(quantity) FILTER (WHERE balance_kind = '${kind}'), 0)::int`);

/**
 * The history of `productId` at `locationId` from `from` to `to` (yyyy-MM-dd, both inclusive).
 * @throws NOT_FOUND when the location is outside the caller's scope or the product does not exist
 */
export async function getBalanceHistory(db: Tx, auth: AuthContext, locale: Locale, query: BalanceHistoryQuery): Promise<BalanceHistory> {
  const { locationId, productId, from, to } = query;
  await assertBalanceLocation(db, auth, locationId);
  const names = await productNamesById(db, locale, [productId]);
  const productName = names.get(productId);
  if (productName === undefined) throw notFound();

  const here = sql`location_id = ${locationId} AND product_id = ${productId}`;
  const list = await rows<HistoryRow>(
    db,
    sql`WITH head AS (
          SELECT (SELECT name FROM locations WHERE id = ${locationId}) AS "locationName",
            (SELECT ${kindSum('pooling')} FROM balances WHERE ${here}) AS "nowPooling",
            (SELECT ${kindSum('commission')} FROM balances WHERE ${here}) AS "nowCommission",
            later."laterPooling", later."laterCommission"
          FROM (SELECT ${kindSum('pooling')} AS "laterPooling", ${kindSum('commission')} AS "laterCommission"
                FROM (${movementsFromSql(here, to, true)}) m) later
        )
        SELECT head.*, e.id, e.booking_date::text AS "bookingDate", e.balance_kind AS "balanceKind", e.quantity, e.source,
          e.count_audit_id AS "countAuditId", e.pallet_receipt_id AS "palletReceiptId", e.rental_id AS "rentalId", pr.receipt_number AS "palletReceiptNumber",
          CASE WHEN pr.location_id = ${locationId} THEN COALESCE(prc.name, pre.name) ELSE prl.name END AS "palletReceiptCounterparty",
          o.id AS "orderId", o.transaction_type_id AS "transactionTypeId",
          o.transaction_status_id AS "transactionStatusId", o.location_id_from AS "locationIdFrom", lf.name AS "locationNameFrom",
          o.location_id_to AS "locationIdTo", COALESCE(lt.name, ex.name) AS "locationNameTo"
        FROM head
        LEFT JOIN ledger_entries e ON e.location_id = ${locationId} AND e.product_id = ${productId}
          AND e.booking_date BETWEEN ${from}::date AND ${to}::date
        LEFT JOIN orders o ON o.id = e.order_id
        LEFT JOIN pallet_receipts pr ON pr.id = e.pallet_receipt_id
        LEFT JOIN locations prl ON prl.id = pr.location_id
        LEFT JOIN locations prc ON prc.id = pr.counterparty_location_id
        LEFT JOIN external_locations pre ON pre.id = pr.external_location_id
        LEFT JOIN locations lf ON lf.id = o.location_id_from
        LEFT JOIN locations lt ON lt.id = o.location_id_to
        LEFT JOIN external_locations ex ON ex.id = o.external_location_id_to
        ORDER BY e.booking_date, e.id`,
  );
  const head = list[0] as HistoryRow;
  const entries = list.filter((row) => row.id !== null);
  const figures = (pooling: number, commission: number): BalanceFigures => ({ pooling, commission, total: pooling + commission });
  const inRange = (kind: string) => entries.filter((e) => e.balanceKind === kind).reduce((a, e) => a + Number(e.quantity), 0);
  const atTo = figures(Number(head.nowPooling) - Number(head.laterPooling), Number(head.nowCommission) - Number(head.laterCommission));
  const atFrom = figures(atTo.pooling - inRange('pooling'), atTo.commission - inRange('commission'));

  let running = atFrom;
  return {
    locationId,
    locationName: head.locationName,
    productId,
    productName,
    from,
    to,
    balanceAtFrom: atFrom,
    balanceAtTo: atTo,
    entries: entries.map((e): BalanceHistoryEntry => {
      const quantity = Number(e.quantity);
      running = figures(
        running.pooling + (e.balanceKind === 'pooling' ? quantity : 0),
        running.commission + (e.balanceKind === 'commission' ? quantity : 0),
      );
      return {
        id: Number(e.id),
        bookingDate: e.bookingDate,
        balanceKind: e.balanceKind,
        quantity,
        source: e.source,
        order:
          e.orderId === null
            ? null
            : {
                id: Number(e.orderId),
                transactionTypeId: Number(e.transactionTypeId),
                transactionStatusId: Number(e.transactionStatusId),
                locationIdFrom: Number(e.locationIdFrom),
                locationNameFrom: e.locationNameFrom,
                locationIdTo: e.locationIdTo === null ? null : Number(e.locationIdTo),
                locationNameTo: e.locationNameTo,
              },
        countAuditId: e.countAuditId === null ? null : Number(e.countAuditId),
        palletReceiptId: e.palletReceiptId === null ? null : Number(e.palletReceiptId),
        rentalId: e.rentalId === null ? null : Number(e.rentalId),
        palletReceiptNumber: e.palletReceiptNumber,
        palletReceiptCounterparty: e.palletReceiptCounterparty,
        balanceAfter: running,
      };
    }),
  };
}

/**
 * The ledger's side of a reconciliation (issue 22; docs/reconciliation.md, "The ledger's side"):
 * the movements of some locations in a period, one per location, movement (an order, a pallet
 * receipt, or a single other ledger entry: a count correction, a rental, a dispute's
 * correction...), product and booking day, signed at the location (+ in, - out; a movement whose
 * entries there sum to 0 is left out). Each with what a customer's records may name it by: the
 * order's number, its own reference and the reference of the location's side (sender's or
 * receiver's), the pallet receipt's number; and its other party: the location (its GLN, its
 * name, its customer's name) or the external location, as the statement names it
 * (statements/get-statement.ts).
 *
 * Read a chunk of locations (reports' `locationChunks`) and a month at a time, each a statement
 * of tens of milliseconds: PGlite runs statements on the server's own thread (issue 20).
 */
import { addPlainDays } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { inLocations, locationChunks } from '../reports/report-scope.js';
import { glnOf, keyOf } from './read-values.js';

/** One movement of the ledger's side. */
export interface LedgerMovement {
  locationId: number;
  orderId: number | null;
  palletReceiptId: number | null;
  palletReceiptNumber: string | null;
  /** The entry of a movement that is a single entry (neither an order nor a pallet receipt). */
  ledgerEntryId: number | null;
  /** The movement's first entry at the location: ties are broken by it. */
  firstEntryId: number;
  productId: number;
  /** Booking day, yyyy-MM-dd. */
  date: string;
  /** Signed carriers at the location. */
  quantity: number;
  /** The keys (`keyOf`) of what the file's reference may say: order number, references, receipt number. */
  references: string[];
  /** The keys a file's counterparty is compared by: `gln:<13 digits>`, `name:<keyOf(name)>`. */
  counterpartyKeys: string[];
  /** The other party as the ledger names it. */
  counterparty: string | null;
}

interface MovementRow {
  locationId: number;
  orderId: number | null;
  palletReceiptId: number | null;
  entryId: number | null;
  firstId: number;
  productId: number;
  date: string;
  quantity: number;
  referenceOwn: string | null;
  referenceSide: string | null;
  receiptNumber: string | null;
  cpGln: string | null;
  cpLocation: string | null;
  cpCustomer: string | null;
  cpExternal: string | null;
}

/** The first day of the month after `day`'s. */
const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * The movements of `locationIds` booked from `from` to `to` (yyyy-MM-dd, inclusive), by booking
 * day, then first entry.
 */
export async function ledgerMovements(db: Tx, locationIds: number[], from: string, to: string): Promise<LedgerMovement[]> {
  const result: LedgerMovement[] = [];
  for (const chunk of await locationChunks(db, locationIds)) {
    for (let start = from; start <= to; start = nextMonth(start)) {
      const end = addPlainDays(nextMonth(start), -1) < to ? addPlainDays(nextMonth(start), -1) : to;
      const list = await rows<MovementRow>(db, movementsSql(chunk, start, end));
      for (const r of list) result.push(movementOf(r));
    }
  }
  return result.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.firstEntryId - b.firstEntryId));
}

function movementOf(r: MovementRow): LedgerMovement {
  const orderId = r.orderId === null ? null : Number(r.orderId);
  const references = [orderId === null ? null : String(orderId), r.referenceOwn, r.referenceSide, r.receiptNumber]
    .filter((v): v is string => !!v && v.trim() !== '')
    .map(keyOf);
  const counterpartyKeys = [
    ...(r.cpGln && glnOf(r.cpGln) ? [`gln:${glnOf(r.cpGln)}`] : []),
    ...[r.cpLocation, r.cpCustomer, r.cpExternal].filter((v): v is string => !!v && v.trim() !== '').map((v) => `name:${keyOf(v)}`),
  ];
  return {
    locationId: Number(r.locationId),
    orderId,
    palletReceiptId: r.palletReceiptId === null ? null : Number(r.palletReceiptId),
    palletReceiptNumber: r.receiptNumber,
    ledgerEntryId: r.entryId === null ? null : Number(r.entryId),
    firstEntryId: Number(r.firstId),
    productId: Number(r.productId),
    date: r.date,
    quantity: Number(r.quantity),
    references: [...new Set(references)],
    counterpartyKeys: [...new Set(counterpartyKeys)],
    counterparty: r.cpLocation ?? r.cpExternal,
  };
}

function movementsSql(locationIds: number[], from: string, to: string) {
  return sql`WITH m AS (
      SELECT e.location_id, e.order_id, e.pallet_receipt_id,
        CASE WHEN e.order_id IS NULL AND e.pallet_receipt_id IS NULL THEN e.id END AS entry_id,
        e.product_id, e.booking_date, sum(e.quantity)::int AS quantity, min(e.id) AS first_id, min(e.dispute_id) AS dispute_id
      FROM ledger_entries e
      WHERE ${inLocations(sql.raw('e.location_id'), locationIds)} AND e.booking_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2, 3, 4, 5, 6
    )
    SELECT m.location_id AS "locationId", m.order_id AS "orderId", m.pallet_receipt_id AS "palletReceiptId", m.entry_id AS "entryId",
      m.first_id AS "firstId", m.product_id AS "productId", m.booking_date::text AS date, m.quantity,
      o.reference_own AS "referenceOwn",
      CASE WHEN o.location_id_from = m.location_id THEN o.reference_sender ELSE o.reference_receiver END AS "referenceSide",
      pr.receipt_number AS "receiptNumber", cl.gln AS "cpGln", cl.name AS "cpLocation", cc.name AS "cpCustomer", ex.name AS "cpExternal"
    FROM m
    LEFT JOIN orders o ON o.id = m.order_id
    LEFT JOIN pallet_receipts pr ON pr.id = m.pallet_receipt_id
    LEFT JOIN disputes d ON d.id = m.dispute_id AND m.entry_id IS NOT NULL
    LEFT JOIN external_locations ex ON ex.id = CASE
        WHEN o.id IS NOT NULL AND o.location_id_from = m.location_id THEN o.external_location_id_to
        WHEN pr.id IS NOT NULL AND pr.location_id = m.location_id THEN pr.external_location_id END
    LEFT JOIN locations cl ON cl.id = CASE
        WHEN o.id IS NOT NULL THEN (CASE WHEN o.location_id_from = m.location_id THEN o.location_id_to ELSE o.location_id_from END)
        WHEN pr.id IS NOT NULL THEN (CASE WHEN pr.location_id = m.location_id THEN pr.counterparty_location_id ELSE pr.location_id END)
        WHEN d.id IS NOT NULL THEN (CASE WHEN d.from_location_id = m.location_id THEN d.to_location_id ELSE d.from_location_id END) END
    LEFT JOIN customers cc ON cc.id = cl.customer_id
    WHERE m.quantity <> 0`;
}

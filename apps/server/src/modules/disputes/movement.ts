/**
 * The movement a dispute is about (issue 22; docs/disputes.md, "What can be disputed"): a
 * received order (status 5), a final pallet receipt or a container rental, between two portal
 * locations, or a single one-sided ledger entry. Its carriers go from `from` to `to` in one
 * balance kind: an order from its sender to its receiver; a receipt from its counterparty to its
 * location (delivered - returned, so possibly negative); a rental from its depot to its location
 * (its containers out now, pooling), booked on its last step's day; a single entry (an opening,
 * issue, scrap or count correction) from the pool, that is a provider depot (the one in the
 * entry's location's country, else the first), to its location (`oneSided`: its correction posts
 * at `to` only, as the entry itself did). What is "in force" per product is what the ledger says
 * moved: the movement's own entries at `to` plus the corrections of its earlier disputes (and,
 * for a receipt, of its own disputes).
 */
import { type DisputeSourceKind, disputableEntrySources } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { type PartyFacts, refuse } from './access.js';

/** A movement as a dispute needs it. */
export interface Movement {
  kind: DisputeSourceKind;
  id: number;
  bookingDate: string;
  balanceKind: string;
  from: PartyFacts;
  to: PartyFacts;
  /** A single entry's movement: the pool (`from`) has no entry of it, the correction posts at `to` only. */
  oneSided: boolean;
}

type MovementRow = { booked: boolean; bookingDate: string | null; balanceKind: string | null; from: unknown; to: unknown };

const partySql = (alias: string, customer: string) =>
  sql.raw(`json_build_object('locationId', ${alias}.id, 'customerId', ${alias}.customer_id, 'isProvider', ${customer}.is_provider,
    'countryId', ${alias}.country_id)`);

function party(value: unknown): PartyFacts {
  const p = (typeof value === 'string' ? JSON.parse(value) : value) as PartyFacts;
  return { ...p, locationId: Number(p.locationId), customerId: Number(p.customerId), isProvider: !!p.isProvider };
}

/**
 * The movement `kind` `id` (no access check: the caller checks the parties' scope).
 * @throws NOT_FOUND when it does not exist; DISPUTE (409) when it is not booked (`notBooked`: an
 *   order before 5, a receipt not final, nothing posted) or has no other portal party (`noCounterparty`)
 */
export async function loadMovement(tx: Tx, kind: DisputeSourceKind, id: number): Promise<Movement> {
  const [row] = await rows<MovementRow>(tx, movementSql(kind, id));
  if (!row) throw notFound();
  const oneSided = kind === 'ledgerEntry';
  if (!row.from || !row.to) {
    // One side of it: the party it names is in scope, the other has no ledger.
    return {
      kind,
      id,
      bookingDate: row.bookingDate ?? '',
      balanceKind: '',
      from: party(row.from ?? row.to),
      to: party(row.to ?? row.from),
      oneSided,
    };
  }
  return {
    kind,
    id,
    bookingDate: row.booked && row.bookingDate ? row.bookingDate : '',
    balanceKind: row.balanceKind ?? '',
    from: party(row.from),
    to: party(row.to),
    oneSided,
  };
}

/** The query of `loadMovement` for each kind: booked, booking day, balance kind, the parties. */
function movementSql(kind: DisputeSourceKind, id: number) {
  switch (kind) {
    case 'order':
      return sql`SELECT o.transaction_status_id = 5 AS booked, e.booking_date AS "bookingDate", e.balance_kind AS "balanceKind",
                ${partySql('lf', 'cf')} AS "from", CASE WHEN lt.id IS NULL THEN NULL ELSE ${partySql('lt', 'ct')} END AS "to"
              FROM orders o JOIN locations lf ON lf.id = o.location_id_from JOIN customers cf ON cf.id = lf.customer_id
              LEFT JOIN locations lt ON lt.id = o.location_id_to LEFT JOIN customers ct ON ct.id = lt.customer_id
              LEFT JOIN LATERAL (SELECT min(booking_date)::text AS booking_date, min(balance_kind) AS balance_kind
                FROM ledger_entries WHERE order_id = o.id) e ON TRUE
              WHERE o.id = ${id}`;
    case 'palletReceipt':
      return sql`SELECT r.status = 'final' AND NOT r.inventory AS booked, e.booking_date AS "bookingDate", e.balance_kind AS "balanceKind",
                CASE WHEN lf.id IS NULL THEN NULL ELSE ${partySql('lf', 'cf')} END AS "from", ${partySql('lt', 'ct')} AS "to"
              FROM pallet_receipts r JOIN locations lt ON lt.id = r.location_id JOIN customers ct ON ct.id = lt.customer_id
              LEFT JOIN locations lf ON lf.id = r.counterparty_location_id LEFT JOIN customers cf ON cf.id = lf.customer_id
              LEFT JOIN LATERAL (SELECT min(booking_date)::text AS booking_date, min(balance_kind) AS balance_kind
                FROM ledger_entries WHERE pallet_receipt_id = r.id AND source = 'receipt') e ON TRUE
              WHERE r.id = ${id}`;
    case 'rental':
      // Booked once containers went out; its window counts from its last step (an assignment or a return).
      return sql`SELECT e.booking_date IS NOT NULL AS booked, e.booking_date AS "bookingDate", 'pooling' AS "balanceKind",
                CASE WHEN lf.id IS NULL THEN NULL ELSE ${partySql('lf', 'cf')} END AS "from", ${partySql('lt', 'ct')} AS "to"
              FROM rentals r JOIN locations lt ON lt.id = r.location_id JOIN customers ct ON ct.id = lt.customer_id
              LEFT JOIN locations lf ON lf.id = r.depot_location_id LEFT JOIN customers cf ON cf.id = lf.customer_id
              LEFT JOIN LATERAL (SELECT max(booking_date)::text AS booking_date FROM ledger_entries
                WHERE rental_id = r.id AND source = 'rental') e ON TRUE
              WHERE r.id = ${id}`;
    case 'ledgerEntry': {
      const sources = sql.join(
        disputableEntrySources.map((source) => sql`${source}`),
        sql`, `,
      );
      // Only a one-sided entry of its own is a movement here; the others belong to their order, receipt, rental or dispute.
      return sql`SELECT e.source IN (${sources}) AS booked, e.booking_date::text AS "bookingDate", e.balance_kind AS "balanceKind",
                CASE WHEN lf.id IS NULL THEN NULL ELSE ${partySql('lf', 'cf')} END AS "from", ${partySql('lt', 'ct')} AS "to"
              FROM ledger_entries e JOIN locations lt ON lt.id = e.location_id JOIN customers ct ON ct.id = lt.customer_id
              LEFT JOIN LATERAL (SELECT l.* FROM locations l JOIN customers c ON c.id = l.customer_id WHERE c.is_provider
                ORDER BY (l.country_id = lt.country_id) DESC, l.is_default DESC, l.id LIMIT 1) lf ON TRUE
              LEFT JOIN customers cf ON cf.id = lf.customer_id
              WHERE e.id = ${id}`;
    }
  }
}

/** Refuses a movement that cannot be disputed: not booked, or without another portal party (see `loadMovement`). */
export function assertDisputable(movement: Movement): void {
  if (movement.from.locationId === movement.to.locationId) throw refuse('noCounterparty');
  if (!movement.bookingDate || !movement.balanceKind) throw refuse('notBooked');
  if (movement.from.customerId === movement.to.customerId) throw refuse('sameParty');
}

/** The movement's column of `disputes` (and of `ledger_entries`, where a single entry is its `id`). */
export const sourceColumn = (kind: DisputeSourceKind) =>
  sql.raw({ order: 'order_id', palletReceipt: 'pallet_receipt_id', rental: 'rental_id', ledgerEntry: 'ledger_entry_id' }[kind]);

/** Per product, the carriers in force from `from` to `to` (see the file comment). */
export async function quantitiesInForce(tx: Tx, movement: Movement): Promise<Map<number, number>> {
  const column = sourceColumn(movement.kind);
  const own =
    movement.kind === 'ledgerEntry'
      ? sql`e.id = ${movement.id}`
      : movement.kind === 'rental'
        ? sql`(e.rental_id = ${movement.id} AND e.source = 'rental')`
        : sql`e.${column} = ${movement.id}`;
  const list = await rows<{ productId: number; quantity: number }>(
    tx,
    sql`SELECT e.product_id AS "productId", sum(e.quantity)::int AS quantity FROM ledger_entries e
        WHERE e.location_id = ${movement.to.locationId}
          AND (${own} OR e.dispute_id IN (SELECT id FROM disputes WHERE ${column} = ${movement.id}))
        GROUP BY 1`,
  );
  return new Map(list.map((row) => [Number(row.productId), Number(row.quantity)]));
}

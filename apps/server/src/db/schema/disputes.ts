/**
 * Disputes of booked movements (issue 22; domain.md, "Agreement between parties";
 * docs/disputes.md). Nothing a dispute is about is ever edited: an accepted or upheld dispute
 * posts one correction (ledger source `dispute`, `ledger_entries.dispute_id`).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerEntries } from './balance.js';
import { ts } from './columns.js';
import { locations } from './company.js';
import { rentals } from './containers.js';
import { orders } from './orders.js';
import { palletReceipts } from './pallet-receipts.js';
import { products } from './reference.js';
import { users } from './users.js';

/**
 * A dispute of one movement: a received order (`order_id`), a final pallet receipt
 * (`pallet_receipt_id`), a container rental (`rental_id`: from its depot to its location) or a
 * single one-sided ledger entry (`ledger_entry_id`: an opening, issue, scrap or count correction,
 * whose other party is the pool, that is a provider depot in `from_location_id`; its correction
 * posts at `to_location_id` only). The movement goes from `from_location_id` to
 * `to_location_id` in `balance_kind`; the opener is one of the two (`opener_location_id`), the
 * other is `counterparty_location_id`. `status`: open | accepted | rejected | decidedFor |
 * decidedAgainst | withdrawn; `waiting_on`: counterparty | opener | provider | null (ended);
 * `answer_due` the last day (in the opener's location's country) the party waited for may answer.
 * `version` rises with every change: a change names the version it read (409 otherwise).
 * One unended dispute per movement (partial unique indexes).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    sourceKind: text('source_kind').notNull(), // order | palletReceipt | rental | ledgerEntry
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    palletReceiptId: integer('pallet_receipt_id').references(() => palletReceipts.id),
    rentalId: integer('rental_id').references((): AnyPgColumn => rentals.id),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references((): AnyPgColumn => ledgerEntries.id),
    /** The movement's booking day: its window counts from it. */
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    fromLocationId: integer('from_location_id')
      .notNull()
      .references(() => locations.id),
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => locations.id),
    balanceKind: text('balance_kind').notNull(),
    openerLocationId: integer('opener_location_id')
      .notNull()
      .references(() => locations.id),
    counterpartyLocationId: integer('counterparty_location_id')
      .notNull()
      .references(() => locations.id),
    problem: text('problem').notNull(), // quantity | product | counterparty | bookingDate
    comment: text('comment').notNull(),
    status: text('status').notNull().default('open'),
    waitingOn: text('waiting_on'),
    answerDue: date('answer_due', { mode: 'string' }),
    openedByUserId: integer('opened_by_user_id')
      .notNull()
      .references(() => users.id),
    openedAt: ts('opened_at').notNull().defaultNow(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: ts('decided_at'),
    decisionComment: text('decision_comment'),
    /** When the correction posted (its entries name the dispute); null while nothing posted. */
    postedAt: ts('posted_at'),
    version: integer('version').notNull().default(1),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('disputes_opener_idx').on(t.openerLocationId, t.status),
    index('disputes_counterparty_idx').on(t.counterpartyLocationId, t.status),
    index('disputes_due_idx').on(t.answerDue).where(sql`status = 'open'`),
    uniqueIndex('disputes_order_open_uq').on(t.orderId).where(sql`status IN ('open', 'rejected') AND order_id IS NOT NULL`),
    uniqueIndex('disputes_receipt_open_uq')
      .on(t.palletReceiptId)
      .where(sql`status IN ('open', 'rejected') AND pallet_receipt_id IS NOT NULL`),
    uniqueIndex('disputes_rental_open_uq').on(t.rentalId).where(sql`status IN ('open', 'rejected') AND rental_id IS NOT NULL`),
    uniqueIndex('disputes_entry_open_uq').on(t.ledgerEntryId).where(sql`status IN ('open', 'rejected') AND ledger_entry_id IS NOT NULL`),
    uniqueIndex('disputes_idempotency_uq').on(t.openedByUserId, t.idempotencyKey),
  ],
);

/**
 * A product of a dispute: the carriers in force when it was opened (`was_quantity`: the
 * movement's, with earlier disputes' corrections) and those proposed now (`quantity`; a
 * counter-proposal replaces it, the history keeps each). The correction posts quantity - was.
 */
export const disputeLines = pgTable(
  'dispute_lines',
  {
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    wasQuantity: integer('was_quantity').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.disputeId, t.productId] })],
);

/** The history of a dispute: each step, who (null: the scheduler), its comment and any proposed lines. */
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id),
    event: text('event').notNull(),
    byUserId: integer('by_user_id').references(() => users.id),
    comment: text('comment'),
    lines: jsonb('lines'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('dispute_events_dispute_idx').on(t.disputeId, t.id)],
);

/**
 * The provider's extension of one movement's dispute window: it may be disputed through
 * `until_date` (one row per movement; a later extension replaces it).
 */
export const disputeWindowExtensions = pgTable(
  'dispute_window_extensions',
  {
    sourceKind: text('source_kind').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => users.id),
    comment: text('comment').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sourceKind, t.sourceId] })],
);

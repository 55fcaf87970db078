/** The ledger, running balances and count audits (domain.md, "Balances"). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { locations } from './company.js';
import { rentals } from './containers.js';
import { disputes } from './disputes.js';
import { orders } from './orders.js';
import { palletReceiptDisputes, palletReceipts } from './pallet-receipts.js';
import { products } from './reference.js';
import { users } from './users.js';

/**
 * The ledger: every movement of carriers, signed (+ in, - out), per location, product and
 * balance kind. Sources: order (status 5), opening (a location's carriers before the demo's first
 * order, balanced by a depot), issue, scrap, correction (count audit).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    balanceKind: text('balance_kind').notNull(),
    quantity: integer('quantity').notNull(),
    source: text('source').notNull(), // order | opening | issue | scrap | correction | receipt | receiptCorrection | rental | dispute
    /** The count audit a correction entry comes from. */
    countAuditId: integer('count_audit_id').references((): AnyPgColumn => countAudits.id),
    /** The pallet receipt a `receipt` entry comes from (pallet-receipts.ts). */
    palletReceiptId: integer('pallet_receipt_id').references((): AnyPgColumn => palletReceipts.id),
    /** The dispute a `receiptCorrection` entry corrects its receipt for (issue 20; pallet-receipts.ts). */
    palletReceiptDisputeId: integer('pallet_receipt_dispute_id').references((): AnyPgColumn => palletReceiptDisputes.id),
    /** The rental a `rental` entry comes from (containers assigned or returned; containers.ts). */
    rentalId: integer('rental_id').references((): AnyPgColumn => rentals.id),
    /** The dispute a `dispute` entry corrects its movement for (issue 22; disputes.ts). */
    disputeId: integer('dispute_id').references((): AnyPgColumn => disputes.id),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_location_idx').on(t.locationId, t.productId, t.bookingDate),
    index('ledger_order_idx').on(t.orderId),
    index('ledger_receipt_idx').on(t.palletReceiptId).where(sql`pallet_receipt_id IS NOT NULL`),
    index('ledger_rental_idx').on(t.rentalId).where(sql`rental_id IS NOT NULL`),
    index('ledger_dispute_idx').on(t.disputeId).where(sql`dispute_id IS NOT NULL`),
    // A location's entries by booking date: the reports' range reads (a period's movements, the
    // entries after a day that turn the running total into the balance at that day). The columns
    // after the id only cover what the reports read, so those reads are index-only scans
    // (drizzle has no INCLUDE; as trailing key columns they change no order).
    index('ledger_location_date_idx').on(t.locationId, t.bookingDate, t.id, t.productId, t.balanceKind, t.quantity, t.source, t.orderId),
  ],
);

/**
 * The ledger's net movement per location, product, balance kind and calendar month of the booking
 * date (issue 21, "Ten years of data"): the balance at the start of a day is the running total in
 * `balances` minus the months after the day's month and the entries of that month from the day on,
 * so no read walks the years between a past period and today (`balanceBeforeSql`). Kept exact in
 * the transaction of every ledger write by triggers (migration 0019): `ledger_months_insert_trg`
 * (one grouped upsert per INSERT statement) and `ledger_months_trg` (per updated or deleted row).
 * `month` is the month's first day; `quantity` in carriers, signed.
 */
export const ledgerMonths = pgTable(
  'ledger_months',
  {
    locationId: integer('location_id').notNull(),
    productId: integer('product_id').notNull(),
    balanceKind: text('balance_kind').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.productId, t.balanceKind, t.month] })],
);

/** Running balance per location, product and kind, kept in the same transaction as the ledger. */
export const balances = pgTable(
  'balances',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    balanceKind: text('balance_kind').notNull(),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.productId, t.balanceKind] })],
);

/**
 * Count audits (spec section 3, "Count audit"; domain.md, "Balances"): a location's count of
 * its carriers on a date, registered by a customer user and confirmed or rejected by provider
 * staff. `status`: registered | confirmed | rejected. Confirming posts one correction entry per
 * line (ledger source `correction`, `count_audit_id` set) in the same transaction.
 */
export const countAudits = pgTable(
  'count_audits',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The day counted (yyyy-MM-dd, not in the future when registered). */
    countDate: date('count_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('registered'),
    registeredByUserId: integer('registered_by_user_id')
      .notNull()
      .references(() => users.id),
    registeredAt: ts('registered_at').notNull().defaultNow(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: ts('decided_at'),
    /** The provider's comment on a confirmation or rejection. */
    comment: text('comment'),
  },
  (t) => [index('count_audits_location_idx').on(t.locationId, t.countDate), index('count_audits_status_idx').on(t.status, t.locationId)],
);

/**
 * One product of a count audit. `balance` is the ledger balance (pooling and commission
 * together: a count sees carriers, not accounts) at the end of the count date; `inbound` and
 * `outbound` the carriers posted in and out after it up to the registration. The difference
 * is `counted_quantity - balance`. Quantities in carriers.
 */
export const countAuditLines = pgTable(
  'count_audit_lines',
  {
    auditId: integer('audit_id')
      .notNull()
      .references(() => countAudits.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    countedQuantity: integer('counted_quantity').notNull(),
    balance: integer('balance').notNull(),
    inbound: integer('inbound').notNull().default(0),
    outbound: integer('outbound').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.productId] })],
);

/**
 * Stock levels (spec section 3, user notification "stock level"): a lower and an upper level
 * per location and product, in carriers (either may be null: no such level). `state` is where
 * the balance stood at the last check (below | within | above), so the stock-level mail goes
 * out once when the balance crosses a level, not on every movement.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    lowerLevel: integer('lower_level'),
    upperLevel: integer('upper_level'),
    state: text('state').notNull().default('within'),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.productId] })],
);

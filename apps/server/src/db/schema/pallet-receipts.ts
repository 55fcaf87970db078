/**
 * Pallet receipts (issue 11; spec section 2, "/pallet-receipts"): the handover document when
 * carriers change hands at a dock without an order in the portal. Quantities in carriers;
 * instants UTC. The `-inv` variant (`inventory`) registers a count at the dock and hands it to a
 * count audit (`count_audit_id`).
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { countAudits } from './balance.js';
import { bytea, ts } from './columns.js';
import { externalLocations, locations } from './company.js';
import { products } from './reference.js';
import { users } from './users.js';

/**
 * A pallet receipt written at `location_id`'s dock with a counterparty (a portal location or an
 * external location; neither for an inventory receipt), the haulier and car number, and when the
 * carriers changed hands (`handed_over_at`). `receipt_number` is unique and printed with the QR
 * code; the QR link carries a random token whose SHA-256 is `qr_token_hash`.
 * Status: open (saved, waiting for signatures or the counterparty) -> final (posted to the
 * ledger once, `posted_at`; `final_reason` signatures | confirmed | receptionDays | provider), or
 * disputed (the counterparty objected within the reception days; nothing posted) -> final or
 * void (provider staff decide). `due_date`: the day it becomes final without an answer.
 */
export const palletReceipts = pgTable(
  'pallet_receipts',
  {
    id: serial('id').primaryKey(),
    receiptNumber: text('receipt_number').notNull().unique(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    inventory: boolean('inventory').notNull().default(false),
    counterpartyLocationId: integer('counterparty_location_id').references(() => locations.id),
    externalLocationId: integer('external_location_id').references(() => externalLocations.id),
    haulier: text('haulier'),
    carNumber: text('car_number'),
    handedOverAt: ts('handed_over_at').notNull(),
    comment: text('comment'),
    status: text('status').notNull().default('open'), // open | final | disputed | void
    dueDate: date('due_date', { mode: 'string' }),
    qrTokenHash: text('qr_token_hash').notNull().unique(),
    postedAt: ts('posted_at'),
    finalReason: text('final_reason'),
    confirmedAt: ts('confirmed_at'),
    confirmedByName: text('confirmed_by_name'),
    objectedAt: ts('objected_at'),
    objection: text('objection'),
    countAuditId: integer('count_audit_id').references(() => countAudits.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Legacy free-form data of receipts written before issue 11 (none in the demo). */
    data: text('data'),
  },
  (t) => [
    index('pallet_receipts_location_idx').on(t.locationId, t.handedOverAt),
    index('pallet_receipts_counterparty_idx').on(t.counterpartyLocationId, t.handedOverAt),
    index('pallet_receipts_due_idx').on(t.dueDate).where(sql`status = 'open'`),
  ],
);

/**
 * A product line of a receipt: `delivered` carriers the counterparty handed over to the location
 * (in at the location), `returned` carriers the location gave back (out at the location);
 * `counted` is the count of an inventory receipt.
 */
export const palletReceiptLines = pgTable(
  'pallet_receipt_lines',
  {
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => palletReceipts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    delivered: integer('delivered').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    counted: integer('counted'),
  },
  (t) => [primaryKey({ columns: [t.receiptId, t.productId] })],
);

/** A signature drawn at the dock: `party` from (the counterparty's driver) or to (the location), a PNG. */
export const palletReceiptSignatures = pgTable(
  'pallet_receipt_signatures',
  {
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => palletReceipts.id),
    party: text('party').notNull(), // from | to
    name: text('name').notNull(),
    image: bytea('image').notNull(),
    signedAt: ts('signed_at').notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.receiptId, t.party] })],
);

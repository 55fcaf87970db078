/**
 * Pallet receipts (issue 11; spec section 2, "/pallet-receipts"): the handover document when
 * carriers change hands at a dock without an order in the portal. Quantities in carriers;
 * instants UTC. The `-inv` variant (`inventory`) registers a count at the dock and hands it to a
 * count audit (`count_audit_id`).
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * Status: approval (issue 20: waits for provider staff, `approval_reasons`) -> open or void;
 * open (saved, waiting for signatures or the counterparty) -> final (posted to the ledger once,
 * `posted_at`; `final_reason` signatures | confirmed | receptionDays | provider), or disputed (the
 * counterparty objected within its window; nothing posted) -> final or void (provider staff
 * decide). `needs_consent`: another party's balance moves, so the dock's signatures do not make
 * it final. `told_at`: when the counterparty was told (its window's start; `due_date` the last day
 * it may answer); `location_mailed_at`: when the location's own mail was queued. Both are written
 * after the receipt's commit (pallet-receipts/receipt-notices.ts), so null means still to do.
 * `answer_token_hash`: the SHA-256 of the link mailed to the counterparty (the dock's link is
 * `qr_token_hash`). `idempotency_key` + `request_hash`: a repeated POST answers this receipt.
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
    needsConsent: boolean('needs_consent').notNull().default(false),
    approvalReasons: text('approval_reasons').array().notNull().default(sql`'{}'::text[]`),
    approvedAt: ts('approved_at'),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id),
    toldAt: ts('told_at'),
    locationMailedAt: ts('location_mailed_at'),
    answerTokenHash: text('answer_token_hash').unique(),
    confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Legacy free-form data of receipts written before issue 11 (none in the demo). */
    data: text('data'),
  },
  (t) => [
    index('pallet_receipts_location_idx').on(t.locationId, t.handedOverAt),
    index('pallet_receipts_counterparty_idx').on(t.counterpartyLocationId, t.handedOverAt),
    index('pallet_receipts_due_idx').on(t.dueDate).where(sql`status = 'open'`),
    uniqueIndex('pallet_receipts_idempotency_uq').on(t.createdByUserId, t.idempotencyKey),
    // The notices still to send after a commit (receipt-notices.ts): few rows, read by the job.
    index('pallet_receipts_notice_idx')
      .on(t.id)
      .where(sql`NOT inventory AND (location_mailed_at IS NULL OR (told_at IS NULL AND status IN ('open', 'final', 'disputed')))`),
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

/**
 * A dispute of a final receipt (issue 20; docs/pallet-receipts.md, "Disputes of a final receipt"):
 * a user of one side (`side` location | counterparty) says within PALLET_RECEIPT_DISPUTE_DAYS what
 * the quantities should be (its lines); provider staff reject it or correct it, which posts the
 * difference once (ledger source `receiptCorrection`, `pallet_receipt_dispute_id`). The receipt
 * never changes. One open dispute per receipt (a partial unique index).
 */
export const palletReceiptDisputes = pgTable(
  'pallet_receipt_disputes',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => palletReceipts.id),
    side: text('side').notNull(), // location | counterparty
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'), // open | rejected | corrected
    raisedByUserId: integer('raised_by_user_id')
      .notNull()
      .references(() => users.id),
    raisedAt: ts('raised_at').notNull().defaultNow(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: ts('decided_at'),
    decisionComment: text('decision_comment'),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('pallet_receipt_disputes_receipt_idx').on(t.receiptId),
    uniqueIndex('pallet_receipt_disputes_open_uq').on(t.receiptId).where(sql`status = 'open'`),
    uniqueIndex('pallet_receipt_disputes_idempotency_uq').on(t.raisedByUserId, t.idempotencyKey),
  ],
);

/**
 * A product of a dispute: what it should be (`delivered`, `returned`) and what was in force when
 * the dispute was raised (`was_delivered`, `was_returned`: the receipt's line, or the last
 * correction's), so a correction posts (delivered - returned) - (was_delivered - was_returned).
 */
export const palletReceiptDisputeLines = pgTable(
  'pallet_receipt_dispute_lines',
  {
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => palletReceiptDisputes.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    delivered: integer('delivered').notNull(),
    returned: integer('returned').notNull(),
    wasDelivered: integer('was_delivered').notNull(),
    wasReturned: integer('was_returned').notNull(),
  },
  (t) => [primaryKey({ columns: [t.disputeId, t.productId] })],
);

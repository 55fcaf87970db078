/**
 * Reconciliation against a customer's own records (issue 22; docs/reconciliation.md): each
 * customer's saved column mapping, the saved reconciliations with their counts and match rate,
 * and every row of each (a file row, a ledger movement, or both matched). A reconciliation is
 * written once, in one transaction, and never changed.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';
import { users } from './users.js';

/** A customer's mapping of its file's columns (`ZReconciliationMapping` as JSON), kept for its next reconciliation. */
export const reconciliationMappings = pgTable('reconciliation_mappings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  mapping: jsonb('mapping').notNull(),
  savedByUserId: integer('saved_by_user_id')
    .notNull()
    .references(() => users.id),
  savedAt: ts('saved_at').notNull().defaultNow(),
});

/**
 * A saved reconciliation: whose (`customer_id`), who ran it and when, the file's name, the period
 * (both days inclusive), the date tolerance in days either side, the locations reconciled, the
 * count of rows per outcome and the match rate in basis points (matched per 10,000 rows).
 * `idempotency_key` is unique per user: the same key twice answers the first run.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    toleranceDays: integer('tolerance_days').notNull(),
    locationIds: integer('location_ids').array().notNull(),
    matched: integer('matched').notNull(),
    different: integer('different').notNull(),
    fileOnly: integer('file_only').notNull(),
    portalOnly: integer('portal_only').notNull(),
    matchRate: integer('match_rate').notNull(),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('reconciliations_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('reconciliations_idempotency_uq').on(t.createdByUserId, t.idempotencyKey).where(sql`idempotency_key IS NOT NULL`),
  ],
);

/**
 * One row of a reconciliation (`ZReconciliationRow`), `idx` its place in the answer (file rows in
 * file order, then the ledger's unmatched movements by date). Quantities are signed carriers
 * (+ in to the location, - out); `differences` a comma-separated list of quantity, date.
 * `product_id` is the file row's product as mapped, else the ledger's.
 */
export const reconciliationRows = pgTable(
  'reconciliation_rows',
  {
    reconciliationId: integer('reconciliation_id')
      .notNull()
      .references(() => reconciliations.id),
    idx: integer('idx').notNull(),
    outcome: text('outcome').notNull(), // matched | different | fileOnly | portalOnly
    matchedBy: text('matched_by'), // reference | counterparty
    differences: text('differences').notNull().default(''),
    problem: text('problem'),
    fileRow: integer('file_row'),
    fileDate: text('file_date'),
    fileReference: text('file_reference'),
    fileCounterparty: text('file_counterparty'),
    fileProduct: text('file_product'),
    fileQuantity: integer('file_quantity'),
    productId: integer('product_id'),
    locationId: integer('location_id').references(() => locations.id),
    ledgerDate: date('ledger_date', { mode: 'string' }),
    ledgerQuantity: integer('ledger_quantity'),
    orderId: bigint('order_id', { mode: 'number' }),
    palletReceiptId: integer('pallet_receipt_id'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    counterparty: text('counterparty'),
  },
  (t) => [primaryKey({ columns: [t.reconciliationId, t.idx] })],
);

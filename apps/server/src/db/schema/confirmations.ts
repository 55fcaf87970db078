/**
 * Balance confirmation rounds (issue 22; docs/statements.md, "Balance confirmations"): a round the
 * provider starts for chosen customers on a day, and each customer's confirmation in it, reached
 * through a link whose token only the customer's mail carries (the database keeps its SHA-256).
 */
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';
import { products } from './reference.js';
import { users } from './users.js';

/** A round: its name, the day whose closing balances are confirmed, who started it and when. */
export const confirmationRounds = pgTable('confirmation_rounds', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * One customer's confirmation in a round: `status` pending | confirmed | disputed, answered once
 * (who gave which name when, a comment saying what does not match), and the reminders sent.
 */
export const balanceConfirmations = pgTable(
  'balance_confirmations',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => confirmationRounds.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull(),
    /** The addresses the link went to, comma-separated ('' when the customer has none). */
    recipients: text('recipients').notNull().default(''),
    status: text('status').notNull().default('pending'),
    answeredAt: ts('answered_at'),
    answeredBy: text('answered_by'),
    comment: text('comment'),
    reminders: integer('reminders').notNull().default(0),
    remindedAt: ts('reminded_at'),
  },
  (t) => [
    uniqueIndex('balance_confirmations_round_customer_uq').on(t.roundId, t.customerId),
    uniqueIndex('balance_confirmations_token_uq').on(t.tokenHash),
    index('balance_confirmations_customer_idx').on(t.customerId),
  ],
);

/**
 * The lines a customer disputed when it answered "disputed" (issue 22, "to dispute lines"): a
 * location's product on an account, the closing balance the link showed (`shown_quantity`) and
 * the figure the customer's own records give (`quantity`). Written with the answer, once.
 */
export const balanceConfirmationLines = pgTable(
  'balance_confirmation_lines',
  {
    id: serial('id').primaryKey(),
    confirmationId: integer('confirmation_id')
      .notNull()
      .references(() => balanceConfirmations.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    balanceKind: text('balance_kind').notNull(),
    shownQuantity: integer('shown_quantity').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [uniqueIndex('balance_confirmation_lines_uq').on(t.confirmationId, t.locationId, t.productId, t.balanceKind)],
);

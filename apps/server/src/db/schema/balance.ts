/** The ledger, running balances and count audits (domain.md, "Balances"). */
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { locations } from './company.js';
import { orders } from './orders.js';
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
    source: text('source').notNull(), // order | opening | issue | scrap | correction
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ledger_location_idx').on(t.locationId, t.productId, t.bookingDate), index('ledger_order_idx').on(t.orderId)],
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

/** Count audits: counted volume per product on a date, confirmed by the provider. */
export const countAudits = pgTable('count_audits', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  countDate: date('count_date', { mode: 'string' }).notNull(),
  countedQuantity: integer('counted_quantity').notNull(),
  ledgerQuantity: integer('ledger_quantity').notNull(),
  inbound: integer('inbound').notNull().default(0),
  outbound: integer('outbound').notNull().default(0),
  registeredByUserId: integer('registered_by_user_id').references(() => users.id),
  confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id),
  confirmedAt: ts('confirmed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

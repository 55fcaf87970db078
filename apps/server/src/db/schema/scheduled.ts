/** Scheduled (recurring) orders and their lines. */
import { boolean, date, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { locations } from './company.js';
import { products, truckTypes } from './reference.js';
import { users } from './users.js';

/** Scheduled (recurring) order templates; each due occurrence becomes one real order. */
export const scheduledOrders = pgTable('scheduled_orders', {
  id: serial('id').primaryKey(),
  transactionTypeId: smallint('transaction_type_id').notNull(),
  locationIdFrom: integer('location_id_from')
    .notNull()
    .references(() => locations.id),
  locationIdTo: integer('location_id_to')
    .notNull()
    .references(() => locations.id),
  intervalWeeks: smallint('interval_weeks').notNull(),
  monday: boolean('monday').notNull().default(false),
  tuesday: boolean('tuesday').notNull().default(false),
  wednesday: boolean('wednesday').notNull().default(false),
  thursday: boolean('thursday').notNull().default(false),
  friday: boolean('friday').notNull().default(false),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  /** The next occurrence not yet turned into an order. */
  nextDate: date('next_date', { mode: 'string' }),
  truckTypeId: integer('truck_type_id').references(() => truckTypes.id),
  referenceOwn: text('reference_own'),
  active: boolean('active').notNull().default(true),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const scheduledOrderLines = pgTable(
  'scheduled_order_lines',
  {
    scheduledOrderId: integer('scheduled_order_id')
      .notNull()
      .references(() => scheduledOrders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduledOrderId, t.productId] })],
);

/** Containers, rentals and container orders. */
import { date, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { locations } from './company.js';
import { products } from './reference.js';

export const containers = pgTable('containers', {
  id: serial('id').primaryKey(),
  serialNumber: text('serial_number').notNull().unique(),
  productId: integer('product_id').references(() => products.id),
  locationId: integer('location_id').references(() => locations.id),
  status: text('status').notNull().default('OK'), // OK | NeedsRepair
});

export const rentals = pgTable('rentals', {
  id: serial('id').primaryKey(),
  containerId: integer('container_id')
    .notNull()
    .references(() => containers.id),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  status: text('status').notNull().default('Registered'), // Registered | Open | Closed
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
});

export const containerOrders = pgTable('container_orders', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  status: text('status').notNull().default('Open'),
  quantity: integer('quantity').notNull(),
  productId: integer('product_id').references(() => products.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

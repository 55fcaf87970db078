/**
 * Containers, rentals and container orders (issue 11; spec sections 2, 3 and 6, "Container").
 * A container is an individual asset (a serial number, a GS1 GRAI where the provider has one);
 * a rental lends containers of one type to a location for a period; a container order asks the
 * provider for containers. Quantities in containers; dates plain (yyyy-MM-dd, the location's
 * country), instants UTC.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.js';
import { locations } from './company.js';
import { products } from './reference.js';
import { users } from './users.js';

/**
 * One container: `serial_number` (printed on it), `grai` (GS1 Global Returnable Asset
 * Identifier, 14 digits plus an optional serial, where the provider has one), the product it is
 * (a carrier type with `is_container`), `status` OK | NeedsRepair, `location_id` where it is now
 * and `home_location_id` the provider depot it belongs to.
 */
export const containers = pgTable('containers', {
  id: serial('id').primaryKey(),
  serialNumber: text('serial_number').notNull().unique(),
  grai: text('grai').unique(),
  productId: integer('product_id').references(() => products.id),
  locationId: integer('location_id').references(() => locations.id),
  homeLocationId: integer('home_location_id').references(() => locations.id),
  status: text('status').notNull().default('OK'), // OK | NeedsRepair
  /** The last return check's comment (why it needs repair). */
  note: text('note'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A rental: a location rents `quantity` containers of one product from `start_date` to
 * `end_date` (planned last day; open-ended when null). Status Registered (asked for) -> Open
 * (the provider assigned containers from `depot_location_id`) -> Closed (all returned, closed by
 * the provider). Day rent accrues per container and day it is held (`rental_containers`).
 */
export const rentals = pgTable(
  'rentals',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('Registered'), // Registered | Open | Closed
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    depotLocationId: integer('depot_location_id').references(() => locations.id),
    comment: text('comment'),
    registeredByUserId: integer('registered_by_user_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    openedByUserId: integer('opened_by_user_id').references(() => users.id),
    openedAt: ts('opened_at'),
    closedByUserId: integer('closed_by_user_id').references(() => users.id),
    closedAt: ts('closed_at'),
  },
  (t) => [index('rentals_location_idx').on(t.locationId, t.status)],
);

/**
 * A container of a rental: assigned on `assigned_on` (the provider opens the rental), returned on
 * `returned_on` with the return check (`return_status` OK | NeedsRepair, a comment and a photo).
 * A container is in at most one rental at a time (`rental_containers_out_uq`).
 */
export const rentalContainers = pgTable(
  'rental_containers',
  {
    rentalId: integer('rental_id')
      .notNull()
      .references(() => rentals.id),
    containerId: integer('container_id')
      .notNull()
      .references(() => containers.id),
    assignedOn: date('assigned_on', { mode: 'string' }).notNull(),
    returnedOn: date('returned_on', { mode: 'string' }),
    returnStatus: text('return_status'), // OK | NeedsRepair
    returnComment: text('return_comment'),
    returnPhoto: bytea('return_photo'),
    returnPhotoType: text('return_photo_type'),
    returnedByUserId: integer('returned_by_user_id').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.rentalId, t.containerId] }),
    uniqueIndex('rental_containers_out_uq').on(t.containerId).where(sql`returned_on IS NULL`),
  ],
);

/**
 * A container order: a location asks for `quantity` containers of a product by `wanted_date`.
 * Status Open (default) -> Confirmed -> Delivered, or Cancelled; delivering registers the rental
 * the provider then opens (`rental_id`).
 */
export const containerOrders = pgTable(
  'container_orders',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    status: text('status').notNull().default('Open'), // Open | Confirmed | Delivered | Cancelled
    quantity: integer('quantity').notNull(),
    productId: integer('product_id').references(() => products.id),
    wantedDate: date('wanted_date', { mode: 'string' }),
    reference: text('reference'),
    comment: text('comment'),
    orderedByUserId: integer('ordered_by_user_id').references(() => users.id),
    rentalId: integer('rental_id').references(() => rentals.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('container_orders_location_idx').on(t.locationId, t.createdAt)],
);

/** The history of a container order: each status step with who, when and a comment. */
export const containerOrderHistory = pgTable('container_order_history', {
  id: serial('id').primaryKey(),
  containerOrderId: integer('container_order_id')
    .notNull()
    .references(() => containerOrders.id),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  userId: integer('user_id').references(() => users.id),
  comment: text('comment'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

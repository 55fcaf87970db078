/** Orders, their lines, status history, comments and attachments. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, money, ts } from './columns.js';
import { externalLocations, locations } from './company.js';
import { disputes } from './disputes.js';
import { products, truckTypes } from './reference.js';
import { scheduledOrders } from './scheduled.js';
import { users } from './users.js';

/**
 * An order (transaction): a movement of carriers between two parties. The order id is the
 * order number. `version` increases on every change (optimistic concurrency).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionTypeId: smallint('transaction_type_id').notNull(),
    transactionStatusId: smallint('transaction_status_id').notNull(),
    locationIdFrom: integer('location_id_from')
      .notNull()
      .references(() => locations.id),
    locationIdTo: integer('location_id_to').references(() => locations.id),
    externalLocationIdTo: integer('external_location_id_to').references(() => externalLocations.id),
    customerGroupFrom: text('customer_group_from').notNull(),
    customerGroupTo: text('customer_group_to'),
    datePickup: date('date_pickup', { mode: 'string' }),
    /** Send date: the day the carriers leave (grid sort field `dateSend`). */
    dateSend: date('date_send', { mode: 'string' }).notNull(),
    dateReceive: date('date_receive', { mode: 'string' }),
    referenceOwn: text('reference_own'),
    referenceSender: text('reference_sender'),
    referenceReceiver: text('reference_receiver'),
    referenceTransport: text('reference_transport'),
    currency: text('currency'),
    price: money('price'),
    amount: money('amount'),
    freight: money('freight'),
    transportFee: money('transport_fee'),
    carNumber: text('car_number'),
    trailer: text('trailer'),
    carType: text('car_type'),
    fuel: text('fuel'),
    cartman: text('cartman'),
    transporter: text('transporter'),
    sealing: text('sealing'),
    truckTypeId: integer('truck_type_id').references(() => truckTypes.id),
    customsHandler: text('customs_handler'),
    customsStatus: text('customs_status'),
    loadText: text('load_text'),
    infoText: text('info_text'),
    transportText: text('transport_text'),
    tempAddressName: text('temp_address_name'),
    tempAddressStreet: text('temp_address_street'),
    tempAddressPostalCode: text('temp_address_postal_code'),
    tempAddressPostalName: text('temp_address_postal_name'),
    tempAddressCountryId: text('temp_address_country_id'),
    autoCommit: boolean('auto_commit').notNull().default(false),
    receptionDays: smallint('reception_days'),
    returnDays: smallint('return_days'),
    isReceiverRegistered: boolean('is_receiver_registered').notNull().default(true),
    replacedByOrderId: bigint('replaced_by_order_id', { mode: 'number' }),
    scheduledOrderId: integer('scheduled_order_id').references(() => scheduledOrders.id),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    idempotencyKey: text('idempotency_key'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** Total carriers on the order (sum of the lines' ordered quantities), kept for lists. */
    quantityTotal: integer('quantity_total').notNull().default(0),
    /** Total tare weight in grams, kept for the volume widget. */
    weightGrams: bigint('weight_grams', { mode: 'number' }).notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
  },
  (t) => [
    // The orders grid reads a location's orders by send date: one index per side, so each
    // side is an index range scan and the two are merged (no scan that grows with history).
    // Ascending with default NULLS placement: read forward for ASC and backward for DESC,
    // both match the queries' ORDER BY (a DESC NULLS LAST index matches neither).
    index('orders_from_send_idx').on(t.locationIdFrom, t.dateSend, t.id),
    index('orders_to_send_idx').on(t.locationIdTo, t.dateSend, t.id),
    index('orders_status_idx').on(t.transactionStatusId, t.locationIdTo),
    index('orders_send_idx').on(t.dateSend, t.id),
    uniqueIndex('orders_idempotency_uq').on(t.createdByUserId, t.idempotencyKey),
    uniqueIndex('orders_schedule_uq').on(t.scheduledOrderId, t.scheduledDate),
  ],
);

/**
 * How many orders each location has per side, type and status: the grid's "{count} of
 * {total}" without counting the history (issue 2, performance). Kept exact in the transaction
 * of every order write by the triggers `orders_count_insert_trg` (one grouped upsert per INSERT
 * statement, migration 0006) and `orders_count_trg` (per updated or deleted row, migration
 * 0002); the demo seed loads orders with both off and rebuilds the table (`rebuildOrderCounts`).
 * `side` is 'F' for the from-location, 'T' for the to-location.
 *
 * Each count is spread over up to 16 rows, its `slot`s (issue 21): a transaction adds to the
 * slot of its transaction id (`order_counts_slot()`, 0-15; the rebuild writes slot 0), so
 * concurrent order writes between the same two locations rarely wait for one counter row until
 * the other commits. A count is the sum of its slots (`countFromCounters` always sums); one
 * slot alone may be negative.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    locationId: integer('location_id').notNull(),
    side: char('side', { length: 1 }).notNull(),
    transactionTypeId: smallint('transaction_type_id').notNull(),
    transactionStatusId: smallint('transaction_status_id').notNull(),
    slot: smallint('slot').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'order_counts_pk',
      columns: [t.locationId, t.side, t.transactionTypeId, t.transactionStatusId, t.slot],
    }),
  ],
);

/** Order lines: one product each. Quantities in carriers. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantityOrdered: integer('quantity_ordered').notNull(),
    quantityPicked: integer('quantity_picked'),
    quantityDelivered: integer('quantity_delivered'),
    /** Return choice per line: shall (true) or shall not (false) be returned. */
    shallReturn: boolean('shall_return'),
  },
  (t) => [uniqueIndex('order_lines_order_product_uq').on(t.orderId, t.productId)],
);

/** Every status change of an order: who, when, from, to, comment. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromStatusId: smallint('from_status_id'),
    toStatusId: smallint('to_status_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    comment: text('comment'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

export const orderComments = pgTable(
  'order_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId)],
);

/**
 * Files attached to orders, support cases and disputes (their evidence) live in the database
 * (architecture.md); exactly one of `order_id`, `ticket_id`, `dispute_id` is set.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    ticketId: integer('ticket_id'),
    /** The dispute a file is evidence of (issue 22; docs/disputes.md, "Evidence"). */
    disputeId: integer('dispute_id').references((): AnyPgColumn => disputes.id),
    kind: text('kind').notNull().default('file'), // file | signature
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    userId: integer('user_id').references(() => users.id),
    /** The name the signer typed, for kind 'signature'. */
    signerName: text('signer_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('attachments_order_idx').on(t.orderId),
    index('attachments_dispute_idx').on(t.disputeId).where(sql`dispute_id IS NOT NULL`),
  ],
);

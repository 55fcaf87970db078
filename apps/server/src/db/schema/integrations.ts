/**
 * Integrations (issue 23; docs/integrations.md): the events another system reads from the feed
 * (GET Events). An event is written in the transaction of the change it tells of (an outbox), so
 * none is announced that did not commit and none is lost.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers } from './company.js';
import { users } from './users.js';

/** A transaction id (`xid8`, 64 bits, never wraps), as decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * One event (integrationEventTypes of packages/domain). `tx_id` is the writing transaction's id:
 * the feed reads events in (tx_id, id) order and only those of transactions older than every
 * transaction still running (`pg_snapshot_xmin`), so a cursor never skips an event a slower
 * writer commits later (docs/integrations.md, "The feed"). `location_ids` are the locations the
 * event concerns (an order's sender and receiver): a caller sees it when one is in its scope.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: xid8('tx_id').notNull().default(sql`pg_current_xact_id()`),
    type: text('type').notNull(),
    locationIds: integer('location_ids').array().notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    previousStatus: integer('previous_status'),
    status: integer('status'),
    occurredAt: ts('occurred_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('integration_events_feed_idx').on(t.txId, t.id),
    index('integration_events_locations_idx').using('gin', t.locationIds),
    index('integration_events_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * A customer's webhook endpoint (issue 23; docs/integrations.md, "Webhooks"): where the events of
 * `event_types` concerning the customer's locations are POSTed, signed with `secret` (Standard
 * Webhooks, `whsec_` + base64 of 24 random bytes) and, until `previous_secret_until`, also with
 * `previous_secret` (a rotation's overlap). Deliveries carry what `owner_user_id` may read (the
 * user who registered it: authority follows the user). `paused_reason` manual | failing.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull(),
    active: boolean('active').notNull().default(true),
    pausedReason: text('paused_reason'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('webhook_endpoints_customer_idx').on(t.customerId),
    uniqueIndex('webhook_endpoints_idempotency_uq').on(t.ownerUserId, t.idempotencyKey),
  ],
);

/**
 * One event's delivery to one endpoint, written in the event's transaction (the outbox) and sent
 * by the webhook sender of any server process: a process claims due rows (`FOR UPDATE SKIP
 * LOCKED`, then `locked_until` as a lease while it sends), so each attempt has one sender.
 * `status` pending | delivered | failed | skipped.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

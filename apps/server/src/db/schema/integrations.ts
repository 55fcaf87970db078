/**
 * Integrations (issue 23; docs/integrations.md): the events another system reads from the feed
 * (GET Events). An event is written in the transaction of the change it tells of (an outbox), so
 * none is announced that did not commit and none is lost.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

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

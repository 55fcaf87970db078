/**
 * Writing events (issue 23; docs/integrations.md): inside the transaction of the change they tell
 * of, so an event exists exactly when its change committed, with a delivery for each webhook
 * endpoint that wants it (the outbox pattern). One statement however many orders changed.
 */
import type { SQL } from 'drizzle-orm';
import { sql, type Tx } from '../../db/client.js';

/** An order's status change as an event: `from` null is a new order (`order.created`). */
export interface OrderStatusEvent {
  orderId: number;
  from: number | null;
  to: number;
}

/**
 * Writes `order.created` (from null) or `order.statusChanged` events for `changes` inside `tx`,
 * each concerning the order's sender and receiver locations (an external receiver has none).
 */
export async function emitOrderStatusEvents(tx: Tx, changes: readonly OrderStatusEvent[]): Promise<void> {
  if (changes.length === 0) return;
  const events = changes.map((change) => ({
    order_id: change.orderId,
    previous_status: change.from,
    status: change.to,
    type: change.from === null ? 'order.created' : 'order.statusChanged',
  }));
  await tx.execute(sql`WITH written AS (
      INSERT INTO integration_events (type, location_ids, order_id, previous_status, status)
      SELECT e.type, array_remove(ARRAY[o.location_id_from, o.location_id_to], NULL), e.order_id, e.previous_status, e.status
      FROM jsonb_populate_recordset(NULL::integration_events, ${JSON.stringify(events)}::jsonb) e
      JOIN orders o ON o.id = e.order_id
      ORDER BY e.order_id
      RETURNING id, type, location_ids)
    ${deliveriesOf(sql`written`)}`);
}

/**
 * The INSERT of one delivery per event of `events` (a relation of id, type, location_ids) and
 * endpoint that wants it: an active or paused endpoint (a paused one's wait) of a customer owning
 * one of the event's locations, subscribed to its type. In the event's transaction (the outbox).
 */
function deliveriesOf(events: SQL) {
  return sql`INSERT INTO webhook_deliveries (endpoint_id, event_id)
    SELECT w.id, e.id FROM ${events} e
    JOIN webhook_endpoints w ON e.type = ANY(w.event_types)
      AND EXISTS (SELECT 1 FROM locations l WHERE l.id = ANY(e.location_ids) AND l.customer_id = w.customer_id)`;
}

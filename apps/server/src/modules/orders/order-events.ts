/**
 * What every status change writes besides the order itself (domain.md): a history row
 * (who, when, from, to, comment), an alert for the other party's location, the event for
 * other systems (integrations/emit-events.ts) and the order mail the change calls for
 * (mail/order-mail.ts).
 *
 * History rows and alerts take the time of the change, `clock_timestamp()`, not the start of the
 * transaction (`now()`, the columns' default): a transaction that began before another one but
 * changes the order after it (it waited for the order's row lock) must not date its row before
 * the other's, or the order's history would read out of order (issue 7; readers sort by time,
 * then id).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emitOrderStatusEvents } from '../integrations/emit-events.js';
import { mailOrderEvents } from '../mail/order-mail.js';

/** One order's status change, as recordStatusChange writes it. */
export interface StatusChange {
  orderId: number;
  /** The status before; null for a new order. */
  from: number | null;
  to: number;
  /** Who changed it; null for the system (auto commit). */
  userId: number | null;
  comment?: string | null;
  /** The location to alert (the other party's), or null for none. */
  alertLocationId: number | null;
}

/** Writes the history row, alert and mail of one status change inside `tx`. */
export async function recordStatusChange(tx: Tx, change: StatusChange): Promise<void> {
  await recordStatusChanges(tx, [change]);
}

/**
 * Writes the history rows, alerts and mails of many status changes inside `tx`, as
 * recordStatusChange writes one, with one statement per table however many orders changed
 * (the Excel import's orders, modules/order-import).
 */
export async function recordStatusChanges(tx: Tx, changes: readonly StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  const history = changes.map((c) => ({
    order_id: c.orderId,
    from_status_id: c.from,
    to_status_id: c.to,
    user_id: c.userId,
    comment: c.comment ?? null,
  }));
  await tx.execute(sql`INSERT INTO order_status_history (order_id, from_status_id, to_status_id, user_id, comment, at)
    SELECT order_id, from_status_id, to_status_id, user_id, comment, clock_timestamp()
    FROM jsonb_populate_recordset(NULL::order_status_history, ${JSON.stringify(history)}::jsonb)`);
  // Title and text are data for the bell: the web app translates `order.status.<to>` by id.
  const alerts = changes
    .filter((c) => c.alertLocationId !== null)
    .map((c) => ({
      location_id: c.alertLocationId,
      source: 'Order',
      source_id: c.orderId,
      title: `order.status.${c.to}`,
      text: `#${c.orderId}`,
    }));
  if (alerts.length)
    await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, created_at)
      SELECT location_id, source, source_id, title, text, clock_timestamp() FROM jsonb_populate_recordset(NULL::alerts, ${JSON.stringify(alerts)}::jsonb)`);
  await emitOrderStatusEvents(tx, changes);
  await mailOrderEvents(
    tx,
    changes.map((c) => ({ orderId: c.orderId, toStatus: c.to })),
  );
}

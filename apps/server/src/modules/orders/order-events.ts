/**
 * What every status change writes besides the order itself (domain.md): a history row
 * (who, when, from, to, comment) and an alert for the other party's location.
 *
 * Both take the time of the change, `clock_timestamp()`, not the start of the transaction
 * (`now()`, the columns' default): a transaction that began before another one but changes the
 * order after it (it waited for the order's row lock) must not date its row before the other's,
 * or the order's history would read out of order (issue 7; readers sort by time, then id).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { mailOrderEvent } from '../mail/order-mail.js';

export async function recordStatusChange(
  tx: Tx,
  change: {
    orderId: number;
    from: number | null;
    to: number;
    userId: number | null;
    comment?: string | null;
    alertLocationId: number | null;
  },
): Promise<void> {
  await tx.execute(sql`INSERT INTO order_status_history (order_id, from_status_id, to_status_id, user_id, comment, at)
    VALUES (${change.orderId}, ${change.from}, ${change.to}, ${change.userId}, ${change.comment ?? null}, clock_timestamp())`);
  if (change.alertLocationId !== null) {
    // Title and text are data for the bell: the web app translates `order.status.<to>` by id.
    await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, created_at)
      VALUES (${change.alertLocationId}, 'Order', ${change.orderId}, ${`order.status.${change.to}`}, ${`#${change.orderId}`}, clock_timestamp())`);
  }
  await mailOrderEvent(tx, change.orderId, change.to);
}

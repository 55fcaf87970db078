/**
 * POST OrderComments: adds a comment to an order (spec sections 3 and 8). The comment and the
 * order's `comment_count` change in one transaction, with the order row locked, so the count
 * always equals the comments. The same transaction raises an alert for the order's other
 * party (issue 3: "the alert for a new comment"; domain.md: changes alert the other party).
 * Any failure other than scope answers COMMENT_FAILED ('Could not save comment') and stores
 * nothing.
 */
import { AppErrorCode, type OrderComment, type SaveOrderCommentRequest } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { findOrderComments } from './find-order-comments.js';
import { type OrderParties, orderForParty } from './order-party.js';

/** Longest comment excerpt an alert carries, in characters. */
const ALERT_EXCERPT = 200;

/**
 * The locations to alert about a new comment: the order's parties other than the commenter's
 * current location; every party when the commenter is neither (provider staff). A draft is
 * seen only by the side that placed it, so it alerts no one.
 */
export function commentAlertLocations(order: OrderParties, commenterLocationId: number | null): number[] {
  if (order.transactionStatusId === 0) return [];
  const parties = [...new Set([order.locationIdFrom, order.locationIdTo].filter((id): id is number => id !== null))];
  if (commenterLocationId !== null && parties.includes(commenterLocationId)) return parties.filter((id) => id !== commenterLocationId);
  return parties;
}

/**
 * @returns the new comment
 * @throws NOT_FOUND when the caller is not a party of the order; COMMENT_FAILED otherwise
 */
export async function saveOrderComment(db: Db, auth: AuthContext, input: SaveOrderCommentRequest): Promise<OrderComment> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const order = await orderForParty(tx, auth, input.orderId, true);
      const [created] = await rows<{ id: number }>(
        tx,
        // The time of the change, not of the transaction's start (orders/order-events.ts).
        sql`INSERT INTO order_comments (order_id, user_id, text, created_at)
            VALUES (${input.orderId}, ${auth.user.id}, ${input.text}, clock_timestamp()) RETURNING id`,
      );
      await tx.execute(sql`UPDATE orders SET comment_count = comment_count + 1, updated_at = now() WHERE id = ${input.orderId}`);
      // Title is a key the web app translates ("New comment on order <id>"); text is who wrote what.
      const excerpt = `${auth.user.name}: ${input.text}`;
      const text = excerpt.length > ALERT_EXCERPT ? `${excerpt.slice(0, ALERT_EXCERPT - 1)}…` : excerpt;
      for (const locationId of commentAlertLocations(order, auth.locationId)) {
        await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, created_at)
          VALUES (${locationId}, 'Order', ${input.orderId}, 'order.comment', ${text}, clock_timestamp())`);
      }
      return Number(created?.id);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(AppErrorCode.COMMENT_FAILED, { cause: String((error as Error)?.message ?? error) });
  }
  const comment = (await findOrderComments(db, auth, input.orderId)).find((c) => c.id === id);
  if (!comment) throw new AppError(AppErrorCode.COMMENT_FAILED);
  return comment;
}

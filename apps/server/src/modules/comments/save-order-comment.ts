/**
 * POST OrderComments: adds a comment to an order (spec sections 3 and 8). The comment and the
 * order's `comment_count` change in one transaction, with the order row locked, so the count
 * always equals the comments. Any failure other than scope answers COMMENT_FAILED
 * ('Could not save comment') and stores nothing.
 */
import { AppErrorCode, type OrderComment, type SaveOrderCommentRequest } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { findOrderComments } from './find-order-comments.js';
import { orderForParty } from './order-party.js';

/**
 * @returns the new comment
 * @throws NOT_FOUND when the caller is not a party of the order; COMMENT_FAILED otherwise
 */
export async function saveOrderComment(db: Db, auth: AuthContext, input: SaveOrderCommentRequest): Promise<OrderComment> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await orderForParty(tx, auth, input.orderId, true);
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO order_comments (order_id, user_id, text) VALUES (${input.orderId}, ${auth.user.id}, ${input.text}) RETURNING id`,
      );
      await tx.execute(sql`UPDATE orders SET comment_count = comment_count + 1, updated_at = now() WHERE id = ${input.orderId}`);
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

/**
 * GET Disputes/{id} (issue 22; docs/disputes.md, "Lists"): one dispute with its lines, its full
 * history and what the caller may do with it now (`actions`, from the rules the calls check).
 */
import type { Dispute, DisputeEvent, Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { findAttachments } from '../attachments/find-attachments.js';
import { isoInstant } from '../http.js';
import { productNamesById } from '../orders/product-names.js';
import { callerSide, isDecider, visibleDispute } from './access.js';
import { summaryRows, toSummary } from './find-disputes.js';

/**
 * The dispute `id` as the caller sees it, product names in `locale`.
 * Errors: FORBIDDEN without the menu's right; NOT_FOUND when missing or outside the caller's scope.
 */
export async function getDispute(db: Db | Tx, auth: AuthContext, id: number, locale: Locale, now = new Date()): Promise<Dispute> {
  const visible = await visibleDispute(db, auth, id);
  const [found] = await summaryRows(db, sql`d.id = ${id}`);
  if (!found) throw notFound();
  const { head, row } = found;
  const lines = await rows<{ productId: number; productName: string; wasQuantity: number; quantity: number }>(
    db,
    sql`SELECT dl.product_id AS "productId", p.name AS "productName", dl.was_quantity AS "wasQuantity", dl.quantity
        FROM dispute_lines dl JOIN products p ON p.id = dl.product_id WHERE dl.dispute_id = ${id} ORDER BY p.name, p.id`,
  );
  const history = await rows<{ event: DisputeEvent; at: string; by: string | null; comment: string | null; lines: unknown }>(
    db,
    sql`SELECT e.event, e.at, u.name AS by, e.comment, e.lines FROM dispute_events e LEFT JOIN users u ON u.id = e.by_user_id
        WHERE e.dispute_id = ${id} ORDER BY e.id`,
  );
  const names = await productNamesById(
    db,
    locale,
    lines.map((l) => Number(l.productId)),
  );
  const evidence = await findAttachments(db, auth, { disputeId: id }, true);
  const side = callerSide(auth, visible.scope, head);
  const unended = head.status === 'open' || head.status === 'rejected';
  const summary = toSummary(auth, visible.scope, head, row, now);
  return {
    ...summary,
    comment: row.comment,
    decisionComment: row.decisionComment,
    postedAt: isoInstant(row.postedAt),
    lines: lines.map((l) => ({
      ...l,
      productName: names.get(Number(l.productId)) ?? l.productName,
      productId: Number(l.productId),
      wasQuantity: Number(l.wasQuantity),
      quantity: Number(l.quantity),
    })),
    history: history.map((h) => ({
      event: h.event,
      at: isoInstant(h.at) ?? '',
      by: h.by,
      comment: h.comment,
      lines:
        h.lines === null
          ? null
          : ((typeof h.lines === 'string' ? JSON.parse(h.lines) : h.lines) as { productId: number; quantity: number }[]),
    })),
    evidence,
    actions: {
      answer: head.status === 'open' && side !== null && head.waitingOn === side,
      decide: head.status === 'rejected' && isDecider(auth),
      withdraw: unended && side === 'opener',
      addEvidence: unended && side !== null,
    },
  };
}

/**
 * POST DisputeWithdrawal (issue 22; docs/disputes.md, "Withdrawing"): the opener's side withdraws
 * an open or rejected dispute; nothing posts, and the movement may be disputed again in its window.
 */
import type { DisputeWithdrawalRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { callerSide, refuse, visibleDispute } from './access.js';
import { notifyDispute } from './dispute-notices.js';
import { moveDispute } from './move-dispute.js';
import { recordDisputeEvent } from './post-dispute-correction.js';

/**
 * Withdraws dispute `request.id` in one transaction (`moveDispute`); the counterparty is told.
 * Errors: FORBIDDEN without the menu's right or unless the caller speaks for the opener;
 * NOT_FOUND outside the caller's scope; DISPUTE (409): `ended`, `changed`.
 */
export async function withdrawDispute(db: Db, auth: AuthContext, request: DisputeWithdrawalRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const head = await visibleDispute(tx, auth, request.id);
    if (callerSide(auth, head.scope, head) !== 'opener') throw forbidden();
    if (head.status !== 'open' && head.status !== 'rejected') throw refuse('ended');
    if (head.version !== request.version) throw refuse('changed');
    await moveDispute(tx, head.id, head.version, ['open', 'rejected'], sql`status = 'withdrawn', waiting_on = NULL, answer_due = NULL`);
    await recordDisputeEvent(tx, head.id, 'withdrawn', auth.user.id, request.comment ?? null);
    await notifyDispute(tx, head.id, 'withdrawn', ['counterparty']);
  });
}

/**
 * POST DisputeDecision (issue 22; docs/disputes.md, "The provider decides"): provider support or
 * a global admin decides a rejected dispute, finally: for it (its correction posts once) or
 * against it (nothing posts), with a comment.
 */
import { type DisputeDecisionRequest, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isDecider, refuse, visibleDispute } from './access.js';
import { notifyDispute } from './dispute-notices.js';
import { moveDispute } from './move-dispute.js';
import { postDisputeCorrection, recordDisputeEvent } from './post-dispute-correction.js';

/**
 * Decides dispute `request.id` in one transaction (`moveDispute`: the version read, status
 * rejected), with the decider, the time and the comment; for it, the correction posts, booked
 * today in the opener's location's country. Both parties are told.
 * Errors: FORBIDDEN without the menu's right or unless provider support or a global admin;
 * NOT_FOUND outside the caller's scope; DISPUTE (409): `notRejected`, `changed`.
 */
export async function decideDispute(db: Db, auth: AuthContext, request: DisputeDecisionRequest, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const head = await visibleDispute(tx, auth, request.id);
    if (!isDecider(auth)) throw forbidden();
    if (head.status !== 'rejected') throw refuse('notRejected');
    if (head.version !== request.version) throw refuse('changed');
    const status = request.decideFor ? 'decidedFor' : 'decidedAgainst';
    await moveDispute(
      tx,
      head.id,
      head.version,
      ['rejected'],
      sql`status = ${status}, waiting_on = NULL, decided_by_user_id = ${auth.user.id}, decided_at = clock_timestamp(),
          decision_comment = ${request.comment}`,
    );
    if (request.decideFor) await postDisputeCorrection(tx, head.id, todayIn(head.opener.countryId, now));
    await recordDisputeEvent(tx, head.id, status, auth.user.id, request.comment);
    await notifyDispute(tx, head.id, status, ['opener', 'counterparty']);
  });
}

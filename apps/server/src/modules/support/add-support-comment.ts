/**
 * POST SupportTicketComments (issue 10, "Support"; docs/support.md, "Status" and "Alerts and
 * mail"): a comment in a case's thread. A customer's reply reopens a Pending or Closed case;
 * provider staff's first answer opens a New one (statusAfterComment); the other side is alerted
 * and mailed. Internal comments are provider staff's notes: no alert, no status change.
 */
import { AppErrorCode, type SupportTicketCommentRequest, statusAfterComment, supportCaseIsLive } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isSupportStaff, visibleTicket } from './access.js';
import { notifySupportEvent } from './notify-support.js';
import { writeHistory } from './save-support-ticket.js';

/**
 * Adds the comment in one transaction (the case's row locked), with its status change and history
 * row, alerts and mails.
 * Errors: FORBIDDEN for an internal comment by anyone but provider staff; NOT_FOUND outside the
 * caller's cases; CONFLICT on an archived case.
 * @returns the comment's id
 */
export async function addSupportComment(
  db: Db,
  auth: AuthContext,
  request: SupportTicketCommentRequest,
  publicUrl: string,
): Promise<number> {
  const staff = isSupportStaff(auth);
  const internal = request.internal ?? false;
  if (internal && !staff) throw forbidden();
  return db.transaction(async (tx) => {
    const ticket = await visibleTicket(tx, auth, request.ticketId, true);
    if (!supportCaseIsLive(ticket.status)) throw new AppError(AppErrorCode.CONFLICT);
    const [created] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO support_ticket_comments (ticket_id, user_id, text, internal, created_at)
          VALUES (${ticket.id}, ${auth.user.id}, ${request.text}, ${internal}, clock_timestamp()) RETURNING id`,
    );
    const status = statusAfterComment(ticket.status, staff, internal);
    // Provider staff answering a case nobody has taken take it.
    const assigned = staff && !internal && ticket.assignedUserId === null ? auth.user.id : ticket.assignedUserId;
    await tx.execute(sql`UPDATE support_tickets SET status = ${status}, assigned_user_id = ${assigned},
        closed_at = ${status === 'Closed' ? sql`closed_at` : sql`NULL`}, updated_at = clock_timestamp() WHERE id = ${ticket.id}`);
    if (assigned !== ticket.assignedUserId) {
      const [me] = await rows<{ name: string }>(tx, sql`SELECT name FROM users WHERE id = ${auth.user.id}`);
      await writeHistory(tx, ticket.id, auth.user.id, 'assigned', null, me?.name ?? null);
    }
    if (status !== ticket.status) await writeHistory(tx, ticket.id, auth.user.id, 'status', ticket.status, status);
    if (!internal) {
      await notifySupportEvent(
        tx,
        { ...ticket, assignedUserId: assigned },
        { kind: 'comment', text: request.text },
        { id: auth.user.id, byProvider: staff },
        publicUrl,
      );
    }
    return Number(created?.id);
  });
}

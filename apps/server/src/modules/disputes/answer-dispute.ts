/**
 * POST DisputeAnswer (issue 22; docs/disputes.md, "Answering"): the party an open dispute waits
 * for accepts the proposal (its correction posts once), rejects it with a comment (the provider
 * decides), or proposes other quantities (the other party now answers, with a new deadline).
 */
import { AppErrorCode, addPlainDays, type DisputeAnswerRequest, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { checkProducts } from '../pallet-receipts/check-products.js';
import { callerSide, refuse, visibleDispute } from './access.js';
import { notifyDispute } from './dispute-notices.js';
import { readDisputeSettings } from './dispute-settings.js';
import { moveDispute } from './move-dispute.js';
import { loadMovement, quantitiesInForce } from './movement.js';
import { postDisputeCorrection, recordDisputeEvent } from './post-dispute-correction.js';

/**
 * Answers dispute `request.id` in one transaction (`moveDispute`: the version read, status open).
 * Accept: status accepted, the correction posts (booked today in the opener's location's country),
 * the other party is told. Reject: status rejected, waiting for the provider; the other party and
 * the provider's global admins are told. Propose: the lines named take the quantities proposed
 * (others keep theirs), the dispute waits for the other party until today + the answer days.
 * Errors: FORBIDDEN without the menu's right or when the caller speaks for neither party;
 * NOT_FOUND outside the caller's scope; VALIDATION as the opening's lines, and a proposal that
 * changes nothing (`validation.disputeUnchanged`); DISPUTE (409): `notOpen`, `notYourTurn` (it
 * waits for the other party), `changed` (another step came first).
 */
export async function answerDispute(db: Db, auth: AuthContext, request: DisputeAnswerRequest, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const head = await visibleDispute(tx, auth, request.id);
    const side = callerSide(auth, head.scope, head);
    if (!side) throw forbidden();
    if (head.status !== 'open') throw refuse('notOpen');
    if (head.version !== request.version) throw refuse('changed');
    if (head.waitingOn !== side) throw refuse('notYourTurn');
    const other = side === 'opener' ? 'counterparty' : 'opener';
    const today = todayIn(head.opener.countryId, now);
    if (request.answer === 'accept') {
      await moveDispute(tx, head.id, head.version, ['open'], sql`status = 'accepted', waiting_on = NULL, answer_due = NULL`);
      await postDisputeCorrection(tx, head.id, today);
      await recordDisputeEvent(tx, head.id, 'accepted', auth.user.id, request.comment ?? null);
      await notifyDispute(tx, head.id, 'accepted', [other]);
      return;
    }
    if (request.answer === 'reject') {
      await moveDispute(tx, head.id, head.version, ['open'], sql`status = 'rejected', waiting_on = 'provider', answer_due = NULL`);
      await recordDisputeEvent(tx, head.id, 'rejected', auth.user.id, request.comment ?? null);
      await notifyDispute(tx, head.id, 'rejected', [other, 'provider']);
      return;
    }
    const lines = request.lines ?? [];
    await checkProducts(
      tx,
      lines.map((l) => l.productId),
    );
    const current = await rows<{ productId: number; quantity: number; was: number; kind: string }>(
      tx,
      sql`SELECT dl.product_id AS "productId", dl.quantity, dl.was_quantity AS was, d.source_kind AS kind
          FROM dispute_lines dl JOIN disputes d ON d.id = dl.dispute_id WHERE dl.dispute_id = ${head.id}`,
    );
    const byProduct = new Map(current.map((c) => [Number(c.productId), Number(c.quantity)]));
    if (current[0]?.kind === 'order') {
      const fields: Record<string, string> = {};
      lines.forEach((l, i) => {
        if (l.quantity < 0) fields[`lines.${i}.quantity`] = 'validation.tooSmall';
      });
      if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
    }
    if (lines.every((l) => byProduct.get(l.productId) === l.quantity))
      throw new AppError(AppErrorCode.VALIDATION, {}, { lines: 'validation.disputeUnchanged' });
    const settings = await readDisputeSettings(tx);
    await moveDispute(
      tx,
      head.id,
      head.version,
      ['open'],
      sql`waiting_on = ${other}, answer_due = ${addPlainDays(today, settings.answerDays)}::date`,
    );
    // A product new to the dispute starts from what is in force: the movement's quantity, as when opened.
    const [source] = await rows<{ kind: 'order' | 'palletReceipt'; id: number }>(
      tx,
      sql`SELECT source_kind AS kind, COALESCE(order_id, pallet_receipt_id) AS id FROM disputes WHERE id = ${head.id}`,
    );
    const inForce = source ? await quantitiesInForce(tx, await loadMovement(tx, source.kind, Number(source.id))) : new Map();
    await tx.execute(sql`INSERT INTO dispute_lines (dispute_id, product_id, was_quantity, quantity)
      SELECT ${head.id}, v.product_id, v.was, v.quantity FROM (VALUES ${sql.join(
        lines.map((l) => sql`(${l.productId}::int, ${inForce.get(l.productId) ?? 0}::int, ${l.quantity}::int)`),
        sql`, `,
      )}) AS v(product_id, was, quantity)
      ON CONFLICT (dispute_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity`);
    await recordDisputeEvent(tx, head.id, 'proposed', auth.user.id, request.comment ?? null, lines);
    await notifyDispute(tx, head.id, 'proposed', [other]);
  });
}

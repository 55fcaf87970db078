/**
 * POST Disputes (issue 22; docs/disputes.md, "Opening"): a party of a received order, a final
 * pallet receipt, a rental or a single ledger entry disputes it within the pool's window from its
 * booking day.
 */
import { AppErrorCode, addPlainDays, disputeSourceOf, type OpenDisputeRequest, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, isUniqueViolation, rows, type Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createOnce } from '../idempotency/create-once.js';
import { checkProducts } from '../pallet-receipts/check-products.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { refuse, requireDisputes, speaksFor } from './access.js';
import { notifyDispute } from './dispute-notices.js';
import { readDisputeSettings } from './dispute-settings.js';
import { assertDisputable, loadMovement, type Movement, quantitiesInForce, sourceColumn } from './movement.js';
import { recordDisputeEvent } from './post-dispute-correction.js';

/** The last day movement `m` may be disputed: its window's end, or a later extension by the provider. */
export async function windowEnd(tx: Tx, m: Movement, windowDays: number): Promise<string> {
  const [extension] = await rows<{ until: string }>(
    tx,
    sql`SELECT until_date::text AS until FROM dispute_window_extensions WHERE source_kind = ${m.kind} AND source_id = ${m.id}`,
  );
  const end = addPlainDays(m.bookingDate, windowDays);
  return extension && extension.until > end ? extension.until : end;
}

/**
 * Opens a dispute as the acting user, in one transaction: the movement's parties must hold one
 * the caller speaks for (the opener; the other is the counterparty), it must be booked, between
 * two customers, and today in the opener's location's country at most the window's last day
 * (`windowEnd`). Per product named: the carriers in force (`quantitiesInForce`) and those it
 * should be. The counterparty must answer by today + the answer days; it gets an alert and a
 * mail. The same `idempotencyKey` from the same user answers the first dispute.
 * Errors: FORBIDDEN without the menu's right or when the caller speaks for neither party;
 * NOT_FOUND when the movement is missing or neither party is in the caller's scope; VALIDATION
 * for inactive products or containers, an order's or a rental's negative quantity (`validation.tooSmall`),
 * lines that change nothing (`validation.disputeUnchanged`); DISPUTE (409): `notBooked`,
 * `noCounterparty`, `sameParty`, `windowPassed`, `alreadyOpen`.
 * @returns the dispute's id
 */
export async function openDispute(db: Db, auth: AuthContext, request: OpenDisputeRequest, now = new Date()): Promise<number> {
  await requireDisputes(db, auth);
  const key = request.idempotencyKey ?? null;
  const find = async (reader: Tx) => {
    const [row] = await rows<{ id: number }>(
      reader,
      sql`SELECT id FROM disputes WHERE opened_by_user_id = ${auth.user.id} AND idempotency_key = ${key}`,
    );
    return row ? Number(row.id) : null;
  };
  try {
    return await createOnce(db, key, find, () =>
      db.transaction(async (tx) => {
        // A call with the key that committed since the look-up above (one after the other on one connection).
        const earlier = key ? await find(tx) : null;
        return earlier ?? create(tx, auth, request, now);
      }),
    );
  } catch (error) {
    // Two disputes of one movement at once: the partial unique index lets one in.
    if (isUniqueViolation(error)) throw refuse('alreadyOpen');
    throw error;
  }
}

/**
 * The movement `source` names as the caller sees it: the side it speaks for (`opener`, the other
 * being `counterparty`) and the last day to dispute it.
 * @throws NOT_FOUND when missing or neither party is in scope; DISPUTE (409) when it cannot be
 *   disputed; FORBIDDEN when the caller speaks for neither party
 */
export async function movementForCaller(tx: Tx, auth: AuthContext, source: { kind: Movement['kind']; id: number }) {
  const movement = await loadMovement(tx, source.kind, source.id);
  const scope = await scopeLocationIds(tx, auth);
  if (!inScope(scope, movement.from.locationId) && !inScope(scope, movement.to.locationId)) throw notFound();
  assertDisputable(movement);
  const opener = speaksFor(auth, scope, movement.from) ? movement.from : speaksFor(auth, scope, movement.to) ? movement.to : null;
  if (!opener) throw forbidden();
  const counterparty = opener === movement.from ? movement.to : movement.from;
  const settings = await readDisputeSettings(tx);
  return { movement, opener, counterparty, settings, lastDay: await windowEnd(tx, movement, settings.windowDays) };
}

async function create(tx: Tx, auth: AuthContext, request: OpenDisputeRequest, now: Date): Promise<number> {
  const { kind } = disputeSourceOf(request);
  const { movement, opener, counterparty, settings, lastDay } = await movementForCaller(tx, auth, disputeSourceOf(request));
  const today = todayIn(opener.countryId, now);
  if (today > lastDay) throw refuse('windowPassed');
  const column = sourceColumn(kind);
  const [open] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM disputes WHERE ${column} = ${movement.id} AND status IN ('open', 'rejected')`,
  );
  if (open) throw refuse('alreadyOpen');
  const inForce = await quantitiesInForce(tx, movement);
  if (kind === 'rental') {
    // A rental moves its containers only (which the other movements refuse): no other product.
    const fields: Record<string, string> = {};
    request.lines.forEach((l, i) => {
      if (!inForce.has(l.productId)) fields[`lines.${i}.productId`] = 'validation.invalid';
    });
    if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
  } else
    await checkProducts(
      tx,
      request.lines.map((l) => l.productId),
    );
  if (kind === 'order' || kind === 'rental') {
    const fields: Record<string, string> = {};
    request.lines.forEach((l, i) => {
      if (l.quantity < 0) fields[`lines.${i}.quantity`] = 'validation.tooSmall';
    });
    if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
  }
  const was = (productId: number) => inForce.get(productId) ?? 0;
  if (request.lines.every((l) => l.quantity === was(l.productId)))
    throw new AppError(AppErrorCode.VALIDATION, {}, { lines: 'validation.disputeUnchanged' });
  const [dispute] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO disputes (source_kind, order_id, pallet_receipt_id, rental_id, ledger_entry_id, booking_date, from_location_id, to_location_id, balance_kind,
          opener_location_id, counterparty_location_id, problem, comment, status, waiting_on, answer_due, opened_by_user_id, opened_at,
          idempotency_key)
        VALUES (${kind}, ${request.orderId ?? null}, ${request.palletReceiptId ?? null}, ${request.rentalId ?? null},
          ${request.ledgerEntryId ?? null}, ${movement.bookingDate}::date,
          ${movement.from.locationId}, ${movement.to.locationId}, ${movement.balanceKind}, ${opener.locationId}, ${counterparty.locationId},
          ${request.problem}, ${request.comment}, 'open', 'counterparty', ${addPlainDays(today, settings.answerDays)}::date,
          ${auth.user.id}, clock_timestamp(), ${request.idempotencyKey ?? null})
        RETURNING id`,
  );
  const id = Number(dispute?.id);
  await tx.execute(sql`INSERT INTO dispute_lines (dispute_id, product_id, was_quantity, quantity)
    SELECT ${id}, v.product_id, v.was, v.quantity FROM (VALUES ${sql.join(
      request.lines.map((l) => sql`(${l.productId}::int, ${was(l.productId)}::int, ${l.quantity}::int)`),
      sql`, `,
    )}) AS v(product_id, was, quantity)`);
  await recordDisputeEvent(tx, id, 'opened', auth.user.id, request.comment, request.lines);
  await notifyDispute(tx, id, 'opened', ['counterparty']);
  return id;
}

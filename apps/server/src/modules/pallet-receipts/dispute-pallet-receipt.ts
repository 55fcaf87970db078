/**
 * POST PalletReceiptDisputes (issue 20; docs/pallet-receipts.md, "Disputes of a final receipt"):
 * a user of either side disputes a final receipt, with a reason and the quantities it should be.
 */
import { AppErrorCode, type PalletReceiptDisputeRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, isUniqueViolation, rows } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { callerSides, visibleReceipt } from './access.js';
import { checkProducts } from './check-products.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { withinDisputeWindow } from './receipt-actions.js';
import { alertGlobalAdmins, alertLocation } from './receipt-alerts.js';
import { quantitiesInForce } from './receipt-corrections.js';
import { checkTruckloads } from './receipt-limits.js';

const refuse = (reason: string) => new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey: `palletReceipts.reasons.${reason}` });

/**
 * Raises a dispute of receipt `request.receiptId` by the acting user, in one transaction with the
 * receipt's row locked: its side is the location's when the caller is a user of the location
 * (`callerSides`), else the counterparty's; per product named, the quantities it should be and
 * those in force now (`quantitiesInForce`). The other side's location users and the provider's
 * global admins are alerted. The same `idempotencyKey` from the same user answers without a
 * second dispute (as orders do).
 * Errors: FORBIDDEN without the dock's rights or when the caller is no user of either side;
 * NOT_FOUND outside the caller's scope; VALIDATION as for a receipt's lines (active products, no
 * containers, a truckload at most) and `validation.disputeNoChange` when the lines change nothing;
 * PALLET_RECEIPT (409) unless final (`notFinal`), after PALLET_RECEIPT_DISPUTE_DAYS
 * (`disputeWindow`), or while another dispute is open (`disputeOpen`).
 */
export async function disputePalletReceipt(db: Db, auth: AuthContext, request: PalletReceiptDisputeRequest): Promise<void> {
  const key = request.idempotencyKey ?? null;
  const known = async () =>
    key
      ? (
          await rows<{ id: number }>(
            db,
            sql`SELECT id FROM pallet_receipt_disputes WHERE raised_by_user_id = ${auth.user.id} AND idempotency_key = ${key}`,
          )
        ).length > 0
      : false;
  if (await known()) return;
  try {
    await db.transaction(async (tx) => {
      const head = await visibleReceipt(tx, auth, request.receiptId, true);
      const sides = callerSides(auth, head.scope, head);
      if (!sides.location && !sides.counterparty) throw forbidden();
      if (head.inventory || head.status !== 'final') throw refuse('notFinal');
      if (!withinDisputeWindow(head.postedAt, head.locationCountryId)) throw refuse('disputeWindow');
      const [open] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM pallet_receipt_disputes WHERE receipt_id = ${head.id} AND status = 'open'`,
      );
      if (open) throw refuse('disputeOpen');
      await checkProducts(
        tx,
        request.lines.map((l) => l.productId),
      );
      await checkTruckloads(tx, request.lines);
      const inForce = await quantitiesInForce(tx, head.id);
      const was = (productId: number) => inForce.get(productId) ?? { delivered: 0, returned: 0 };
      if (request.lines.every((l) => l.delivered === was(l.productId).delivered && l.returned === was(l.productId).returned))
        throw new AppError(AppErrorCode.VALIDATION, {}, { lines: 'validation.disputeNoChange' });
      const side = sides.location ? 'location' : 'counterparty';
      const [dispute] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO pallet_receipt_disputes (receipt_id, side, reason, raised_by_user_id, raised_at, idempotency_key)
            VALUES (${head.id}, ${side}, ${request.reason}, ${auth.user.id}, clock_timestamp(), ${key}) RETURNING id`,
      );
      await tx.execute(sql`INSERT INTO pallet_receipt_dispute_lines (dispute_id, product_id, delivered, returned, was_delivered, was_returned)
        SELECT ${dispute?.id}, v.product_id, v.delivered, v.returned, v.was_delivered, v.was_returned FROM (VALUES ${sql.join(
          request.lines.map(
            (l) =>
              sql`(${l.productId}::int, ${l.delivered}::int, ${l.returned}::int, ${was(l.productId).delivered}::int, ${was(l.productId).returned}::int)`,
          ),
          sql`, `,
        )}) AS v(product_id, delivered, returned, was_delivered, was_returned)`);
      const receipt = await loadPalletReceipt(tx, head.id, 'en-US');
      const other = side === 'location' ? head.counterpartyLocationId : head.locationId;
      if (other !== null) await alertLocation(tx, receipt, other, 'disputed', null, { reason: request.reason });
      await alertGlobalAdmins(tx, receipt, 'disputed', { reason: request.reason });
    });
  } catch (error) {
    // Two at once: the unique indexes (one open dispute per receipt; one per user and key) let one in.
    if (isUniqueViolation(error)) {
      if (await known()) return;
      throw refuse('disputeOpen');
    }
    throw error;
  }
}

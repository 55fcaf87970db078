/**
 * POST PalletReceipts (issue 11 and 20; docs/pallet-receipts.md, "What a user can do", "Rules"):
 * a handover at a location's dock, or with `inventory: true` a count at the dock that registers a
 * count audit.
 */
import {
  AppErrorCode,
  addPlainDays,
  type Country,
  type CreateInventoryReceiptRequest,
  type CreatePalletReceiptRequest,
  type Locale,
  PALLET_RECEIPT_MAX_BACKDATE_DAYS,
  type PalletReceiptApprovalReason,
  todayIn,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, isUniqueViolation, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeCountAudit } from '../counting/register-count-audit.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { requireDock } from './access.js';
import { checkProducts } from './check-products.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { insertLines, insertReceipt } from './insert-receipt.js';
import { newQrToken, qrLink } from './qr-token.js';
import { alertGlobalAdmins } from './receipt-alerts.js';
import { receiptOfKey, requestHash } from './receipt-idempotency.js';
import { checkTruckloads, returnsAboveHoldings } from './receipt-limits.js';
import { sendReceiptNotices } from './receipt-notices.js';
import { takeReceiptNumber } from './receipt-number.js';
import { isTradingPartner } from './trading-partners.js';

interface DockLocation {
  id: number;
  customerId: number;
  countryId: Country;
  isProvider: boolean;
}

/** What POST PalletReceipts answers besides the receipt: its id and the dock's QR link (the token in clear, this once; null on a repeat and for a count). */
export interface CreatedReceipt {
  id: number;
  qrUrl: string | null;
}

/**
 * Writes a receipt at `request.locationId`'s dock by the acting user. A repeated idempotency key
 * answers the receipt written with it (receipt-idempotency.ts; `qrUrl` null: the token existed in
 * clear only in the first answer). Otherwise one transaction:
 * 1. access: FORBIDDEN without `canUsePalletReceipts` at the acting location and at the
 *    receipt's; NOT_FOUND for a location outside the caller's scope;
 * 2. checks (VALIDATION, 400, on the field): `handedOverAt` not after today and not more than
 *    PALLET_RECEIPT_MAX_BACKDATE_DAYS before it in the location's country (`validation.futureDate`,
 *    `validation.handoverTooOld`); every product active and no container; the counterparty an
 *    active portal location other than this one, or an active external location of this location's
 *    customer (`validation.counterparty`); each line within a truckload and no more returned than
 *    held (receipt-limits.ts);
 * 3. the receipt, status `approval` when provider staff must approve it (a counterparty that is no
 *    trading partner, trading-partners.ts; more returned than held with `requestApproval`; never
 *    for provider staff's own receipts, they are the approvers), else `open`; `needs_consent` when
 *    the counterparty is a portal location of another customer or outside the writer's scope; its
 *    lines; a random QR token for the dock (only its SHA-256 stored); the number last
 *    (`takeReceiptNumber`), so its row lock is held only to the commit; the provider's global
 *    admins alerted of a receipt that waits for approval.
 * After the commit, the mails (rendered outside any transaction) and the counterparty's alert
 * (`sendReceiptNotices`); should the process die first, the scheduler's job sends them.
 * The inventory variant registers a count audit of the location for the handover day
 * (`writeCountAudit`), has no counterparty, no due date, no QR link and never posts.
 */
export async function createPalletReceipt(
  db: Db,
  auth: AuthContext,
  request: CreatePalletReceiptRequest | CreateInventoryReceiptRequest,
  locale: Locale,
  publicUrl: string,
): Promise<CreatedReceipt> {
  const key = request.idempotencyKey ?? null;
  const hash = key ? requestHash(request) : null;
  const repeated = async () => (key && hash ? await receiptOfKey(db, auth.user.id, key, hash) : null);
  const first = await repeated();
  if (first) return { id: first, qrUrl: null };
  let created: CreatedReceipt;
  try {
    created = await db.transaction((tx) => writeReceipt(tx, auth, request, locale, publicUrl, key, hash));
  } catch (error) {
    // Two requests with one key at once: the unique index lets one in; the other answers it.
    const id = isUniqueViolation(error) ? await repeated() : null;
    if (id) return { id, qrUrl: null };
    throw error;
  }
  if (!('inventory' in request && request.inventory))
    await sendReceiptNotices(db, created.id, publicUrl).catch((error) => console.error('Pallet receipt notices left to the job', error));
  return created;
}

async function writeReceipt(
  tx: Tx,
  auth: AuthContext,
  request: CreatePalletReceiptRequest | CreateInventoryReceiptRequest,
  locale: Locale,
  publicUrl: string,
  idempotencyKey: string | null,
  hash: string | null,
): Promise<CreatedReceipt> {
  await requireDock(tx, auth, request.locationId);
  const scope = await scopeLocationIds(tx, auth);
  if (!inScope(scope, request.locationId)) throw notFound();
  const [location] = await rows<DockLocation>(
    tx,
    sql`SELECT l.id, l.customer_id AS "customerId", l.country_id AS "countryId", c.is_provider AS "isProvider"
        FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${request.locationId}`,
  );
  if (!location) throw notFound();
  const handedOverAt = request.handedOverAt ? new Date(request.handedOverAt) : new Date();
  const day = todayIn(location.countryId, handedOverAt);
  const today = todayIn(location.countryId);
  if (day > today) throw new AppError(AppErrorCode.VALIDATION, {}, { handedOverAt: 'validation.futureDate' });
  if (day < addPlainDays(today, -PALLET_RECEIPT_MAX_BACKDATE_DAYS))
    throw new AppError(AppErrorCode.VALIDATION, { days: PALLET_RECEIPT_MAX_BACKDATE_DAYS }, { handedOverAt: 'validation.handoverTooOld' });
  await checkProducts(
    tx,
    request.lines.map((l) => l.productId),
  );
  const { hash: qrHash, token } = newQrToken();
  const base = {
    locationId: location.id,
    handedOverAt,
    comment: request.comment ?? null,
    userId: auth.user.id,
    idempotencyKey,
    requestHash: hash,
  };
  // A provisional value, replaced by the real number as the last write of this same transaction
  // (receipt-number.ts), so the year's counter row is locked only briefly; unique by the token's hash.
  const receiptNumber = `pending:${qrHash}`;

  if ('inventory' in request && request.inventory) {
    const auditId = await writeCountAudit(
      tx,
      location,
      auth.user.id,
      { date: day, lines: request.lines.map((l) => ({ productId: l.productId, countedQuantity: l.counted })) },
      locale,
    ).catch((error: unknown) => {
      // The count's date is the handover's day: its field errors belong to handedOverAt.
      if (error instanceof AppError && error.fields?.date) {
        const { date, ...rest } = error.fields;
        throw new AppError(error.code, error.params, { ...rest, handedOverAt: date });
      }
      throw error;
    });
    const id = await insertReceipt(tx, {
      ...base,
      receiptNumber,
      inventory: true,
      counterpartyLocationId: null,
      externalLocationId: null,
      haulier: null,
      carNumber: null,
      dueDate: null,
      hash: qrHash,
      countAuditId: auditId,
    });
    await insertLines(
      tx,
      id,
      request.lines.map((l) => ({ productId: l.productId, delivered: 0, returned: 0, counted: l.counted })),
    );
    await takeReceiptNumber(tx, id, day);
    return { id, qrUrl: null };
  }

  const handover = request as CreatePalletReceiptRequest;
  const counterparty = await checkCounterparty(tx, location, handover);
  await checkTruckloads(tx, handover.lines);
  const reasons: PalletReceiptApprovalReason[] = [];
  if (!auth.isProvider) {
    if (counterparty && !(await isTradingPartner(tx, location.id, location.countryId, counterparty.id))) reasons.push('counterparty');
    if (!location.isProvider && (await returnsAboveHoldings(tx, location.id, handover.lines, handover.requestApproval ?? false)))
      reasons.push('quantity');
  }
  const id = await insertReceipt(tx, {
    ...base,
    receiptNumber,
    inventory: false,
    counterpartyLocationId: counterparty?.id ?? null,
    externalLocationId: handover.externalLocationId ?? null,
    haulier: handover.haulier,
    carNumber: handover.carNumber,
    dueDate: null,
    hash: qrHash,
    countAuditId: null,
    status: reasons.length ? 'approval' : 'open',
    needsConsent: !!counterparty && !(counterparty.customerId === location.customerId && inScope(scope, counterparty.id)),
    approvalReasons: reasons,
  });
  await insertLines(tx, id, handover.lines);
  await takeReceiptNumber(tx, id, day);
  if (reasons.length) await alertGlobalAdmins(tx, await loadPalletReceipt(tx, id, 'en-US'), 'approval');
  return { id, qrUrl: qrLink(publicUrl, token) };
}

/**
 * Checks the counterparty (see `createPalletReceipt`): the portal location named, or null for an
 * external one. VALIDATION on `counterpartyLocationId` / `externalLocationId` otherwise.
 */
async function checkCounterparty(
  tx: Tx,
  location: DockLocation,
  request: CreatePalletReceiptRequest,
): Promise<{ id: number; customerId: number } | null> {
  if (request.counterpartyLocationId) {
    const [counterparty] = await rows<{ id: number; customerId: number }>(
      tx,
      sql`SELECT id, customer_id AS "customerId" FROM locations
          WHERE id = ${request.counterpartyLocationId} AND status_id = 1 AND id <> ${location.id}`,
    );
    if (!counterparty) throw new AppError(AppErrorCode.VALIDATION, {}, { counterpartyLocationId: 'validation.counterparty' });
    return { id: Number(counterparty.id), customerId: Number(counterparty.customerId) };
  }
  const [external] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM external_locations WHERE id = ${request.externalLocationId ?? 0} AND customer_id = ${location.customerId} AND active`,
  );
  if (!external) throw new AppError(AppErrorCode.VALIDATION, {}, { externalLocationId: 'validation.counterparty' });
  return null;
}

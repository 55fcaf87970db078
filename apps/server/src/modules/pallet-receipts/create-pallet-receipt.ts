/**
 * POST PalletReceipts (issue 11; docs/pallet-receipts.md, "Writing a receipt"): a handover at a
 * location's dock, or with `inventory: true` a count at the dock that registers a count audit.
 */
import {
  AppErrorCode,
  addPlainDays,
  type Country,
  type CreateInventoryReceiptRequest,
  type CreatePalletReceiptRequest,
  type Locale,
  todayIn,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeCountAudit } from '../counting/register-count-audit.js';
import { assertLocationInScope } from '../session/scope.js';
import { requireDock } from './access.js';
import { newQrToken, qrLink } from './qr-token.js';
import { notifyNewReceipt } from './receipt-notify.js';
import { nextReceiptNumber } from './receipt-number.js';

/** The reception days when a location has none (as orders/auto-commit.ts). */
export const DEFAULT_RECEPTION_DAYS = 5;

interface DockLocation {
  id: number;
  customerId: number;
  countryId: Country;
  receptionDays: number | null;
}

/** What POST PalletReceipts answers besides the receipt: its id and the QR link (the token in clear, this once). */
export interface CreatedReceipt {
  id: number;
  qrUrl: string;
}

/**
 * Writes a receipt at `request.locationId`'s dock by the acting user, in one transaction:
 * 1. access: FORBIDDEN without `canUsePalletReceipts` at the acting location and at the
 *    receipt's; NOT_FOUND for a location outside the caller's scope;
 * 2. checks (VALIDATION, 400, on the field): `handedOverAt` not on a day after today in the
 *    location's country (`validation.futureDate`); every product active
 *    (`validation.productInactive`) and not a container (`validation.containerProduct`:
 *    containers are rented, not handed over); the counterparty an active portal location other
 *    than this one, or an active external location of this location's customer
 *    (`validation.counterparty`);
 * 3. the receipt: number `nextReceiptNumber` of the handover's year, a random QR token (only its
 *    SHA-256 stored), status open, `due_date` = the handover day in the location's country + the
 *    reception days of the receiving side (the counterparty location's, else the location's;
 *    default 5); its lines;
 * 4. the mails to both parties and the counterparty's alert (`notifyNewReceipt`).
 * The inventory variant (`inventory: true`) instead registers a count audit of the location for
 * the handover day through the counting module's core (`writeCountAudit`; its rules: not after a
 * confirmed count, active products), links it (`count_audit_id`), has no counterparty, no due
 * date and never posts; the count goes its usual way (the provider confirms, corrections post).
 * @returns the new receipt's id and QR link
 */
export async function createPalletReceipt(
  db: Db,
  auth: AuthContext,
  request: CreatePalletReceiptRequest | CreateInventoryReceiptRequest,
  locale: Locale,
  publicUrl: string,
): Promise<CreatedReceipt> {
  return db.transaction(async (tx) => {
    await requireDock(tx, auth, request.locationId);
    await assertLocationInScope(tx, auth, request.locationId);
    const [location] = await rows<DockLocation>(
      tx,
      sql`SELECT id, customer_id AS "customerId", country_id AS "countryId", reception_days AS "receptionDays"
          FROM locations WHERE id = ${request.locationId}`,
    );
    if (!location) throw notFound();
    const handedOverAt = request.handedOverAt ? new Date(request.handedOverAt) : new Date();
    const day = todayIn(location.countryId, handedOverAt);
    if (day > todayIn(location.countryId)) throw new AppError(AppErrorCode.VALIDATION, {}, { handedOverAt: 'validation.futureDate' });
    await checkProducts(
      tx,
      request.lines.map((l) => l.productId),
    );

    const { token, hash } = newQrToken();
    const receiptNumber = await nextReceiptNumber(tx, Number(day.slice(0, 4)));
    let id: number;
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
      id = await insertReceipt(tx, {
        receiptNumber,
        locationId: location.id,
        inventory: true,
        counterpartyLocationId: null,
        externalLocationId: null,
        haulier: null,
        carNumber: null,
        handedOverAt,
        comment: request.comment ?? null,
        dueDate: null,
        hash,
        countAuditId: auditId,
        userId: auth.user.id,
      });
      await tx.execute(sql`INSERT INTO pallet_receipt_lines (receipt_id, product_id, delivered, returned, counted)
        SELECT ${id}, v.product_id, 0, 0, v.counted FROM (VALUES ${sql.join(
          request.lines.map((l) => sql`(${l.productId}::int, ${l.counted}::int)`),
          sql`, `,
        )}) AS v(product_id, counted)`);
      return { id, qrUrl: qrLink(publicUrl, token) };
    }

    const handover = request as CreatePalletReceiptRequest;
    const receptionDays = await counterpartyReceptionDays(tx, location, handover);
    id = await insertReceipt(tx, {
      receiptNumber,
      locationId: location.id,
      inventory: false,
      counterpartyLocationId: handover.counterpartyLocationId ?? null,
      externalLocationId: handover.externalLocationId ?? null,
      haulier: handover.haulier,
      carNumber: handover.carNumber,
      handedOverAt,
      comment: handover.comment ?? null,
      dueDate: addPlainDays(day, receptionDays),
      hash,
      countAuditId: null,
      userId: auth.user.id,
    });
    await tx.execute(sql`INSERT INTO pallet_receipt_lines (receipt_id, product_id, delivered, returned)
      SELECT ${id}, v.product_id, v.delivered, v.returned FROM (VALUES ${sql.join(
        handover.lines.map((l) => sql`(${l.productId}::int, ${l.delivered}::int, ${l.returned}::int)`),
        sql`, `,
      )}) AS v(product_id, delivered, returned)`);
    await notifyNewReceipt(tx, id, token, publicUrl);
    return { id, qrUrl: qrLink(publicUrl, token) };
  });
}

/** Every product must exist, be active and not be a container; VALIDATION on `lines.<i>.productId` otherwise. */
async function checkProducts(tx: Tx, productIds: number[]): Promise<void> {
  const found = await rows<{ id: number; active: boolean; isContainer: boolean }>(
    tx,
    sql`SELECT p.id, p.active, ct.is_container AS "isContainer" FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE p.id IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(found.map((p) => [Number(p.id), p]));
  const fields: Record<string, string> = {};
  productIds.forEach((productId, index) => {
    const product = byId.get(productId);
    if (!product?.active) fields[`lines.${index}.productId`] = 'validation.productInactive';
    else if (product.isContainer) fields[`lines.${index}.productId`] = 'validation.containerProduct';
  });
  if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
}

/**
 * Checks the counterparty (see `createPalletReceipt`) and answers the reception days of the
 * receiving side: the counterparty location's, else the location's, else DEFAULT_RECEPTION_DAYS.
 */
async function counterpartyReceptionDays(tx: Tx, location: DockLocation, request: CreatePalletReceiptRequest): Promise<number> {
  if (request.counterpartyLocationId) {
    const [counterparty] = await rows<{ receptionDays: number | null }>(
      tx,
      sql`SELECT reception_days AS "receptionDays" FROM locations
          WHERE id = ${request.counterpartyLocationId} AND status_id = 1 AND id <> ${location.id}`,
    );
    if (!counterparty) throw new AppError(AppErrorCode.VALIDATION, {}, { counterpartyLocationId: 'validation.counterparty' });
    return counterparty.receptionDays ?? DEFAULT_RECEPTION_DAYS;
  }
  const [external] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM external_locations WHERE id = ${request.externalLocationId ?? 0} AND customer_id = ${location.customerId} AND active`,
  );
  if (!external) throw new AppError(AppErrorCode.VALIDATION, {}, { externalLocationId: 'validation.counterparty' });
  return location.receptionDays ?? DEFAULT_RECEPTION_DAYS;
}

interface NewReceipt {
  receiptNumber: string;
  locationId: number;
  inventory: boolean;
  counterpartyLocationId: number | null;
  externalLocationId: number | null;
  haulier: string | null;
  carNumber: string | null;
  handedOverAt: Date;
  comment: string | null;
  dueDate: string | null;
  hash: string;
  countAuditId: number | null;
  userId: number | null;
}

/** Inserts the receipt's row (status open). Also used by the demo seed. @returns its id */
export async function insertReceipt(tx: Tx, r: NewReceipt): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO pallet_receipts (receipt_number, location_id, inventory, counterparty_location_id, external_location_id, haulier,
          car_number, handed_over_at, comment, status, due_date, qr_token_hash, count_audit_id, created_by_user_id, created_at)
        VALUES (${r.receiptNumber}, ${r.locationId}, ${r.inventory}, ${r.counterpartyLocationId}, ${r.externalLocationId}, ${r.haulier},
          ${r.carNumber}, ${r.handedOverAt.toISOString()}::timestamptz, ${r.comment}, 'open', ${r.dueDate}::date, ${r.hash},
          ${r.countAuditId}, ${r.userId}, clock_timestamp())
        RETURNING id`,
  );
  return Number(row?.id);
}

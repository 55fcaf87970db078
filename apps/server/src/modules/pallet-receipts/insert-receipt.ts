/**
 * Writing a pallet receipt's rows (issue 11 and 20): the receipt and its lines, as POST
 * PalletReceipts and the demo seed write them. The use case decides every value; this only stores.
 */
import type { PalletReceiptApprovalReason, PalletReceiptStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** A receipt's row as stored (see db/schema/pallet-receipts.ts for the columns' meaning). */
export interface NewReceipt {
  /**
   * The number; POST PalletReceipts stores a provisional value first and takes the number as its
   * transaction's last write (receipt-number.ts).
   */
  receiptNumber: string;
  locationId: number;
  inventory: boolean;
  counterpartyLocationId: number | null;
  externalLocationId: number | null;
  haulier: string | null;
  carNumber: string | null;
  handedOverAt: Date;
  comment: string | null;
  /** Null until the counterparty is told (receipt-notices.ts); the seed dates its own. */
  dueDate: string | null;
  hash: string;
  countAuditId: number | null;
  userId: number | null;
  status?: PalletReceiptStatus;
  needsConsent?: boolean;
  approvalReasons?: readonly PalletReceiptApprovalReason[];
  /** When the counterparty was told and the location mailed (null: still to do after the commit). */
  toldAt?: Date | null;
  locationMailedAt?: Date | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
}

/** Inserts the receipt's row. @returns its id */
export async function insertReceipt(tx: Tx, r: NewReceipt): Promise<number> {
  const reasons = `{${(r.approvalReasons ?? []).join(',')}}`;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO pallet_receipts (receipt_number, location_id, inventory, counterparty_location_id, external_location_id, haulier,
          car_number, handed_over_at, comment, status, due_date, qr_token_hash, count_audit_id, created_by_user_id, created_at,
          needs_consent, approval_reasons, told_at, location_mailed_at, idempotency_key, request_hash)
        VALUES (${r.receiptNumber}, ${r.locationId}, ${r.inventory}, ${r.counterpartyLocationId}, ${r.externalLocationId}, ${r.haulier},
          ${r.carNumber}, ${r.handedOverAt.toISOString()}::timestamptz, ${r.comment}, ${r.status ?? 'open'}, ${r.dueDate}::date, ${r.hash},
          ${r.countAuditId}, ${r.userId}, clock_timestamp(), ${r.needsConsent ?? false}, ${reasons}::text[],
          ${r.toldAt?.toISOString() ?? null}::timestamptz, ${r.locationMailedAt?.toISOString() ?? null}::timestamptz,
          ${r.idempotencyKey ?? null}, ${r.requestHash ?? null})
        RETURNING id`,
  );
  return Number(row?.id);
}

/** One line as stored: carriers delivered and returned, or counted (an inventory receipt). */
export interface NewLine {
  productId: number;
  delivered: number;
  returned: number;
  counted?: number | null;
}

/** Inserts the lines of receipt `id` in one statement. */
export async function insertLines(tx: Tx, id: number, lines: readonly NewLine[]): Promise<void> {
  await tx.execute(sql`INSERT INTO pallet_receipt_lines (receipt_id, product_id, delivered, returned, counted)
    SELECT ${id}, v.product_id, v.delivered, v.returned, v.counted FROM (VALUES ${sql.join(
      lines.map((l) => sql`(${l.productId}::int, ${l.delivered}::int, ${l.returned}::int, ${l.counted ?? null}::int)`),
      sql`, `,
    )}) AS v(product_id, delivered, returned, counted)`);
}

/**
 * GET PalletReceipts/{id} (issue 11; docs/pallet-receipts.md): one receipt with its parties,
 * lines (product names in the caller's language), signatures (PNG data URLs) and status. Also the
 * answer of the writing calls, and what the PDF and the QR link's summary are made from.
 */
import type {
  Country,
  Locale,
  PalletReceipt,
  PalletReceiptActions,
  PalletReceiptApprovalReason,
  PalletReceiptFinalReason,
  PalletReceiptParty,
  PalletReceiptStatus,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { productNamesById } from '../orders/product-names.js';
import { callerSides, visibleReceipt } from './access.js';
import { actionsOf } from './receipt-actions.js';
import { loadDisputes } from './receipt-disputes-view.js';

interface ReceiptRow {
  id: number;
  receiptNumber: string;
  inventory: boolean;
  locationId: number;
  locationName: string;
  locationNumber: string;
  locationCountryId: string;
  counterpartyLocationId: number | null;
  counterpartyName: string | null;
  counterpartyNumber: string | null;
  externalLocationId: number | null;
  externalName: string | null;
  externalNumber: string | null;
  haulier: string | null;
  carNumber: string | null;
  handedOverAt: Date | string;
  comment: string | null;
  status: PalletReceiptStatus;
  finalReason: PalletReceiptFinalReason | null;
  dueDate: string | null;
  postedAt: Date | string | null;
  confirmedAt: Date | string | null;
  confirmedByName: string | null;
  objectedAt: Date | string | null;
  objection: string | null;
  countAuditId: number | null;
  needsConsent: boolean;
  approvalReasons: PalletReceiptApprovalReason[] | string;
  approvedAt: Date | string | null;
  toldAt: Date | string | null;
  createdByUserId: number | null;
  createdByName: string | null;
  createdAt: Date | string;
}

/** A receipt as stored, with the country of its location (the PDF's time zone); `actions` all false (no caller). */
export type LoadedReceipt = PalletReceipt & { locationCountryId: string };

/** No action offered: what a receipt read without a caller says. */
export const NO_ACTIONS: PalletReceiptActions = {
  sign: false,
  confirm: false,
  approve: false,
  decide: false,
  dispute: false,
  decideDispute: false,
};

/** `text[]` as PGlite and node-postgres hand it over: an array, or the literal `{a,b}`. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/**
 * The receipt `id` in `locale`, without any access check (callers check first).
 * @throws NOT_FOUND when there is none
 */
export async function loadPalletReceipt(db: Tx, id: number, locale: Locale): Promise<LoadedReceipt> {
  const [row] = await rows<ReceiptRow>(
    db,
    sql`SELECT r.id, r.receipt_number AS "receiptNumber", r.inventory, r.location_id AS "locationId", l.name AS "locationName",
          l.number AS "locationNumber", l.country_id AS "locationCountryId",
          r.counterparty_location_id AS "counterpartyLocationId", cl.name AS "counterpartyName", cl.number AS "counterpartyNumber",
          r.external_location_id AS "externalLocationId", ex.name AS "externalName", ex.location_number AS "externalNumber",
          r.haulier, r.car_number AS "carNumber", r.handed_over_at AS "handedOverAt", r.comment, r.status,
          r.final_reason AS "finalReason", r.due_date::text AS "dueDate", r.posted_at AS "postedAt", r.confirmed_at AS "confirmedAt",
          r.confirmed_by_name AS "confirmedByName", r.objected_at AS "objectedAt", r.objection, r.count_audit_id AS "countAuditId",
          r.needs_consent AS "needsConsent", r.approval_reasons AS "approvalReasons", r.approved_at AS "approvedAt", r.told_at AS "toldAt",
          r.created_by_user_id AS "createdByUserId", u.name AS "createdByName", r.created_at AS "createdAt"
        FROM pallet_receipts r JOIN locations l ON l.id = r.location_id
        LEFT JOIN locations cl ON cl.id = r.counterparty_location_id
        LEFT JOIN external_locations ex ON ex.id = r.external_location_id
        LEFT JOIN users u ON u.id = r.created_by_user_id
        WHERE r.id = ${id}`,
  );
  if (!row) throw notFound();
  const [lines, signatures, disputes] = await Promise.all([
    rows<{ productId: number; delivered: number; returned: number; counted: number | null }>(
      db,
      sql`SELECT product_id AS "productId", delivered, returned, counted FROM pallet_receipt_lines WHERE receipt_id = ${id} ORDER BY product_id`,
    ),
    rows<{ party: PalletReceiptParty; name: string; signedAt: Date | string; image: Uint8Array }>(
      db,
      sql`SELECT party, name, signed_at AS "signedAt", image FROM pallet_receipt_signatures WHERE receipt_id = ${id} ORDER BY party DESC`,
    ),
    loadDisputes(db, id, locale),
  ]);
  const names = await productNamesById(
    db,
    locale,
    lines.map((l) => Number(l.productId)),
  );
  const counterparty =
    row.counterpartyLocationId !== null
      ? {
          kind: 'location' as const,
          id: Number(row.counterpartyLocationId),
          name: row.counterpartyName ?? '',
          number: row.counterpartyNumber,
        }
      : row.externalLocationId !== null
        ? { kind: 'external' as const, id: Number(row.externalLocationId), name: row.externalName ?? '', number: row.externalNumber }
        : null;
  return {
    id: Number(row.id),
    receiptNumber: row.receiptNumber,
    inventory: row.inventory,
    location: { kind: 'location', id: Number(row.locationId), name: row.locationName, number: row.locationNumber },
    locationCountryId: row.locationCountryId,
    counterparty,
    haulier: row.haulier,
    carNumber: row.carNumber,
    handedOverAt: isoInstant(row.handedOverAt) ?? '',
    comment: row.comment,
    status: row.status,
    finalReason: row.finalReason,
    needsConsent: row.needsConsent,
    approvalReasons: textArray(row.approvalReasons) as PalletReceiptApprovalReason[],
    approvedAt: isoInstant(row.approvedAt),
    toldAt: isoInstant(row.toldAt),
    dueDate: row.dueDate,
    postedAt: isoInstant(row.postedAt),
    confirmedAt: isoInstant(row.confirmedAt),
    confirmedByName: row.confirmedByName,
    objectedAt: isoInstant(row.objectedAt),
    objection: row.objection,
    countAuditId: row.countAuditId === null ? null : Number(row.countAuditId),
    createdBy: row.createdByUserId === null ? null : { userId: Number(row.createdByUserId), name: row.createdByName ?? '' },
    createdAt: isoInstant(row.createdAt) ?? '',
    lines: lines.map((line) => ({
      productId: Number(line.productId),
      productName: names.get(Number(line.productId)) ?? '',
      delivered: Number(line.delivered),
      returned: Number(line.returned),
      counted: line.counted === null ? null : Number(line.counted),
    })),
    signatures: signatures.map((s) => ({
      party: s.party,
      name: s.name,
      signedAt: isoInstant(s.signedAt) ?? '',
      image: `data:image/png;base64,${Buffer.from(s.image).toString('base64')}`,
    })),
    disputes,
    actions: NO_ACTIONS,
    qrUrl: null,
  };
}

/**
 * One receipt the caller may see, in `locale`, with what the caller may do with it now
 * (`actionsOf`); `qrUrl` null (the token exists in clear only in the answer of POST PalletReceipts).
 * @throws FORBIDDEN without the dock's rights; NOT_FOUND when missing or outside the caller's scope
 */
export async function getPalletReceipt(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<PalletReceipt> {
  const head = await visibleReceipt(db, auth, id);
  const { locationCountryId, ...receipt } = await loadPalletReceipt(db, id, locale);
  return { ...receipt, actions: actionsOf(auth, callerSides(auth, head.scope, head), head, receipt, locationCountryId as Country) };
}

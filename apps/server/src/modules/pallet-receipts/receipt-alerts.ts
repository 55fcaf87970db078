/**
 * The bell's alerts of pallet receipts (issue 11 and 20; docs/pallet-receipts.md, "Mail and
 * alerts"): source `PalletReceipt`, source id the receipt (the bell links to its page), title and
 * text in every locale (`texts`), written in the caller's transaction. Events:
 * - created: the counterparty location is told of a receipt (confirm or object by the due date);
 * - objected: the counterparty objected (the location and the provider's global admins);
 * - approval: a receipt waits for approval (the provider's global admins);
 * - approved / voided: provider staff decided it (the location);
 * - disputed: a final receipt is disputed (the other side and the provider's global admins);
 * - corrected / rejected: provider staff decided a dispute (both sides).
 */
import { type Locale, locales } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { AlertText } from '../../db/schema/messages.js';
import { formatPlainDate, translator } from '../../i18n.js';
import type { LoadedReceipt } from './get-pallet-receipt.js';

/** What an alert tells. */
export type ReceiptAlertEvent = 'created' | 'objected' | 'approval' | 'approved' | 'voided' | 'disputed' | 'corrected' | 'rejected';

/** Texts of an alert beyond the receipt's own facts: a dispute's reason, a decision's comment. */
export interface AlertExtras {
  reason?: string;
  comment?: string;
}

/** The alert's title and text of `event` in `locale`. */
function alertText(receipt: LoadedReceipt, locale: Locale, event: ReceiptAlertEvent, extras: AlertExtras): AlertText {
  const t = translator(locale);
  const values = {
    number: receipt.receiptNumber,
    location: receipt.location.name,
    counterparty: receipt.counterparty?.name ?? '',
    delivered: receipt.lines.reduce((sum, l) => sum + l.delivered, 0),
    returned: receipt.lines.reduce((sum, l) => sum + l.returned, 0),
    dueDate: receipt.dueDate ? formatPlainDate(receipt.dueDate, locale) : '',
    objection: receipt.objection ?? '',
    reasons: receipt.approvalReasons.map((r) => t(`palletReceipts.approvalReasons.${r}`)).join(', '),
    reason: extras.reason ?? '',
    comment: extras.comment ?? '',
  };
  return { title: t(`palletReceipts.alert.${event}Title`, values), text: t(`palletReceipts.alert.${event}Text`, values) };
}

function texts(receipt: LoadedReceipt, event: ReceiptAlertEvent, extras: AlertExtras) {
  return {
    all: JSON.stringify(Object.fromEntries(locales.map((locale) => [locale, alertText(receipt, locale, event, extras)]))),
    fallback: alertText(receipt, 'en-US', event, extras),
  };
}

/**
 * Writes the alert of `event` on `receipt` for the users of `locationId`, dated `at` (ISO 8601;
 * default the moment of the call; the demo seed dates its own).
 */
export async function alertLocation(
  tx: Tx,
  receipt: LoadedReceipt,
  locationId: number,
  event: ReceiptAlertEvent,
  at: string | null = null,
  extras: AlertExtras = {},
): Promise<void> {
  const { all, fallback } = texts(receipt, event, extras);
  await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, texts, created_at)
    VALUES (${locationId}, 'PalletReceipt', ${receipt.id}, ${fallback.title}, ${fallback.text}, ${all}::jsonb,
      COALESCE(${at}::timestamptz, clock_timestamp()))`);
}

/** Writes the alert of `event` on `receipt` for each active global admin of the provider, dated `at` as `alertLocation`. */
export async function alertGlobalAdmins(
  tx: Tx,
  receipt: LoadedReceipt,
  event: ReceiptAlertEvent,
  extras: AlertExtras = {},
  at: string | null = null,
): Promise<void> {
  const { all, fallback } = texts(receipt, event, extras);
  await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, texts, created_at)
    SELECT u.id, 'PalletReceipt', ${receipt.id}, ${fallback.title}, ${fallback.text}, ${all}::jsonb,
      COALESCE(${at}::timestamptz, clock_timestamp())
    FROM users u JOIN customers c ON c.id = u.customer_id WHERE c.is_provider AND u.is_global_admin AND u.is_active`);
}

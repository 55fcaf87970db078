/**
 * What a pallet receipt tells after its commit (issue 20; docs/pallet-receipts.md, "Mail and
 * alerts"): the location's mail, and telling the counterparty (its mail with the link mailed to it
 * alone, its location's alert, and the start of its window: `told_at`, `due_date`). The receipt's
 * own transaction only stores the receipt; the mails are rendered here (two PDFs) outside any
 * transaction, then queued in a short one that locks the receipt's row, checks that nothing was
 * sent meanwhile, and records what it sent. So the receipt number's row lock is never held while
 * a PDF renders, and:
 * - nothing is lost if the process dies after the receipt's commit: the state says what is still to
 *   do (`location_mailed_at` / `told_at` null), and the scheduler's job (`sendPendingReceiptNotices`)
 *   does it for receipts older than a minute;
 * - nothing is sent twice: of two senders (the request and the job, or two processes) the second
 *   finds the columns set in its locked transaction and drops what it rendered;
 * - a receipt that waits for approval tells its counterparty only once approved (approve-pallet-receipt.ts);
 *   a void one never.
 * The window starts when the counterparty is told: `due_date` = that day in the counterparty's
 * country (the external location's, else the location's for want of one) + the reception days of
 * the receiving side (the counterparty location's, for an external counterparty the location's;
 * DEFAULT_RECEPTION_DAYS when none); never the handover day.
 */
import { addPlainDays, type Country, type PalletReceiptStatus, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { sendMails } from '../mail/send-mail.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { newQrToken, qrLink } from './qr-token.js';
import { alertLocation } from './receipt-alerts.js';
import { counterpartyMail, locationMail } from './receipt-mail.js';

/** The reception days when a location has none (as orders/auto-commit.ts). */
export const DEFAULT_RECEPTION_DAYS = 5;

/** Statuses in which a counterparty not yet told is told (not while waiting for approval, never when void). */
const TELLABLE: readonly PalletReceiptStatus[] = ['open', 'final', 'disputed'];

interface NoticeState {
  status: PalletReceiptStatus;
  inventory: boolean;
  mailLocation: boolean;
  tell: boolean;
  counterpartyLocationId: number | null;
  windowCountryId: Country;
  receptionDays: number | null;
}

async function noticeState(db: Db, id: number, lock = false): Promise<NoticeState | undefined> {
  const [row] = await rows<NoticeState>(
    db,
    sql`SELECT r.status, r.inventory, r.location_mailed_at IS NULL AS "mailLocation", r.told_at IS NULL AS tell,
          r.counterparty_location_id AS "counterpartyLocationId",
          COALESCE(cl.country_id, ex.country_id, l.country_id) AS "windowCountryId",
          CASE WHEN r.counterparty_location_id IS NOT NULL THEN cl.reception_days ELSE l.reception_days END AS "receptionDays"
        FROM pallet_receipts r JOIN locations l ON l.id = r.location_id
        LEFT JOIN locations cl ON cl.id = r.counterparty_location_id LEFT JOIN external_locations ex ON ex.id = r.external_location_id
        WHERE r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  if (!row || row.inventory) return undefined;
  return { ...row, tell: row.tell && TELLABLE.includes(row.status) };
}

/**
 * Sends what receipt `id` still has to tell (see the file comment); `publicUrl` the portal's
 * address. Tries again (at most three times) when another sender or a status change came
 * between rendering and queueing.
 * @returns whether this call sent anything
 */
export async function sendReceiptNotices(db: Db, id: number, publicUrl: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const state = await noticeState(db, id);
    if (!state || (!state.mailLocation && !state.tell)) return false;
    const toldAt = new Date();
    const dueDate = state.tell ? addPlainDays(todayIn(state.windowCountryId, toldAt), state.receptionDays ?? DEFAULT_RECEPTION_DAYS) : null;
    const token = state.tell ? newQrToken() : null;
    const mails = [
      state.mailLocation ? await locationMail(db, id, publicUrl, dueDate) : null,
      token && dueDate ? await counterpartyMail(db, id, publicUrl, qrLink(publicUrl, token.token), dueDate) : null,
    ].filter((mail) => mail !== null);
    const sent = await db.transaction(async (tx) => {
      const now = await noticeState(tx, id, true);
      if (!now || now.mailLocation !== state.mailLocation || now.tell !== state.tell) return false;
      await sendMails(tx, mails);
      await tx.execute(sql`UPDATE pallet_receipts SET
          location_mailed_at = CASE WHEN ${state.mailLocation} THEN clock_timestamp() ELSE location_mailed_at END,
          told_at = CASE WHEN ${state.tell} THEN ${toldAt.toISOString()}::timestamptz ELSE told_at END,
          due_date = CASE WHEN ${state.tell} THEN ${dueDate}::date ELSE due_date END,
          answer_token_hash = CASE WHEN ${state.tell} THEN ${token?.hash ?? null} ELSE answer_token_hash END
        WHERE id = ${id}`);
      if (state.tell && state.counterpartyLocationId !== null)
        await alertLocation(tx, await loadPalletReceipt(tx, id, 'en-US'), Number(state.counterpartyLocationId), 'created');
      return true;
    });
    if (sent) return true;
  }
  return false;
}

/**
 * The scheduler's part: sends the notices of receipts whose own request did not (the process
 * died after the commit, or rendering failed), written or approved more than `graceSeconds` ago
 * (the request usually does it within that time), at most 100 a run, oldest first.
 * @returns how many receipts it sent notices for
 */
export async function sendPendingReceiptNotices(db: Db, publicUrl: string, graceSeconds = 60): Promise<number> {
  const pending = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM pallet_receipts
        WHERE NOT inventory AND (location_mailed_at IS NULL OR (told_at IS NULL AND status IN ('open', 'final', 'disputed')))
          AND COALESCE(approved_at, created_at) < now() - make_interval(secs => ${graceSeconds})
        ORDER BY id LIMIT 100`,
  );
  let sent = 0;
  for (const { id } of pending) if (await sendReceiptNotices(db, Number(id), publicUrl)) sent++;
  return sent;
}

/**
 * The scheduler's job for pallet receipts (issue 11 and 20; docs/pallet-receipts.md, "The
 * counterparty's consent"): an open receipt whose counterparty was told and let its window pass
 * without an objection becomes final (`final_reason` receptionDays) and posts. The window counts
 * in the counterparty's country's date (the external location's, else the location's for want of
 * one), from the day it was told (`due_date`, receipt-notices.ts), never from the handover. A
 * receipt not yet told has no due date and waits; a disputed one waits for the provider, one
 * that waits for approval for its approval; an inventory receipt has no due date. Each receipt in
 * its own transaction with its row taken `FOR UPDATE SKIP LOCKED` (as orders/auto-commit.ts), so
 * several server processes may run the job at once, and an answer at the same moment either wins
 * or finds it final.
 */
import { addPlainDays, type Country, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { finalizeReceipt } from './finalize-receipt.js';

/**
 * Finalizes every open receipt whose due date lies before today in its window's country, or
 * before `today` (yyyy-MM-dd) when given (tests, maintenance).
 * @returns how many receipts this run made final
 */
export async function finalizeDueReceipts(db: Db, today?: string): Promise<number> {
  // No country's date is more than a day ahead of UTC's: a due date before tomorrow (UTC) is a candidate.
  const bound = today ?? addPlainDays(new Date().toISOString().slice(0, 10), 1);
  const candidates = await rows<{ id: number; dueDate: string; countryId: Country }>(
    db,
    sql`SELECT r.id, r.due_date::text AS "dueDate", COALESCE(cl.country_id, ex.country_id, l.country_id) AS "countryId"
        FROM pallet_receipts r JOIN locations l ON l.id = r.location_id
        LEFT JOIN locations cl ON cl.id = r.counterparty_location_id LEFT JOIN external_locations ex ON ex.id = r.external_location_id
        WHERE r.status = 'open' AND NOT r.inventory AND r.due_date < ${bound}::date ORDER BY r.id`,
  );
  let finalized = 0;
  for (const candidate of candidates) {
    if (candidate.dueDate >= (today ?? todayIn(candidate.countryId))) continue;
    const done = await db.transaction(async (tx) => {
      const [row] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM pallet_receipts WHERE id = ${candidate.id} AND status = 'open' AND due_date = ${candidate.dueDate}::date
            FOR UPDATE SKIP LOCKED`,
      );
      if (!row) return false;
      return finalizeReceipt(tx, Number(row.id), 'receptionDays');
    });
    if (done) finalized++;
  }
  return finalized;
}

/**
 * The scheduler's job for pallet receipts (issue 11; docs/pallet-receipts.md, "Reception days"):
 * an open receipt whose due date has passed without an answer becomes final (`final_reason`
 * receptionDays) and posts. A disputed receipt waits for the provider; an inventory receipt has
 * no due date. Each receipt in its own transaction with its row taken `FOR UPDATE SKIP LOCKED`
 * (as orders/auto-commit.ts), so several server processes may run the job at once, and an answer
 * by QR link at the same moment either wins or finds it final.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { finalizeReceipt } from './finalize-receipt.js';

/**
 * Finalizes every open receipt with `due_date` before `today` (yyyy-MM-dd, UTC; the counterparty
 * may answer through its due date).
 * @returns how many receipts this run made final
 */
export async function finalizeDueReceipts(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<number> {
  const due = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM pallet_receipts WHERE status = 'open' AND NOT inventory AND due_date < ${today}::date ORDER BY id`,
  );
  let finalized = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM pallet_receipts WHERE id = ${id} AND status = 'open' AND due_date < ${today}::date FOR UPDATE SKIP LOCKED`,
      );
      if (!row) return false;
      return finalizeReceipt(tx, Number(row.id), 'receptionDays');
    });
    if (done) finalized++;
  }
  return finalized;
}

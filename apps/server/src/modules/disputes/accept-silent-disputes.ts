/**
 * The scheduler's job for disputes (issue 22; docs/disputes.md, "Silence accepts"): an open
 * dispute whose waited-for party let its deadline pass without answering is accepted, and its
 * correction posts once. The deadline counts in the opener's location's country; the day after
 * `answer_due` it is accepted, booked on that day (whenever the job runs). Each dispute in its
 * own transaction with its row taken `FOR UPDATE SKIP LOCKED` (as pallet receipts' and orders'
 * jobs), so several server processes may run the job at once, and an answer at the same moment
 * either wins (the job then finds it no longer open) or waits and gets 409 (`moveDispute`).
 */
import { addPlainDays, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { notifyDispute } from './dispute-notices.js';
import { moveDispute } from './move-dispute.js';
import { postDisputeCorrection, recordDisputeEvent } from './post-dispute-correction.js';

/**
 * Accepts every open dispute whose deadline lies before today in its opener's country at `now`
 * (tests pass a fixed clock).
 * @returns how many disputes this run accepted
 */
export async function acceptSilentDisputes(db: Db, now = new Date()): Promise<number> {
  // No country's date is more than a day ahead of UTC's: a deadline before tomorrow (UTC) is a candidate.
  const bound = addPlainDays(now.toISOString().slice(0, 10), 1);
  const candidates = await rows<{ id: number; answerDue: string; countryId: string }>(
    db,
    sql`SELECT d.id, d.answer_due::text AS "answerDue", l.country_id AS "countryId"
        FROM disputes d JOIN locations l ON l.id = d.opener_location_id
        WHERE d.status = 'open' AND d.answer_due < ${bound}::date ORDER BY d.answer_due, d.id`,
  );
  let accepted = 0;
  for (const candidate of candidates) {
    if (candidate.answerDue >= todayIn(candidate.countryId, now)) continue;
    const done = await db.transaction(async (tx) => {
      const [row] = await rows<{ id: number; version: number; waitingOn: string }>(
        tx,
        sql`SELECT id, version, waiting_on AS "waitingOn" FROM disputes
            WHERE id = ${candidate.id} AND status = 'open' AND answer_due = ${candidate.answerDue}::date FOR UPDATE SKIP LOCKED`,
      );
      if (!row) return false;
      const id = Number(row.id);
      await moveDispute(tx, id, Number(row.version), ['open'], sql`status = 'accepted', waiting_on = NULL, answer_due = NULL`);
      await postDisputeCorrection(tx, id, addPlainDays(candidate.answerDue, 1));
      await recordDisputeEvent(tx, id, 'silenceAccepted', null);
      await notifyDispute(tx, id, 'silenceAccepted', ['opener', 'counterparty']);
      return true;
    });
    if (done) accepted++;
  }
  return accepted;
}

/**
 * The pool's dispute settings (issue 22; docs/disputes.md, "Windows"): the dispute window (days
 * after a movement's booking day) and the answer deadline (days a party has to answer), kept in
 * `app_meta` (`disputeWindowDays`, `disputeAnswerDays`) beside the pool's other counters, with
 * DISPUTE_WINDOW_DAYS and DISPUTE_ANSWER_DAYS when unset. GET DisputeSettings for anyone who may
 * use disputes; POST DisputeSettings for global admins (403 otherwise).
 */
import { DISPUTE_ANSWER_DAYS, DISPUTE_WINDOW_DAYS, type DisputeSettings } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireDisputes } from './access.js';

/** The settings in force (no access check: the use cases read them). */
export async function readDisputeSettings(db: Tx): Promise<DisputeSettings> {
  const list = await rows<{ key: string; value: string }>(
    db,
    sql`SELECT key, value FROM app_meta WHERE key IN ('disputeWindowDays', 'disputeAnswerDays')`,
  );
  const value = (key: string, fallback: number) => {
    const n = Number(list.find((row) => row.key === key)?.value);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return { windowDays: value('disputeWindowDays', DISPUTE_WINDOW_DAYS), answerDays: value('disputeAnswerDays', DISPUTE_ANSWER_DAYS) };
}

/** GET DisputeSettings. Errors: FORBIDDEN without the menu's right. */
export async function getDisputeSettings(db: Db, auth: AuthContext): Promise<DisputeSettings> {
  await requireDisputes(db, auth);
  return readDisputeSettings(db);
}

/** POST DisputeSettings: stores both settings in one transaction. Errors: FORBIDDEN unless a global admin. */
export async function saveDisputeSettings(db: Db, auth: AuthContext, settings: DisputeSettings): Promise<DisputeSettings> {
  if (!auth.user.isGlobalAdmin) throw forbidden();
  await db.transaction(async (tx) => {
    for (const [key, value] of [
      ['disputeWindowDays', settings.windowDays],
      ['disputeAnswerDays', settings.answerDays],
    ] as const) {
      await tx.execute(
        sql`INSERT INTO app_meta (key, value) VALUES (${key}, ${String(value)}) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
    }
  });
  return readDisputeSettings(db);
}

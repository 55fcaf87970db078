/**
 * POST DisputeWindowExtension (issue 22: "the provider may extend a single dispute"; docs/disputes.md,
 * "Windows"): provider staff let one movement be disputed through a later day than its window.
 */
import { type DisputeWindowExtensionRequest, disputeSourceOf } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireDisputes } from './access.js';
import { readDisputeSettings } from './dispute-settings.js';
import { assertDisputable, loadMovement } from './movement.js';
import { windowEnd } from './open-dispute.js';

/**
 * Stores the extension of the movement named (one per movement; a later one replaces it) in one
 * transaction. Errors: FORBIDDEN without the menu's right or unless provider staff; NOT_FOUND
 * for no such movement; DISPUTE (409) for a movement that cannot be disputed (`loadMovement`).
 * @returns the movement's last day to dispute it now (yyyy-MM-dd)
 */
export async function extendDisputeWindow(db: Db, auth: AuthContext, request: DisputeWindowExtensionRequest): Promise<string> {
  await requireDisputes(db, auth);
  if (!auth.isProvider) throw forbidden();
  return db.transaction(async (tx) => {
    const { kind, id } = disputeSourceOf(request);
    const movement = await loadMovement(tx, kind, id);
    assertDisputable(movement);
    await tx.execute(sql`INSERT INTO dispute_window_extensions (source_kind, source_id, until_date, by_user_id, comment, at)
      VALUES (${kind}, ${movement.id}, ${request.until}::date, ${auth.user.id}, ${request.comment}, clock_timestamp())
      ON CONFLICT (source_kind, source_id) DO UPDATE SET until_date = EXCLUDED.until_date, by_user_id = EXCLUDED.by_user_id,
        comment = EXCLUDED.comment, at = EXCLUDED.at`);
    return windowEnd(tx, movement, (await readDisputeSettings(tx)).windowDays);
  });
}

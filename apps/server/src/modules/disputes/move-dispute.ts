/**
 * The one way a dispute changes state (issue 22; docs/disputes.md, "Races"): a conditional update
 * on its id, the version the caller read and the statuses the step starts from, raising the
 * version. Of two steps at once (two answers, an answer and the deadline job, two decisions) the
 * first commits and the second's update finds no row: 409 `changed`, nothing written.
 */
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { refuse } from './access.js';

/**
 * Sets `set` on dispute `id` if it still has `version` and one of `statuses`.
 * @throws DISPUTE (409, `changed`) when another step came first
 */
export async function moveDispute(tx: Tx, id: number, version: number, statuses: readonly string[], set: SQL): Promise<void> {
  const moved = await rows<{ id: number }>(
    tx,
    sql`UPDATE disputes SET ${set}, version = version + 1
        WHERE id = ${id} AND version = ${version} AND status IN (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )}) RETURNING id`,
  );
  if (moved.length === 0) throw refuse('changed');
}

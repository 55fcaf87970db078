/**
 * POST DowntimeCancel (Global > Maintenance; docs/global.md): cancels a window that has not
 * ended (planned or in force) and logs it (kind downtime), in one transaction; the portal opens
 * at once in this process and within seconds in the others (current-downtime.ts).
 */
import { AppErrorCode, type Downtime } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireGlobalAdmin } from './access.js';
import { clearDowntimeCache } from './current-downtime.js';
import { loadDowntimes } from './find-downtimes.js';
import { writeLog } from './write-log.js';

/**
 * @returns the cancelled window
 * @throws FORBIDDEN unless the caller is a global admin; NOT_FOUND for an unknown window;
 *   CONFLICT for one that ended or was cancelled already
 */
export async function cancelDowntime(db: Db, auth: AuthContext, id: number, request?: FastifyRequest): Promise<Downtime> {
  requireGlobalAdmin(auth);
  const saved = await db.transaction(async (tx) => {
    const [row] = await rows<{ open: boolean }>(
      tx,
      sql`SELECT (cancelled_at IS NULL AND ends_at > now()) AS open FROM downtimes WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound();
    if (!row.open) throw new AppError(AppErrorCode.CONFLICT);
    const [before] = await loadDowntimes(tx, id);
    await tx.execute(sql`UPDATE downtimes SET cancelled_at = now() WHERE id = ${id}`);
    const [after] = await loadDowntimes(tx, id);
    if (!before || !after) throw notFound();
    await writeLog(tx, {
      level: 'info',
      kind: 'downtime',
      message: 'Downtime cancelled',
      request,
      auth,
      data: { id, action: 'cancelled' },
      before: { startsAt: before.startsAt, endsAt: before.endsAt, cancelledAt: null },
      after: { startsAt: after.startsAt, endsAt: after.endsAt, cancelledAt: after.cancelledAt },
    });
    return after;
  });
  clearDowntimeCache(db);
  return saved;
}

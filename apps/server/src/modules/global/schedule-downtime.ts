/**
 * POST Downtimes (Global > Maintenance; docs/global.md): schedules a downtime window and logs
 * it (kind downtime), in one transaction. The window may start in the past (at once) but must
 * end in the future and overlap no other window that is not cancelled.
 */
import { AppErrorCode, type Downtime, type DowntimeRequest } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireGlobalAdmin } from './access.js';
import { clearDowntimeCache } from './current-downtime.js';
import { loadDowntimes } from './find-downtimes.js';
import { writeLog } from './write-log.js';

/**
 * @returns the window scheduled
 * @throws FORBIDDEN unless the caller is a global admin; VALIDATION (endsAt: log.downtimeInPast,
 *   log.downtimeOverlap)
 */
export async function scheduleDowntime(db: Db, auth: AuthContext, input: DowntimeRequest, request?: FastifyRequest): Promise<Downtime> {
  requireGlobalAdmin(auth);
  if (Date.parse(input.endsAt) <= Date.now()) throw new AppError(AppErrorCode.VALIDATION, {}, { endsAt: 'log.downtimeInPast' });
  const saved = await db.transaction(async (tx) => {
    // One window at a time: a lock on the table keeps two overlapping saves from both passing the check.
    await tx.execute(sql`LOCK TABLE downtimes IN SHARE ROW EXCLUSIVE MODE`);
    const [overlap] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM downtimes WHERE cancelled_at IS NULL AND starts_at < ${input.endsAt}::timestamptz
          AND ends_at > ${input.startsAt}::timestamptz LIMIT 1`,
    );
    if (overlap) throw new AppError(AppErrorCode.VALIDATION, {}, { startsAt: 'log.downtimeOverlap' });
    const [created] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO downtimes (starts_at, ends_at, created_by) VALUES (${input.startsAt}::timestamptz, ${input.endsAt}::timestamptz, ${auth.loginUser.id})
          RETURNING id`,
    );
    const [downtime] = await loadDowntimes(tx, Number(created?.id));
    if (!downtime) throw new Error('Downtime vanished after insert');
    await writeLog(tx, {
      level: 'warn',
      kind: 'downtime',
      message: 'Downtime scheduled',
      request,
      auth,
      data: { id: downtime.id, action: 'scheduled' },
      after: { startsAt: downtime.startsAt, endsAt: downtime.endsAt },
    });
    return downtime;
  });
  clearDowntimeCache(db);
  return saved;
}

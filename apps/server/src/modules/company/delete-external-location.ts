/**
 * DELETE ExternalLocations/{id} (Company > External locations; issue 9): removes one of the
 * acting customer's external locations, or, when orders name it as their receiver, makes it
 * inactive instead, so those orders keep their receiver (the delivery dialog no longer offers
 * it; POST ExternalLocations with `active: true` brings it back). Who: as GET and POST
 * ExternalLocations (`requireManage`); another customer's answers NOT_FOUND like a missing one.
 */
import type { DeleteExternalLocationResponse } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { ownExternalLocation, requireManage } from './external-locations.js';

/**
 * Deletes or deactivates the external location `id`, in one transaction. The row is locked
 * first: an order being saved with it as receiver at the same moment (its foreign-key check
 * waits on the lock) is either seen and the location deactivated, or refused by the database.
 * @returns `deleted` or `deactivated`
 * @throws FORBIDDEN for a caller who may not manage external locations; NOT_FOUND for one that is missing or another customer's
 */
export async function deleteExternalLocation(
  db: Db,
  auth: AuthContext,
  id: number,
  request?: FastifyRequest,
): Promise<DeleteExternalLocationResponse> {
  await requireManage(db, auth);
  return db.transaction(async (tx) => {
    const [own] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM external_locations WHERE id = ${id} AND customer_id = ${auth.customerId} FOR UPDATE`,
    );
    if (!own) throw notFound();
    const before = await ownExternalLocation(tx, auth, id);
    const [used] = await rows<{ id: number }>(tx, sql`SELECT id FROM orders WHERE external_location_id_to = ${id} LIMIT 1`);
    if (used) {
      await tx.execute(sql`UPDATE external_locations SET active = false WHERE id = ${id}`);
      await logAdminChange(tx, auth, { entity: 'externalLocation', id, before, after: { ...before, active: false } }, request);
      return { id, outcome: 'deactivated' as const };
    }
    await tx.execute(sql`DELETE FROM external_locations WHERE id = ${id}`);
    await logAdminChange(tx, auth, { entity: 'externalLocation', id, before, after: null }, request);
    return { id, outcome: 'deleted' as const };
  });
}

/**
 * DELETE Locations/{id} (Company > Locations; spec section 8, "Error deleting location";
 * docs/company-locations.md): removes one of the acting customer's locations, or blocks it
 * (status 2) when something keeps it: orders from or to it, ledger entries (a balance), users
 * whose primary location it is, or any other row that points at it. Its delivery addresses,
 * product list and users' secondary links go with it; its sub-locations lose their parent.
 * For its customer admin or a global admin; another customer's location answers NOT_FOUND.
 */
import type { DeleteLocationResponse } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { requireLocationAdmin, requireOwnLocation } from './access.js';
import { getCompanyLocation } from './find-locations.js';

/**
 * DELETE Locations/{id}: `deleted`, or `blocked` when the location is in use (see the file comment).
 * Logged with the location before and after (kind adminChange), in the same transaction.
 */
export async function deleteLocation(db: Db, auth: AuthContext, id: number, request?: FastifyRequest): Promise<DeleteLocationResponse> {
  requireLocationAdmin(auth);
  return db.transaction(async (tx) => {
    await requireOwnLocation(tx, auth, id);
    await tx.execute(sql`SELECT id FROM locations WHERE id = ${id} FOR UPDATE`);
    const before = await getCompanyLocation(tx, auth, id);
    const [inUse] = await rows<{ n: number }>(
      tx,
      sql`SELECT 1 AS n WHERE EXISTS (SELECT 1 FROM orders WHERE location_id_from = ${id} OR location_id_to = ${id})
            OR EXISTS (SELECT 1 FROM ledger_entries WHERE location_id = ${id})
            OR EXISTS (SELECT 1 FROM users WHERE location_id = ${id})`,
    );
    const block = async (): Promise<DeleteLocationResponse> => {
      await tx.execute(sql`UPDATE locations SET status_id = 2 WHERE id = ${id}`);
      await logAdminChange(tx, auth, { entity: 'location', id, before, after: await getCompanyLocation(tx, auth, id) }, request);
      return { outcome: 'blocked' };
    };
    if (inUse) return block();
    // Anything else pointing at it (a session acting there, a mail, a case...) blocks too:
    // the delete runs in a savepoint so that a foreign key refusing it leaves the rest intact.
    await tx.execute(sql`SAVEPOINT delete_location`);
    try {
      await tx.execute(sql`DELETE FROM addresses WHERE location_id = ${id}`);
      await tx.execute(sql`DELETE FROM location_products WHERE location_id = ${id}`);
      await tx.execute(sql`DELETE FROM user_locations WHERE location_id = ${id}`);
      await tx.execute(sql`DELETE FROM order_counts WHERE location_id = ${id}`);
      await tx.execute(sql`UPDATE locations SET parent_location_id = NULL WHERE parent_location_id = ${id}`);
      await tx.execute(sql`DELETE FROM locations WHERE id = ${id}`);
      await tx.execute(sql`RELEASE SAVEPOINT delete_location`);
      await logAdminChange(tx, auth, { entity: 'location', id, before, after: null }, request);
      return { outcome: 'deleted' };
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      await tx.execute(sql`ROLLBACK TO SAVEPOINT delete_location`);
      return block();
    }
  });
}

/** A foreign key refusing a delete (SQLSTATE 23503), from pg or PGlite, possibly wrapped by drizzle. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/**
 * GET EmailArchiveFilters: the choices of Company > Email archive's filters, taken from the mails
 * the caller may read (`emailArchiveScope`), so a filter never offers what would find nothing
 * and never names a party outside the caller's scope.
 */
import type { EmailArchiveFilters, EmailArchiveParty } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { emailArchiveScope } from './email-archive-scope.js';

/** At most this many choices per filter. */
const LIMIT = 1000;

/**
 * The topics (alphabetical), and the receiving customers (provider staff only; empty for a
 * customer admin, who reads one customer's), receiving users and from locations (by name) of
 * the caller's archive.
 * @throws FORBIDDEN as GET EmailArchive does
 */
export async function findEmailArchiveFilters(db: Tx, auth: AuthContext): Promise<EmailArchiveFilters> {
  const scope = emailArchiveScope(auth);
  const parties = async (table: 'customers' | 'users' | 'locations', column: 'to_customer_id' | 'to_user_id' | 'from_location_id') =>
    (
      await rows<EmailArchiveParty>(
        db,
        sql`SELECT p.id, p.name FROM ${sql.raw(table)} p
            WHERE p.id IN (SELECT e.${sql.raw(column)} FROM email_archive e WHERE ${scope})
            ORDER BY p.name, p.id LIMIT ${LIMIT}`,
      )
    ).map((p) => ({ id: Number(p.id), name: p.name }));
  const [topics, customers, users, locations] = await Promise.all([
    rows<{ topic: string }>(db, sql`SELECT DISTINCT e.topic FROM email_archive e WHERE ${scope} ORDER BY e.topic LIMIT ${LIMIT}`),
    auth.isProvider ? parties('customers', 'to_customer_id') : Promise.resolve([]),
    parties('users', 'to_user_id'),
    parties('locations', 'from_location_id'),
  ]);
  return { topics: topics.map((t) => t.topic), customers, users, locations };
}

/**
 * The Support badge (issue 10, "Provider staff see the same badges and counts the spec names ...
 * new cases"): the cases in status New that provider staff should take.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isSupportStaff } from './access.js';

/** Cases in status New, for provider staff; 0 for everyone else (the badge is the provider's). */
export async function countNewSupportTickets(db: Tx, auth: AuthContext): Promise<number> {
  if (!isSupportStaff(auth)) return 0;
  const [row] = await rows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM support_tickets WHERE status = 'New'`);
  return Number(row?.count ?? 0);
}

/**
 * GET Badges (issue 10, "Provider staff see the same badges and counts the spec names";
 * docs/global.md, "Badges"): for provider staff, the new support cases (status New) and the
 * new customer requests still waiting (status new; Admin > Customer requests). Not-agreed
 * orders have their own count (GET Disagreements, the shell's menu rows). Anyone else gets
 * zeros: the counts are the provider's work queue, never a customer's.
 */
import type { Badges } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';

/** New support cases of every customer (status New); to be replaced by the support area's own count. */
export async function countNewSupportCases(db: Tx): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM support_tickets WHERE status = 'New'`);
  return Number(row?.n ?? 0);
}

/** The badge counts of the caller: provider staff (acting for the provider) get them, anyone else zeros. */
export async function findBadges(db: Tx, auth: AuthContext): Promise<Badges> {
  if (!auth.isProvider) return { newSupportCases: 0, newCustomerRequests: 0 };
  const [requests] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM new_customer_requests WHERE status = 'new'`);
  return {
    newSupportCases: await countNewSupportCases(db),
    // Customer requests are handled by global admins (registration/access.ts); others see no count of them.
    newCustomerRequests: auth.user.isGlobalAdmin ? Number(requests?.n ?? 0) : 0,
  };
}

/**
 * GET Badges (issue 10, "Provider staff see the same badges and counts the spec names";
 * docs/global.md, "Badges"): for provider staff, the new support cases (status New) and the
 * new customer requests still waiting (status new; Admin > Customer requests). Not-agreed
 * orders have their own count (GET Orders, the shell's menu rows); new cases come from the
 * support area's count (support/count-new-support-tickets.ts, also GET SupportTicketCount, which
 * the shell polls for the Support badge). Anyone else gets zeros: the counts are the provider's
 * work queue, never a customer's.
 */
import type { Badges } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { countNewSupportTickets } from '../support/count-new-support-tickets.js';

/** The badge counts of the caller: provider staff (acting for the provider) get them, anyone else zeros. */
export async function findBadges(db: Tx, auth: AuthContext): Promise<Badges> {
  if (!auth.isProvider) return { newSupportCases: 0, newCustomerRequests: 0 };
  const [requests] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM new_customer_requests WHERE status = 'new'`);
  return {
    newSupportCases: await countNewSupportTickets(db, auth),
    // Customer requests are handled by global admins (registration/access.ts); others see no count of them.
    newCustomerRequests: auth.user.isGlobalAdmin ? Number(requests?.n ?? 0) : 0,
  };
}

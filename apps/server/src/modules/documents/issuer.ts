/**
 * The pool that issues the portal's documents and mails (waybills, pallet receipts, statements,
 * balance confirmations): the provider's customer row (`is_provider`), the first by id.
 */
import { rows, sql, type Tx } from '../../db/client.js';

/** The provider's name, or '' when no provider customer exists (an empty portal). */
export async function providerName(db: Tx): Promise<string> {
  const [issuer] = await rows<{ name: string }>(db, sql`SELECT name FROM customers WHERE is_provider ORDER BY id LIMIT 1`);
  return issuer?.name ?? '';
}

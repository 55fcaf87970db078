/**
 * A customer's saved column mapping (docs/reconciliation.md, "Mapping"): returned with every
 * preview, replaced by each reconciliation's.
 */
import { type ReconciliationMapping, ZReconciliationMapping } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';

/** The mapping `customerId` saved last, or null (none yet, or one that no longer reads). */
export async function savedMapping(db: Tx, customerId: number): Promise<ReconciliationMapping | null> {
  const [row] = await rows<{ mapping: unknown }>(db, sql`SELECT mapping FROM reconciliation_mappings WHERE customer_id = ${customerId}`);
  if (!row) return null;
  const value = typeof row.mapping === 'string' ? JSON.parse(row.mapping) : row.mapping;
  const parsed = ZReconciliationMapping.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Saves `mapping` as `customerId`'s, by `userId`, now (in the caller's transaction). */
export async function saveMapping(tx: Tx, customerId: number, userId: number, mapping: ReconciliationMapping): Promise<void> {
  await tx.execute(
    sql`INSERT INTO reconciliation_mappings (customer_id, mapping, saved_by_user_id, saved_at)
        VALUES (${customerId}, ${JSON.stringify(mapping)}::jsonb, ${userId}, clock_timestamp())
        ON CONFLICT (customer_id) DO UPDATE SET mapping = EXCLUDED.mapping, saved_by_user_id = EXCLUDED.saved_by_user_id, saved_at = EXCLUDED.saved_at`,
  );
}

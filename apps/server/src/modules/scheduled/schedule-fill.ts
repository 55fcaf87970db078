/**
 * GET ScheduleOrderFill (spec section 7): how full a schedule's truck is. Fill degree
 * (domain.md "Carriers"): the lines' stacks (quantity / the carrier's full-stack height)
 * divided by the truck's capacity (tpuCount + tpuCount2 stacks); the default truck type when
 * the schedule names none. Above 1 the web shows it red.
 */
import { areaByTransactionType } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';

/**
 * @returns the fill as a fraction (0.5 = half a truck), rounded to 4 decimals; 0 without a truck
 * @throws NOT_FOUND when missing or outside scope; FORBIDDEN when the acting location's menu
 *   does not offer the schedule's kind (spec section 6)
 */
export async function scheduleOrderFill(db: Tx, auth: AuthContext, id: number): Promise<number> {
  const [row] = await rows<{ type: 1 | 2; fromId: number; toId: number; stacks: number | null; capacity: number | null }>(
    db,
    sql`SELECT s.transaction_type_id AS type, s.location_id_from AS "fromId", s.location_id_to AS "toId",
          (SELECT sum(sl.quantity::numeric / greatest(ct.qty_height, 1)) FROM scheduled_order_lines sl
             JOIN products p ON p.id = sl.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id
           WHERE sl.scheduled_order_id = s.id)::float8 AS stacks,
          (SELECT tt.tpu_count + tt.tpu_count2 FROM truck_types tt
           WHERE tt.id = s.truck_type_id OR (s.truck_type_id IS NULL AND tt.is_default) ORDER BY tt.id LIMIT 1) AS capacity
        FROM scheduled_orders s WHERE s.id = ${id}`,
  );
  const scope = await scopeLocationIds(db, auth);
  if (!row || !(inScope(scope, row.fromId) || inScope(scope, row.toId))) throw notFound();
  await requireArea(db, auth, areaByTransactionType[row.type]);
  if (!row.capacity) return 0;
  return Math.round(((row.stacks ?? 0) / row.capacity) * 10_000) / 10_000;
}

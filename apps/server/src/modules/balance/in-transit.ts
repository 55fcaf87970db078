/**
 * Carriers in transit (domain.md, "Balances"; docs/domain.md, "Stock"): orders in statuses 3,
 * 4 and 9-14 (`inTransitStatuses`) post nothing until they reach 5, so they are shown apart,
 * by the quantity each would post now (delivered, else picked, else ordered). One query for
 * GET stockDetails (one location) and GET Inventory (one location, or all of a scope).
 */
import { inTransitStatuses } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { finalQuantitySql } from '../orders/ledger.js';
import { atLocations } from './location-filter.js';

/** Per product: carriers on their way to (`incoming`) and from (`outgoing`) the locations. */
export interface InTransitRow {
  productId: number;
  incoming: number;
  outgoing: number;
}

/**
 * The carriers in transit to and from `locationIds` per product (products with a non-zero sum
 * only), ordered by product. `null` means every location (a global scope). For a set of
 * locations an order between two of them counts both in and out, so it nets to nothing.
 */
export async function inTransitByProduct(db: Tx, locationIds: readonly number[] | null): Promise<InTransitRow[]> {
  if (locationIds !== null && locationIds.length === 0) return [];
  const statuses = sql.join(
    inTransitStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const to = atLocations(sql`o.location_id_to`, locationIds);
  const from = atLocations(sql`o.location_id_from`, locationIds);
  const list = await rows<InTransitRow>(
    db,
    sql`SELECT ol.product_id AS "productId",
          COALESCE(sum(${finalQuantitySql}) FILTER (WHERE ${to}), 0)::int AS incoming,
          COALESCE(sum(${finalQuantitySql}) FILTER (WHERE ${from}), 0)::int AS outgoing
        FROM orders o JOIN order_lines ol ON ol.order_id = o.id
        WHERE o.transaction_status_id IN (${statuses}) AND (${to} OR ${from})
        GROUP BY ol.product_id HAVING sum(${finalQuantitySql}) <> 0 ORDER BY ol.product_id`,
  );
  return list.map((t) => ({ productId: Number(t.productId), incoming: Number(t.incoming), outgoing: Number(t.outgoing) }));
}

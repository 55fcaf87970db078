/**
 * A statement's carriers in transit at the end of its period (issue 22; docs/statements.md):
 * orders between this location and another that were sent by then (send date on or before `to`)
 * and not yet received: those still in a transit status now (3, 4, 9-14, `inTransitStatuses`),
 * and those received after `to` (their posting at this location is booked after it, within the
 * year after, the longest a statement looks ahead). Quantities as the order would post now
 * (delivered, else picked, else ordered: `finalQuantitySql`), as the balance screen counts them.
 * An order cancelled after `to` while in transit is not counted (it posted nothing).
 */
import { inTransitStatuses } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { finalQuantitySql } from '../orders/ledger.js';

/** Per product: carriers on their way to (`incoming`) and from (`outgoing`) the location, non-zero only, by product id. */
export async function statementInTransit(
  db: Tx,
  locationId: number,
  to: string,
): Promise<{ productId: number; incoming: number; outgoing: number }[]> {
  const statuses = sql.join(
    inTransitStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const list = await rows<{ productId: number; incoming: number; outgoing: number }>(
    db,
    sql`WITH sent AS (
          SELECT o.id FROM orders o
          WHERE o.transaction_status_id IN (${statuses}) AND (o.location_id_to = ${locationId} OR o.location_id_from = ${locationId})
            AND o.date_send <= ${to}::date
          UNION
          SELECT e.order_id FROM ledger_entries e JOIN orders o ON o.id = e.order_id
          WHERE e.location_id = ${locationId} AND e.source = 'order' AND o.date_send <= ${to}::date
            AND e.booking_date > ${to}::date AND e.booking_date <= ${to}::date + 366
        )
        SELECT ol.product_id AS "productId",
          COALESCE(sum(${finalQuantitySql}) FILTER (WHERE o.location_id_to = ${locationId}), 0)::int AS incoming,
          COALESCE(sum(${finalQuantitySql}) FILTER (WHERE o.location_id_from = ${locationId}), 0)::int AS outgoing
        FROM sent JOIN orders o ON o.id = sent.id JOIN order_lines ol ON ol.order_id = o.id
        GROUP BY ol.product_id HAVING sum(${finalQuantitySql}) <> 0 ORDER BY ol.product_id`,
  );
  return list.map((t) => ({ productId: Number(t.productId), incoming: Number(t.incoming), outgoing: Number(t.outgoing) }));
}

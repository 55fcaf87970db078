/**
 * The physical balance (spec section 3, "Inventory"; domain.md, "Balances": "physical (the last
 * count)"): the counted quantity of the last confirmed count audit of a location and product,
 * and its date. Count audits are registered and confirmed elsewhere (Company > Counting); the
 * balance only reads them.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { atLocations } from './location-filter.js';

/** The last confirmed count of one location and product. Quantities in carriers, dates yyyy-MM-dd. */
export interface LastCount {
  locationId: number;
  productId: number;
  countedQuantity: number;
  countDate: string;
  auditId: number;
}

/**
 * The last confirmed count per location and product of `locationIds` (null: every location):
 * the latest count date, and of two counts of one day the one decided last.
 */
export async function lastConfirmedCounts(db: Tx, locationIds: readonly number[] | null): Promise<LastCount[]> {
  const list = await rows<LastCount>(
    db,
    sql`SELECT DISTINCT ON (a.location_id, l.product_id) a.location_id AS "locationId", l.product_id AS "productId",
          l.counted_quantity AS "countedQuantity", a.count_date::text AS "countDate", a.id AS "auditId"
        FROM count_audits a JOIN count_audit_lines l ON l.audit_id = a.id
        WHERE a.status = 'confirmed' AND ${atLocations(sql`a.location_id`, locationIds)}
        ORDER BY a.location_id, l.product_id, a.count_date DESC, a.decided_at DESC NULLS LAST, a.id DESC`,
  );
  return list.map((c) => ({
    locationId: Number(c.locationId),
    productId: Number(c.productId),
    countedQuantity: Number(c.countedQuantity),
    countDate: c.countDate,
    auditId: Number(c.auditId),
  }));
}

/**
 * A count never overrides a later confirmed one (docs/domain.md, "Count audits"): a correction
 * booked on an earlier date moves the balance of every later day too, so confirming a count of
 * a product dated before a confirmed count of it would undo what that count settled.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/**
 * The latest confirmed count of one of `productIds` at `locationId` dated after `date`
 * (yyyy-MM-dd), or null: the product and that count's date.
 */
export async function laterConfirmedCount(
  db: Tx,
  locationId: number,
  date: string,
  productIds: readonly number[],
): Promise<{ productId: number; date: string } | null> {
  if (productIds.length === 0) return null;
  const [later] = await rows<{ productId: number; date: string }>(
    db,
    sql`SELECT cl.product_id AS "productId", a.count_date AS date
        FROM count_audits a JOIN count_audit_lines cl ON cl.audit_id = a.id
        WHERE a.location_id = ${locationId} AND a.status = 'confirmed' AND a.count_date > ${date}::date
          AND cl.product_id IN (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        ORDER BY a.count_date DESC, cl.product_id LIMIT 1`,
  );
  return later ? { productId: Number(later.productId), date: later.date } : null;
}

/** Product names in the caller's language for messages and lists of the orders area. */
import type { Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { type ProductCodes, productNames } from '../lookups/products.js';

/** The names of some products in `locale` (lookups/products.ts builds them from the codes). */
export async function productNamesById(db: Tx, locale: Locale, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const list = await rows<ProductCodes & { id: number; name: string; carrierTypeName: string; qualityName: string; treatmentName: string }>(
    db,
    sql`SELECT p.id, p.name, ct.name AS "carrierTypeName", q.name AS "qualityName", t.name AS "treatmentName",
          ct.code AS "carrierCode", q.code AS "qualityCode", t.code AS "treatmentCode", t.is_default AS "treatmentIsDefault"
        FROM products p JOIN qualities q ON q.id = p.quality_id JOIN treatments t ON t.id = p.treatment_id
        JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE p.id IN (${sql.join(
          unique.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(list.map((p) => [Number(p.id), productNames(locale, p, p).name]));
}

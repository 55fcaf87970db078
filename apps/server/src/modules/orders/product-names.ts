/** Product names in the caller's language for messages and lists of the orders area. */
import type { Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { type ProductNameRow, productJoins, productNameColumns, productNames } from '../lookups/products.js';

/** The names of some products in `locale` (lookups/products.ts builds them from the codes). */
export async function productNamesById(db: Tx, locale: Locale, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const list = await rows<ProductNameRow & { id: number }>(
    db,
    sql`SELECT p.id, ${productNameColumns} FROM products p ${productJoins}
        WHERE p.id IN (${sql.join(
          unique.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(list.map((p) => [Number(p.id), productNames(locale, p, p).name]));
}

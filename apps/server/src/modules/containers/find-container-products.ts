/**
 * GET ContainerProducts (issue 11; docs/containers.md, "Rentals"): the products a rental may be
 * of, for the "Register rental" dialog.
 */
import type { ContainerProduct, Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { containerAccess } from './access.js';

/**
 * The active container products (their carrier type `is_container`), names in `locale`, by name.
 * Errors: FORBIDDEN without the Container area.
 */
export async function findContainerProducts(db: Tx, auth: AuthContext, locale: Locale): Promise<ContainerProduct[]> {
  await containerAccess(db, auth);
  const list = await rows<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.active AND ct.is_container ORDER BY p.id`,
  );
  const ids = list.map((p) => Number(p.id));
  const names = await productNamesById(db, locale, ids);
  return ids.map((id) => ({ id, name: names.get(id) ?? '' })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

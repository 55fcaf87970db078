/**
 * GET ContainerOrderOptions (Container > Orders; docs/container-orders.md): what the "New
 * container order" dialog and the list's location filter offer.
 */
import type { ContainerOrderOptions, Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { containerOrderScope, inLocations } from './container-order-access.js';

/**
 * The active locations with the container feature the caller may order for (provider staff:
 * every one; else those of its scope), by customer and name, and the active container products
 * (carrier types with `is_container`), named in `locale`.
 * Errors: FORBIDDEN without the Container area.
 */
export async function getContainerOrderOptions(db: Tx, auth: AuthContext, locale: Locale): Promise<ContainerOrderOptions> {
  const scope = await containerOrderScope(db, auth);
  const locations = await rows<{ id: number; name: string; customerName: string; countryId: string }>(
    db,
    sql`SELECT l.id, l.name, c.name AS "customerName", l.country_id AS "countryId"
        FROM locations l JOIN customers c ON c.id = l.customer_id
        WHERE l.is_container_active AND l.status_id = 1 AND ${inLocations(sql`l.id`, scope)}
        ORDER BY c.name, l.name, l.id`,
  );
  const products = await rows<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.active AND ct.is_container ORDER BY p.id`,
  );
  const names = await productNamesById(
    db,
    locale,
    products.map((p) => Number(p.id)),
  );
  return {
    locations: locations.map((l) => ({ ...l, id: Number(l.id) })),
    products: products.map((p) => ({ id: Number(p.id), name: names.get(Number(p.id)) ?? '' })),
  };
}

/**
 * The rental row a status step works on, locked for the step's transaction (issue 11;
 * docs/containers.md, "Steps and races").
 */
import type { Country, RentalStatus } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { inLocations } from './access.js';

/** What a step needs of its rental. */
export interface LockedRental {
  id: number;
  locationId: number;
  locationName: string;
  countryId: Country;
  productId: number;
  quantity: number;
  status: RentalStatus;
  depotLocationId: number | null;
}

/**
 * Reads rental `id` with its row locked (`FOR UPDATE`): of two steps on one rental at once the
 * second waits, then finds the first one's status and answers 409 itself.
 * @throws NOT_FOUND for no such rental or one outside `scope`
 */
export async function lockRental(tx: Tx, id: number, scope: number[] | null): Promise<LockedRental> {
  const [row] = await rows<LockedRental>(
    tx,
    sql`SELECT r.id, r.location_id AS "locationId", l.name AS "locationName", l.country_id AS "countryId", r.product_id AS "productId",
          r.quantity, r.status, r.depot_location_id AS "depotLocationId"
        FROM rentals r JOIN locations l ON l.id = r.location_id
        WHERE r.id = ${id} AND ${inLocations(sql`r.location_id`, scope)} FOR UPDATE OF r`,
  );
  if (!row) throw notFound();
  return {
    ...row,
    id: Number(row.id),
    locationId: Number(row.locationId),
    productId: Number(row.productId),
    quantity: Number(row.quantity),
    depotLocationId: row.depotLocationId === null ? null : Number(row.depotLocationId),
  };
}

/** SQL that appends `comment` (when given) to a rental's comment on a new line. */
export function appendComment(comment: string | undefined): SQL {
  const c = comment || null;
  return sql`CASE WHEN ${c}::text IS NULL THEN comment WHEN comment IS NULL THEN ${c}::text ELSE comment || E'\n' || ${c}::text END`;
}

/**
 * GET Containers (issue 11; docs/containers.md, "Containers"): the containers the caller sees,
 * with their condition, where they are now and the rental they are out on.
 */
import { CONTAINERS_LIST_MAX, type ContainerStatus, type ContainerSummary, type ContainersQuery, type Locale } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { containerAccess, inLocations } from './access.js';

/** The columns of a container's summary over `containers c` with `containerJoins`. */
export const containerColumns = sql`c.id, c.serial_number AS "serialNumber", c.grai, c.product_id AS "productId", c.status,
  c.location_id AS "locationId", l.name AS "locationName", l.country_id AS "countryId", c.home_location_id AS "homeLocationId", h.name AS "homeLocationName",
  (SELECT rc.rental_id FROM rental_containers rc WHERE rc.container_id = c.id AND rc.returned_on IS NULL) AS "rentalId"`;

/** Joins a container `c` to where it is (`l`) and its home depot (`h`). */
export const containerJoins = sql`LEFT JOIN locations l ON l.id = c.location_id LEFT JOIN locations h ON h.id = c.home_location_id`;

/** A summary row as `containerColumns` reads it. */
export interface ContainerRow {
  id: number;
  serialNumber: string;
  grai: string | null;
  productId: number;
  status: ContainerStatus;
  locationId: number | null;
  locationName: string | null;
  countryId: string | null;
  homeLocationId: number | null;
  homeLocationName: string | null;
  rentalId: number | null;
}

/** The API shape of summary rows, product names in `locale`. */
export async function toContainerSummaries(db: Tx, locale: Locale, list: ContainerRow[]): Promise<ContainerSummary[]> {
  const names = await productNamesById(
    db,
    locale,
    list.map((c) => Number(c.productId)),
  );
  const id = (value: number | null) => (value === null ? null : Number(value));
  return list.map((c) => ({
    id: Number(c.id),
    serialNumber: c.serialNumber,
    grai: c.grai,
    productId: Number(c.productId),
    productName: names.get(Number(c.productId)) ?? '',
    status: c.status,
    locationId: id(c.locationId),
    locationName: c.locationName,
    countryId: c.countryId,
    homeLocationId: id(c.homeLocationId),
    homeLocationName: c.homeLocationName,
    rentalId: id(c.rentalId),
  }));
}

/**
 * A condition that container `c` is the caller's: provider staff every one; a customer's users
 * those at a location of their scope or out on a rental of one.
 */
export function containerVisible(scope: number[] | null): SQL {
  if (scope === null) return sql`TRUE`;
  return sql`(${inLocations(sql`c.location_id`, scope)} OR EXISTS (SELECT 1 FROM rental_containers rc JOIN rentals r ON r.id = rc.rental_id
    WHERE rc.container_id = c.id AND rc.returned_on IS NULL AND ${inLocations(sql`r.location_id`, scope)}))`;
}

/** A condition that container `c` may be assigned now: OK, at a provider depot (type NLP), not out on a rental. */
export const containerAvailable = sql`(c.status = 'OK' AND l.type_id = 'NLP'
  AND NOT EXISTS (SELECT 1 FROM rental_containers rc WHERE rc.container_id = c.id AND rc.returned_on IS NULL))`;

/**
 * GET Containers: the caller's containers by serial number, at most CONTAINERS_LIST_MAX;
 * `locationId` (where it is now; 404 outside the scope), `productId`, `status`, `term` (part of
 * the serial number or GRAI, any case) and `available` (OK, at a depot, not out) narrow it.
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for a location outside the scope.
 */
export async function findContainers(db: Tx, auth: AuthContext, query: ContainersQuery, locale: Locale): Promise<ContainerSummary[]> {
  const access = await containerAccess(db, auth);
  if (query.locationId !== undefined && access.scope !== null && !access.scope.includes(query.locationId)) throw notFound();
  const filters: SQL[] = [containerVisible(access.scope)];
  if (query.locationId !== undefined) filters.push(sql`c.location_id = ${query.locationId}`);
  if (query.productId !== undefined) filters.push(sql`c.product_id = ${query.productId}`);
  if (query.status) filters.push(sql`c.status = ${query.status}`);
  if (query.term) {
    const like = `%${query.term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(sql`(lower(c.serial_number) LIKE ${like} OR lower(COALESCE(c.grai, '')) LIKE ${like})`);
  }
  if (query.available) filters.push(containerAvailable);
  const list = await rows<ContainerRow>(
    db,
    sql`SELECT ${containerColumns} FROM containers c ${containerJoins}
        WHERE ${sql.join(filters, sql` AND `)} ORDER BY c.serial_number, c.id LIMIT ${CONTAINERS_LIST_MAX}`,
  );
  return toContainerSummaries(db, locale, list);
}

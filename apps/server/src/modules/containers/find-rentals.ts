/**
 * GET Rentals (issue 11; docs/containers.md, "Rentals"): the rentals of the caller's locations
 * (provider staff: every rental), newest start first.
 */
import { CONTAINERS_LIST_MAX, type Locale, type RentalStatus, type RentalSummary, type RentalsQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { containerAccess, inLocations } from './access.js';

/** The columns of a rental's summary over `rentals r` with `rentalJoins`. */
export const rentalColumns = sql`r.id, r.location_id AS "locationId", l.name AS "locationName", cu.name AS "customerName",
  r.product_id AS "productId", r.quantity, r.status, r.start_date AS "startDate", r.end_date AS "endDate",
  (SELECT count(*) FROM rental_containers rc WHERE rc.rental_id = r.id)::int AS assigned,
  (SELECT count(*) FROM rental_containers rc WHERE rc.rental_id = r.id AND rc.returned_on IS NULL)::int AS "out"`;

/** Joins a rental `r` to its location `l` and the location's customer `cu`. */
export const rentalJoins = sql`JOIN locations l ON l.id = r.location_id JOIN customers cu ON cu.id = l.customer_id`;

/** A summary row as `rentalColumns` reads it. */
export interface RentalRow {
  id: number;
  locationId: number;
  locationName: string;
  customerName: string;
  productId: number;
  quantity: number;
  status: RentalStatus;
  startDate: string;
  endDate: string | null;
  assigned: number;
  out: number;
}

/** The API shape of a summary row, given its product's name. */
export function toRentalSummary(row: RentalRow, productName: string): RentalSummary {
  return {
    id: Number(row.id),
    locationId: Number(row.locationId),
    locationName: row.locationName,
    customerName: row.customerName,
    productId: Number(row.productId),
    productName,
    quantity: Number(row.quantity),
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    assigned: Number(row.assigned),
    out: Number(row.out),
  };
}

/**
 * GET Rentals: the rentals of the caller's scope (provider staff: all), newest start first, at
 * most CONTAINERS_LIST_MAX; `locationId` (404 outside the scope), `status` and `date` (the
 * rental's period, start to end or open-ended, covers it) narrow the list.
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for a location outside the scope.
 */
export async function findRentals(db: Tx, auth: AuthContext, query: RentalsQuery, locale: Locale): Promise<RentalSummary[]> {
  const access = await containerAccess(db, auth);
  if (query.locationId !== undefined && access.scope !== null && !access.scope.includes(query.locationId)) throw notFound();
  const filters: SQL[] = [inLocations(sql`r.location_id`, access.scope)];
  if (query.locationId !== undefined) filters.push(sql`r.location_id = ${query.locationId}`);
  if (query.status) filters.push(sql`r.status = ${query.status}`);
  if (query.date) filters.push(sql`r.start_date <= ${query.date}::date AND (r.end_date IS NULL OR r.end_date >= ${query.date}::date)`);
  const list = await rows<RentalRow>(
    db,
    sql`SELECT ${rentalColumns} FROM rentals r ${rentalJoins}
        WHERE ${sql.join(filters, sql` AND `)} ORDER BY r.start_date DESC, r.id DESC LIMIT ${CONTAINERS_LIST_MAX}`,
  );
  const names = await productNamesById(
    db,
    locale,
    list.map((r) => Number(r.productId)),
  );
  return list.map((r) => toRentalSummary(r, names.get(Number(r.productId)) ?? ''));
}

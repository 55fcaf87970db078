/**
 * GET Rentals/{id} and its return photos (issue 11; docs/containers.md, "Rentals"): one rental
 * with its containers, their days and return checks, the container-days so far and, for those
 * who may see money, the day rent accrued.
 */
import { type ContainerStatus, type Country, type Locale, type Rental, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { priceListFor } from '../invoices/price-list.js';
import { productNamesById } from '../orders/product-names.js';
import { mayReadMoney } from '../session/finance.js';
import { containerAccess, inLocations } from './access.js';
import { type RentalRow, rentalColumns, rentalJoins, toRentalSummary } from './find-rentals.js';
import { daysHeld } from './rental-days.js';

/** Who did a step: the user's id and name and the instant, or null when the step is not taken. */
function actor(userId: number | null, name: string | null, at: Date | string | null) {
  return userId === null ? null : { userId: Number(userId), name: name ?? '', at: isoInstant(at) ?? '' };
}

/**
 * One rental of the caller's scope (provider staff: any). Days and rent count to today in the
 * renting location's country; the rent is container-days x the day rent of the product's carrier
 * type in the price list of that country in force today (`priceListFor`), null for a caller who
 * may not see money (`mayReadMoney`) or a country without a list. `may`: the steps the caller
 * may take now (assign and close: provider staff; return: the renting location's users or
 * provider staff, while containers are out; cancel: either side, while Registered).
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for no such rental or one outside the scope.
 */
export async function getRental(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<Rental> {
  const access = await containerAccess(db, auth);
  const [row] = await rows<
    RentalRow & {
      countryId: Country;
      carrierTypeId: number;
      depotLocationId: number | null;
      depotName: string | null;
      comment: string | null;
      registeredById: number | null;
      registeredByName: string | null;
      createdAt: string;
      openedById: number | null;
      openedByName: string | null;
      openedAt: string | null;
      closedById: number | null;
      closedByName: string | null;
      closedAt: string | null;
    }
  >(
    db,
    sql`SELECT ${rentalColumns}, l.country_id AS "countryId", p.carrier_type_id AS "carrierTypeId",
          r.depot_location_id AS "depotLocationId", d.name AS "depotName", r.comment,
          r.registered_by_user_id AS "registeredById", ru.name AS "registeredByName", r.created_at AS "createdAt",
          r.opened_by_user_id AS "openedById", ou.name AS "openedByName", r.opened_at AS "openedAt",
          r.closed_by_user_id AS "closedById", cl.name AS "closedByName", r.closed_at AS "closedAt"
        FROM rentals r ${rentalJoins} JOIN products p ON p.id = r.product_id
          LEFT JOIN locations d ON d.id = r.depot_location_id LEFT JOIN users ru ON ru.id = r.registered_by_user_id
          LEFT JOIN users ou ON ou.id = r.opened_by_user_id LEFT JOIN users cl ON cl.id = r.closed_by_user_id
        WHERE r.id = ${id} AND ${inLocations(sql`r.location_id`, access.scope)}`,
  );
  if (!row) throw notFound();
  const today = todayIn(row.countryId);
  const held = await rows<{
    containerId: number;
    serialNumber: string;
    grai: string | null;
    assignedOn: string;
    returnedOn: string | null;
    returnStatus: ContainerStatus | null;
    returnComment: string | null;
    hasPhoto: boolean;
  }>(
    db,
    sql`SELECT rc.container_id AS "containerId", c.serial_number AS "serialNumber", c.grai, rc.assigned_on AS "assignedOn",
          rc.returned_on AS "returnedOn", rc.return_status AS "returnStatus", rc.return_comment AS "returnComment",
          (rc.return_photo IS NOT NULL) AS "hasPhoto"
        FROM rental_containers rc JOIN containers c ON c.id = rc.container_id
        WHERE rc.rental_id = ${id} ORDER BY c.serial_number, c.id`,
  );
  const containers = held.map((c) => ({
    ...c,
    containerId: Number(c.containerId),
    days: daysHeld(c.assignedOn, c.returnedOn, today),
  }));
  const containerDays = containers.reduce((sum, c) => sum + c.days, 0);
  let rent: Rental['rent'] = null;
  if (mayReadMoney(auth)) {
    const list = await priceListFor(db, row.countryId, today);
    const dayRent = list?.fees.get(Number(row.carrierTypeId))?.dayRent;
    if (list && dayRent !== undefined) rent = { dayRent, amount: containerDays * dayRent, currency: list.currency };
  }
  const names = await productNamesById(db, locale, [Number(row.productId)]);
  const summary = toRentalSummary(row, names.get(Number(row.productId)) ?? '');
  const renter = access.scope === null || access.scope.includes(summary.locationId);
  return {
    ...summary,
    countryId: row.countryId,
    depotLocationId: row.depotLocationId === null ? null : Number(row.depotLocationId),
    depotName: row.depotName,
    comment: row.comment,
    registered: actor(row.registeredById, row.registeredByName, row.createdAt),
    opened: actor(row.openedById, row.openedByName, row.openedAt),
    closed: actor(row.closedById, row.closedByName, row.closedAt),
    containers,
    containerDays,
    rent,
    may: {
      assign: access.provider && summary.status === 'Registered',
      return: renter && summary.status === 'Open' && summary.out > 0,
      close: access.provider && summary.status === 'Open' && summary.out === 0,
      cancel: renter && summary.status === 'Registered',
    },
  };
}

/**
 * GET Rentals/{id}/photo: the return photo of one container of a rental the caller sees, as
 * stored (JPEG or PNG, its type checked by content when it was sent).
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for no such rental, container or photo.
 */
export async function getRentalPhoto(
  db: Tx,
  auth: AuthContext,
  rentalId: number,
  containerId: number,
): Promise<{ data: Buffer; type: string }> {
  const access = await containerAccess(db, auth);
  const [photo] = await rows<{ data: Buffer | Uint8Array; type: string }>(
    db,
    sql`SELECT rc.return_photo AS data, rc.return_photo_type AS type FROM rental_containers rc JOIN rentals r ON r.id = rc.rental_id
        WHERE rc.rental_id = ${rentalId} AND rc.container_id = ${containerId} AND rc.return_photo IS NOT NULL
          AND ${inLocations(sql`r.location_id`, access.scope)}`,
  );
  if (!photo) throw notFound();
  return { data: Buffer.from(photo.data), type: photo.type };
}

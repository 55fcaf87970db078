/**
 * GET CompanyLocations and GET CompanyLocations/{id} (Company > Locations; spec section 3,
 * "Location"): the acting customer's locations for its customer admin or a global admin.
 */
import { type CompanyLocation, type CompanyLocationRow, type CompanyLocationsQuery, locationTypesOfFilter } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireLocationAdmin } from './access.js';
import { addressesOf } from './addresses.js';

const rowColumns = sql`l.id, l.name, l.number, l.gln, l.type_id AS "typeId", l.status_id AS "statusId",
  l.parent_location_id AS "parentLocationId", l.street, l.postal_code AS "postalCode", l.postal_name AS "postalName",
  l.country_id AS "countryId",
  (SELECT COALESCE(sum(oc.n), 0) FROM order_counts oc WHERE oc.location_id = l.id)::int AS "orderCount"`;

const toRow = <T extends CompanyLocationRow>(l: T): T => ({
  ...l,
  id: Number(l.id),
  statusId: Number(l.statusId),
  parentLocationId: l.parentLocationId === null ? null : Number(l.parentLocationId),
  orderCount: Number(l.orderCount),
});

/**
 * GET CompanyLocations: the acting customer's locations by name, narrowed by the type filter
 * (`locationTypesOfFilter`), blocked ones included (statusId 2), with the orders from or to
 * each (order_counts, every status).
 */
export async function findCompanyLocations(db: Tx, auth: AuthContext, q: CompanyLocationsQuery): Promise<CompanyLocationRow[]> {
  requireLocationAdmin(auth);
  const types = q.type && q.type !== 'all' ? locationTypesOfFilter[q.type] : null;
  const list = await rows<CompanyLocationRow>(
    db,
    sql`SELECT ${rowColumns} FROM locations l
        WHERE l.customer_id = ${auth.customerId}
          ${types ? sql`AND l.type_id = ANY(${sql.param([...types])}::text[])` : sql``}
        ORDER BY l.name, l.id`,
  );
  return list.map(toRow);
}

/**
 * GET CompanyLocations/{id}: one of the acting customer's locations with its flags, delivery
 * addresses and sub-locations; NOT_FOUND for another customer's.
 */
export async function getCompanyLocation(db: Tx, auth: AuthContext, id: number): Promise<CompanyLocation> {
  requireLocationAdmin(auth);
  const [found] = await rows<Omit<CompanyLocation, 'addresses' | 'subLocations'>>(
    db,
    sql`SELECT ${rowColumns}, l.customer_group AS "customerGroup",
          l.is_pooling AS "isPooling", l.is_commission AS "isCommission", l.is_return_scheme AS "isReturnScheme",
          l.is_dispatch AS "isDispatch", l.is_container_active AS "isContainerActive", l.is_sorting_depot AS "isSortingDepot",
          l.load_type AS "loadType", l.has_ramp AS "hasRamp", l.needs_lift AS "needsLift",
          to_char(l.delivery_from, 'HH24:MI') AS "deliveryFrom", to_char(l.delivery_to, 'HH24:MI') AS "deliveryTo",
          l.delivery_instructions AS "deliveryInstructions", l.transport_instructions AS "transportInstructions",
          l.email_order_confirmation AS "emailOrderConfirmation", l.email_purchase AS "emailPurchase", l.email_return AS "emailReturn"
        FROM locations l WHERE l.id = ${id} AND l.customer_id = ${auth.customerId}`,
  );
  if (!found) throw notFound();
  const subLocations = await rows<{ id: number; name: string; number: string }>(
    db,
    sql`SELECT id, name, number FROM locations WHERE parent_location_id = ${id} AND customer_id = ${auth.customerId} ORDER BY name, id`,
  );
  return {
    ...toRow(found),
    addresses: await addressesOf(db, id),
    subLocations: subLocations.map((s) => ({ ...s, id: Number(s.id) })),
  };
}

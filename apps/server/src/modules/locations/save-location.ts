/**
 * POST Locations (Company > Locations, the location dialog; spec sections 3, 5 and 8;
 * docs/company-locations.md): creates (no `id`) or updates one of the acting customer's
 * locations, for its customer admin or a global admin.
 * - The number is unique across the portal: LOCATION_NUMBER_EXISTS (409, 'Location number
 *   already exists'), also when two saves race (the unique index).
 * - A GLN, when given, is 13 digits with a valid GS1 check digit (`validateGln`) and no other
 *   location's; the postal code fits one of the country's masks (stored as the mask writes it).
 * - The parent is another location of the same customer, not one below this location (no
 *   cycles); the delivery window's start is not after its end.
 * - Provider decisions: the scheme flags (pooling, commission, returns scheme, dispatch,
 *   container, sorting depot) and the type NLP (provider depot) change only by a global admin;
 *   a customer admin sending other values gets FORBIDDEN. A global admin's flags also set the
 *   customer group (TO depot, HE dispatch, RO returns scheme, GL pooling, OO other); a customer
 *   admin's new location starts without schemes (OO) until the provider sets them.
 */
import { AppErrorCode, type CompanyLocation, GLN_LENGTH, isEmailList, type SaveLocationRequest, validateGln } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, isUniqueViolation, rows, type Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { isGlobalAdmin, requireLocationAdmin } from './access.js';
import { normalPostalCode } from './addresses.js';
import { getCompanyLocation } from './find-locations.js';

type Flags = NonNullable<SaveLocationRequest['flags']>;
const flagColumns: Record<keyof Flags, string> = {
  isPooling: 'is_pooling',
  isCommission: 'is_commission',
  isReturnScheme: 'is_return_scheme',
  isDispatch: 'is_dispatch',
  isContainerActive: 'is_container_active',
  isSortingDepot: 'is_sorting_depot',
};
const noFlags: Flags = {
  isPooling: false,
  isCommission: false,
  isReturnScheme: false,
  isDispatch: false,
  isContainerActive: false,
  isSortingDepot: false,
};

/** The customer group of a location's type and flags (docs/domain.md, "Customer groups"). */
export function customerGroupOf(typeId: string, flags: Flags): string {
  if (typeId === 'NLP') return 'TO';
  if (flags.isDispatch) return 'HE';
  if (flags.isReturnScheme) return 'RO';
  if (flags.isPooling) return 'GL';
  return 'OO';
}

interface Current {
  id: number;
  typeId: string;
  customerGroup: string;
  flags: Flags;
}

async function currentLocation(tx: Tx, auth: AuthContext, id: number): Promise<Current> {
  const [found] = await rows<Flags & { id: number; typeId: string; customerGroup: string }>(
    tx,
    sql`SELECT id, type_id AS "typeId", customer_group AS "customerGroup", is_pooling AS "isPooling",
          is_commission AS "isCommission", is_return_scheme AS "isReturnScheme", is_dispatch AS "isDispatch",
          is_container_active AS "isContainerActive", is_sorting_depot AS "isSortingDepot"
        FROM locations WHERE id = ${id} AND customer_id = ${auth.customerId} FOR UPDATE`,
  );
  if (!found) throw notFound();
  const flags = Object.fromEntries(Object.keys(flagColumns).map((k) => [k, found[k as keyof Flags]])) as Flags;
  return { id: Number(found.id), typeId: found.typeId, customerGroup: found.customerGroup, flags };
}

/** Field messages for the parts that need the database: GLN in use, parent. */
async function checkAgainstDatabase(
  tx: Tx,
  auth: AuthContext,
  input: SaveLocationRequest,
  gln: string | null,
  fields: Record<string, string>,
) {
  if (gln && !fields.gln) {
    const [used] = await rows<{ id: number }>(tx, sql`SELECT id FROM locations WHERE gln = ${gln} AND id <> ${input.id ?? 0}`);
    if (used) fields.gln = 'locations.glnInUse';
  }
  if (input.parentLocationId) {
    const [parent] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM locations WHERE id = ${input.parentLocationId} AND customer_id = ${auth.customerId}`,
    );
    if (!parent) fields.parentLocationId = 'locations.parentNotFound';
    else if (input.id) {
      // The new parent, its parent and so on up: this location must not be among them.
      const [cycle] = await rows<{ id: number }>(
        tx,
        sql`WITH RECURSIVE up (id, parent) AS (
              SELECT id, parent_location_id FROM locations WHERE id = ${input.parentLocationId}
              UNION SELECT l.id, l.parent_location_id FROM locations l JOIN up ON l.id = up.parent)
            SELECT id FROM up WHERE id = ${input.id}`,
      );
      if (cycle) fields.parentLocationId = 'locations.parentCycle';
    }
  }
}

/**
 * POST Locations: see the file comment for the rules. Empty optional texts are stored as not
 * given. Logged with the location before and after (kind adminChange), in the same transaction.
 * @returns the saved location as GET CompanyLocations/{id} answers it
 */
export async function saveLocation(
  db: Db,
  auth: AuthContext,
  input: SaveLocationRequest,
  request?: FastifyRequest,
): Promise<CompanyLocation> {
  requireLocationAdmin(auth);
  const global = isGlobalAdmin(auth);
  const given = (value: string | null | undefined) => value?.trim() || null;
  const gln = given(input.gln);
  const fields: Record<string, string> = {};
  if (gln) {
    const check = validateGln(gln);
    if (!check.ok)
      fields.gln = { digits: 'validation.glnDigits', length: 'validation.glnLength', checkDigit: 'validation.glnCheckDigit' }[check.reason];
  }
  for (const field of ['emailOrderConfirmation', 'emailPurchase', 'emailReturn'] as const) {
    const value = given(input[field]);
    if (value && !isEmailList(value)) fields[field] = 'locations.email';
  }
  if (input.deliveryFrom && input.deliveryTo && input.deliveryFrom > input.deliveryTo) fields.deliveryTo = 'locations.deliveryTimes';
  if (input.id && input.parentLocationId === input.id) fields.parentLocationId = 'locations.parentCycle';
  try {
    const id = await db.transaction(async (tx) => {
      const current = input.id ? await currentLocation(tx, auth, input.id) : null;
      const beforeLog = current ? await getCompanyLocation(tx, auth, current.id) : null;
      let postalCode = '';
      try {
        postalCode = await normalPostalCode(tx, input.countryId, input.postalCode);
      } catch {
        fields.postalCode = 'validation.postalCode';
      }
      await checkAgainstDatabase(tx, auth, input, gln, fields);
      if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, { n: GLN_LENGTH }, fields);

      const flags = input.flags ?? current?.flags ?? noFlags;
      const before = current?.flags ?? noFlags;
      const flagsChanged = (Object.keys(flagColumns) as (keyof Flags)[]).some((k) => flags[k] !== before[k]);
      const typeToNlp = input.typeId === 'NLP' && current?.typeId !== 'NLP';
      const typeFromNlp = current?.typeId === 'NLP' && input.typeId !== 'NLP';
      if (!global && (flagsChanged || typeToNlp || typeFromNlp)) throw forbidden();
      const customerGroup =
        global && (flagsChanged || input.typeId !== current?.typeId)
          ? customerGroupOf(input.typeId, flags)
          : (current?.customerGroup ?? 'OO');

      const [taken] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM locations WHERE number = ${input.number} AND id <> ${input.id ?? 0}`,
      );
      if (taken) throw numberExists();
      const values = sql`${input.name}, ${input.number}, ${gln}, ${input.typeId}, ${input.statusId}, ${customerGroup},
        ${flags.isPooling}, ${flags.isCommission}, ${flags.isReturnScheme}, ${flags.isDispatch}, ${flags.isContainerActive}, ${flags.isSortingDepot},
        ${input.loadType ?? null}, ${input.hasRamp}, ${input.needsLift}, ${input.deliveryFrom ?? null}::time, ${input.deliveryTo ?? null}::time,
        ${given(input.deliveryInstructions)}, ${given(input.transportInstructions)},
        ${given(input.emailOrderConfirmation)}, ${given(input.emailPurchase)}, ${given(input.emailReturn)},
        ${input.street}, ${postalCode}, ${input.postalName}, ${input.countryId}, ${input.parentLocationId ?? null}::int`;
      const names = sql`name, number, gln, type_id, status_id, customer_group,
        is_pooling, is_commission, is_return_scheme, is_dispatch, is_container_active, is_sorting_depot,
        load_type, has_ramp, needs_lift, delivery_from, delivery_to, delivery_instructions, transport_instructions,
        email_order_confirmation, email_purchase, email_return, street, postal_code, postal_name, country_id, parent_location_id`;
      const [saved] = current
        ? await rows<{ id: number }>(tx, sql`UPDATE locations SET (${names}) = (${values}) WHERE id = ${current.id} RETURNING id`)
        : await rows<{ id: number }>(
            tx,
            sql`INSERT INTO locations (customer_id, ${names}) VALUES (${auth.customerId}, ${values}) RETURNING id`,
          );
      const afterLog = await getCompanyLocation(tx, auth, Number(saved?.id));
      await logAdminChange(tx, auth, { entity: 'location', id: afterLog.id, before: beforeLog, after: afterLog }, request);
      return Number(saved?.id);
    });
    return await getCompanyLocation(db, auth, id);
  } catch (error) {
    // Two saves of one number (or GLN) at once: the unique index lets one in.
    if (isUniqueViolation(error)) throw numberExists();
    throw error;
  }
}

const numberExists = () => new AppError(AppErrorCode.LOCATION_NUMBER_EXISTS, {}, { number: 'errors.LOCATION_NUMBER_EXISTS' });

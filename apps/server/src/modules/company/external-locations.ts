/**
 * External locations (spec sections 3, 5 and 8; domain.md "Parties"): senders and receivers
 * outside the portal that a customer registers, so that a delivery can go to one. Every call
 * works on the acting customer's own external locations only; another customer's answers
 * NOT_FOUND, exactly like a missing one.
 * - Who: reading and writing need the Delivery menu at the acting location (spec section 6:
 *   the SHIPMENT task and a pooling, commission or returns location), customer admin of the
 *   acting customer, or provider staff; anyone else gets FORBIDDEN.
 * - The location number is unique across the portal (a unique index): a number another
 *   external location has answers LOCATION_NUMBER_EXISTS (409, 'Location number already
 *   exists'), also when two saves race.
 * - A GLN, when given, is 13 digits with a valid GS1 check digit (`validateGln`); a postal code
 *   fits one of its country's masks. Both answer VALIDATION with the field's message.
 */
import {
  AppErrorCode,
  type ExternalLocation,
  type ExternalLocationsQuery,
  GLN_LENGTH,
  postalCodeMatchesMask,
  type SaveExternalLocationRequest,
  validateGln,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, isUniqueViolation, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { requireArea } from '../session/menu-access.js';

const columns = sql`id, customer_id AS "customerId", name, location_number AS "locationNumber", gln,
  contact_name AS "contactName", email, street, postal_code AS "postalCode", postal_name AS "postalName",
  country_id AS "countryId", active`;

/**
 * Throws FORBIDDEN unless the caller may read and write the acting customer's external
 * locations: provider staff, a customer admin of the acting customer (Company > External
 * locations), or a user whose menu at the acting location offers Delivery (Delivery > External
 * locations; spec section 6, session/menu-access.ts).
 */
export async function requireManage(db: Tx, auth: AuthContext): Promise<void> {
  const admin = auth.user.isCustomerAdmin && auth.user.customerId === auth.customerId;
  if (auth.isProvider || admin) return;
  await requireArea(db, auth, 'delivery');
}

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/**
 * GET ExternalLocations: the acting customer's external locations by name (at most 1000);
 * active ones unless `includeInactive`. `term` matches the name anywhere, or the location
 * number or GLN from its start; `countryId` narrows to one country.
 */
export async function findExternalLocations(db: Tx, auth: AuthContext, q: ExternalLocationsQuery): Promise<ExternalLocation[]> {
  await requireManage(db, auth);
  const term = q.term?.trim();
  const list = await rows<ExternalLocation>(
    db,
    sql`SELECT ${columns} FROM external_locations
        WHERE customer_id = ${auth.customerId}
          ${q.includeInactive ? sql`` : sql`AND active`}
          ${q.countryId ? sql`AND country_id = ${q.countryId}` : sql``}
          ${term ? sql`AND (name ILIKE ${`%${escapeLike(term)}%`} OR location_number ILIKE ${`${escapeLike(term)}%`} OR gln LIKE ${`${escapeLike(term)}%`})` : sql``}
        ORDER BY name, id LIMIT 1000`,
  );
  return list.map((l) => ({ ...l, id: Number(l.id), customerId: Number(l.customerId) }));
}

/** One of the acting customer's external locations; NOT_FOUND for anyone else's. */
/** The acting customer's external location `id`. @throws NOT_FOUND for a missing one or another customer's */
export async function ownExternalLocation(db: Tx, auth: AuthContext, id: number): Promise<ExternalLocation> {
  const [found] = await rows<ExternalLocation>(
    db,
    sql`SELECT ${columns} FROM external_locations WHERE id = ${id} AND customer_id = ${auth.customerId}`,
  );
  if (!found) throw notFound();
  return { ...found, id: Number(found.id), customerId: Number(found.customerId) };
}

/**
 * POST ExternalLocations: creates an external location of the acting customer (no `id`), or
 * updates one of its own; see the file comment for the rules. Empty optional texts are stored
 * as not given; `active` left out keeps the current value (a new one is active).
 * @returns the saved external location
 */
export async function saveExternalLocation(
  db: Db,
  auth: AuthContext,
  input: SaveExternalLocationRequest,
  request?: FastifyRequest,
): Promise<ExternalLocation> {
  await requireManage(db, auth);
  const given = (value: string | null | undefined) => value?.trim() || null;
  const gln = given(input.gln);
  const postalCode = given(input.postalCode);
  const fields: Record<string, string> = {};
  if (gln) {
    const check = validateGln(gln);
    if (!check.ok)
      fields.gln = { digits: 'validation.glnDigits', length: 'validation.glnLength', checkDigit: 'validation.glnCheckDigit' }[check.reason];
  }
  try {
    return await db.transaction(async (tx) => {
      if (postalCode) {
        const [country] = await rows<{ mask: string }>(tx, sql`SELECT zip_code_mask AS mask FROM countries WHERE id = ${input.countryId}`);
        if (!country || !postalCodeMatchesMask(postalCode, country.mask)) fields.postalCode = 'validation.postalCode';
      }
      if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, { n: GLN_LENGTH }, fields);
      const current = input.id ? await ownExternalLocation(tx, auth, input.id) : null;
      const [taken] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM external_locations WHERE location_number = ${input.locationNumber} AND id <> ${input.id ?? 0}`,
      );
      if (taken) throw numberExists();
      const values = sql`${input.name}, ${input.locationNumber}, ${gln}, ${given(input.contactName)}, ${given(input.email)}, ${given(input.street)},
        ${postalCode}, ${given(input.postalName)}, ${input.countryId}, ${input.active ?? current?.active ?? true}`;
      const names = sql`name, location_number, gln, contact_name, email, street, postal_code, postal_name, country_id, active`;
      const [saved] = current
        ? await rows<{ id: number }>(tx, sql`UPDATE external_locations SET (${names}) = (${values}) WHERE id = ${current.id} RETURNING id`)
        : await rows<{ id: number }>(
            tx,
            sql`INSERT INTO external_locations (customer_id, ${names}) VALUES (${auth.customerId}, ${values}) RETURNING id`,
          );
      const after = await ownExternalLocation(tx, auth, Number(saved?.id));
      await logAdminChange(tx, auth, { entity: 'externalLocation', id: after.id, before: current, after }, request);
      return after;
    });
  } catch (error) {
    // Two saves of one number at once: the unique index lets one in.
    if (isUniqueViolation(error)) throw numberExists();
    throw error;
  }
}

const numberExists = () => new AppError(AppErrorCode.LOCATION_NUMBER_EXISTS, {}, { locationNumber: 'errors.LOCATION_NUMBER_EXISTS' });

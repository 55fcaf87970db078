/**
 * Countries, the postal code lookup and a location's delivery addresses (spec sections 3, 5
 * and 7; the address dialog; docs/company-locations.md).
 * - GET AddressCountryRegions and GET AddressZipCode are open without a session (the public
 *   registration page uses them too) and rate limited per address (routes.ts).
 * - POST Addresses and DELETE Addresses/{id} work on the delivery addresses of the acting
 *   customer's locations, for its customer admin or a global admin (access.ts).
 */
import {
  type AddressZipCodeQuery,
  AppErrorCode,
  type Country,
  type CountryRegion,
  type DeliveryAddress,
  formatPostalCode,
  type Locale,
  type SaveAddressRequest,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { CountryRow } from '../../plugins/caches.js';
import type { NamedCache } from '../caching/registry.js';
import { requireLocationAdmin, requireOwnLocation } from './access.js';

/**
 * Every row of the countries table, by stored (English) name. With `cache` (the app's
 * countries cache, plugins/caches.ts) the table is read once per cache lifetime.
 */
export function countryRows(db: Tx, cache?: NamedCache<CountryRow[]>): Promise<CountryRow[]> {
  const read = () =>
    rows<CountryRow>(
      db,
      sql`SELECT id, name, zip_code_mask AS "zipCodeMask", is_available AS "isAvailable", is_default AS "isDefault"
          FROM countries ORDER BY name, id`,
    );
  return cache ? cache.load('all', read) : read();
}

/**
 * GET AddressCountryRegions: the countries the portal serves, their name in `locale` (CLDR
 * region names through Intl.DisplayNames), by name; only available ones. `cache`: see countryRows.
 */
export async function listCountryRegions(db: Tx, locale: Locale, cache?: NamedCache<CountryRow[]>): Promise<CountryRegion[]> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const list = (await countryRows(db, cache)).filter((c) => c.isAvailable);
  return list
    .map(({ id, isAvailable, isDefault, zipCodeMask }) => ({
      id: id as CountryRegion['id'],
      isAvailable,
      isDefault,
      zipCodeMask,
      name: names.of(id) ?? id,
    }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name, locale));
}

/** The masks of an available country, or null. */
async function maskOf(db: Tx, countryId: Country): Promise<string | null> {
  const [country] = await rows<{ mask: string }>(
    db,
    sql`SELECT zip_code_mask AS mask FROM countries WHERE id = ${countryId} AND is_available`,
  );
  return country?.mask ?? null;
}

/**
 * A postal code written as its country writes it (the first fitting mask), or a VALIDATION
 * error on `field` ('validation.postalCode') when it fits no mask of the country.
 */
export async function normalPostalCode(db: Tx, countryId: Country, postalCode: string, field = 'postalCode'): Promise<string> {
  const mask = await maskOf(db, countryId);
  const written = mask ? formatPostalCode(postalCode, mask) : null;
  if (!written) throw new AppError(AppErrorCode.VALIDATION, {}, { [field]: 'validation.postalCode' });
  return written;
}

/**
 * GET AddressZipCode: the postal place of a code in a country's register, spaces ignored;
 * `{ name: null }` for a code the register does not know; VALIDATION (400) for a code that
 * fits none of the country's masks.
 */
export async function lookupZipCode(db: Tx, q: AddressZipCodeQuery): Promise<{ name: string | null }> {
  const code = await normalPostalCode(db, q.countryId, q.postalCode);
  const [place] = await rows<{ name: string }>(
    db,
    sql`SELECT name FROM postal_places WHERE country_id = ${q.countryId} AND postal_code = ${code}`,
  );
  return { name: place?.name ?? null };
}

const addressColumns = sql`a.id, a.location_id AS "locationId", a.name, a.street, a.postal_code AS "postalCode",
  a.postal_name AS "postalName", a.country_id AS "countryId"`;

/** The active delivery addresses of a location, by name. */
export async function addressesOf(db: Tx, locationId: number): Promise<DeliveryAddress[]> {
  const list = await rows<DeliveryAddress>(
    db,
    sql`SELECT ${addressColumns} FROM addresses a WHERE a.location_id = ${locationId} AND a.active ORDER BY a.name, a.id`,
  );
  return list.map((a) => ({ ...a, id: Number(a.id), locationId: Number(a.locationId) }));
}

/** One active address of the acting customer's locations; NOT_FOUND for anyone else's. */
async function ownAddress(db: Tx, auth: AuthContext, id: number): Promise<DeliveryAddress> {
  const [found] = await rows<DeliveryAddress>(
    db,
    sql`SELECT ${addressColumns} FROM addresses a JOIN locations l ON l.id = a.location_id
        WHERE a.id = ${id} AND a.active AND l.customer_id = ${auth.customerId}`,
  );
  if (!found) throw notFound();
  return { ...found, id: Number(found.id), locationId: Number(found.locationId) };
}

/**
 * POST Addresses: creates (no `id`) or updates a delivery address of one of the acting
 * customer's locations. An update may move the address to another of its locations. The
 * postal code is stored as the country's mask writes it; the postal place as given (the
 * lookup's, or the user's when the register does not know the code).
 * @returns the saved address
 */
export async function saveAddress(db: Db, auth: AuthContext, input: SaveAddressRequest): Promise<DeliveryAddress> {
  requireLocationAdmin(auth);
  return db.transaction(async (tx) => {
    await requireOwnLocation(tx, auth, input.locationId);
    if (input.id) await ownAddress(tx, auth, input.id);
    const postalCode = await normalPostalCode(tx, input.countryId, input.postalCode);
    const values = sql`${input.locationId}, ${input.name}, ${input.street}, ${postalCode}, ${input.postalName}, ${input.countryId}`;
    const names = sql`location_id, name, street, postal_code, postal_name, country_id`;
    const [saved] = input.id
      ? await rows<{ id: number }>(tx, sql`UPDATE addresses SET (${names}) = (${values}) WHERE id = ${input.id} RETURNING id`)
      : await rows<{ id: number }>(tx, sql`INSERT INTO addresses (${names}, type) VALUES (${values}, 'delivery') RETURNING id`);
    return ownAddress(tx, auth, Number(saved?.id));
  });
}

/**
 * DELETE Addresses/{id}: removes a delivery address of the acting customer's locations (kept
 * inactive, so anything that points at it keeps its history). NOT_FOUND for anyone else's.
 */
export async function deleteAddress(db: Db, auth: AuthContext, id: number): Promise<void> {
  requireLocationAdmin(auth);
  await db.transaction(async (tx) => {
    await ownAddress(tx, auth, id);
    await tx.execute(sql`UPDATE addresses SET active = false WHERE id = ${id}`);
  });
}

/**
 * POST Rentals (issue 11; docs/containers.md, "Rentals"): a location asks to rent containers.
 */
import { AppErrorCode, type Country, type RegisterRentalRequest, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createOnceByKey } from '../idempotency/create-once.js';
import { containerAccess } from './access.js';
import { alertRentalStep } from './rental-alert.js';

/**
 * Registers a rental (status Registered) by the acting user, in one transaction, and alerts the
 * provider's depot of the location's country. The location must be in the caller's scope
 * (provider staff: any), active, have the container feature and not be a provider depot; the
 * product a container product (its carrier type `is_container`) and active; the start not before
 * today in the location's country.
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for a location outside the scope;
 * VALIDATION on `locationId` (no container feature, inactive, a depot), `productId` (not an
 * active container product) and `startDate` (in the past). `idempotencyKey`: the same key twice
 * from the user registers once and answers the first rental (create-once.ts; issue 20).
 * @returns the new rental's id
 */
export async function registerRental(db: Db, auth: AuthContext, request: RegisterRentalRequest): Promise<number> {
  return createOnceByKey(db, { kind: 'rental', userId: auth.user.id, key: request.idempotencyKey }, async (tx) => {
    const access = await containerAccess(tx, auth);
    if (access.scope !== null && !access.scope.includes(request.locationId)) throw notFound();
    const [location] = await rows<{ name: string; countryId: Country; renter: boolean }>(
      tx,
      sql`SELECT name, country_id AS "countryId", (is_container_active AND status_id = 1 AND type_id <> 'NLP') AS renter
          FROM locations WHERE id = ${request.locationId}`,
    );
    if (!location) throw notFound();
    const fields: Record<string, string> = {};
    if (!location.renter) fields.locationId = 'containers.notRenter';
    const [product] = await rows<{ id: number }>(
      tx,
      sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
          WHERE p.id = ${request.productId} AND p.active AND ct.is_container`,
    );
    if (!product) fields.productId = 'containers.notContainer';
    if (request.startDate < todayIn(location.countryId)) fields.startDate = 'containers.startPast';
    if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);

    const [rental] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO rentals (location_id, product_id, quantity, status, start_date, end_date, comment, registered_by_user_id, created_at)
          VALUES (${request.locationId}, ${request.productId}, ${request.quantity}, 'Registered', ${request.startDate}::date,
            ${request.endDate ?? null}::date, ${request.comment || null}, ${auth.user.id}, clock_timestamp())
          RETURNING id`,
    );
    const id = Number(rental?.id);
    await alertRentalStep(tx, {
      rentalId: id,
      step: 'registered',
      locationId: request.locationId,
      locationName: location.name,
      count: request.quantity,
      byProvider: access.provider,
      depotLocationId: null,
    });
    return id;
  });
}

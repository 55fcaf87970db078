/**
 * POST RentalStatus `Open` (issue 11; docs/containers.md, "Rentals"): provider staff open a
 * registered rental by assigning containers from a depot.
 */
import { AppErrorCode, type RentalStatusRequest, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { containerAccess } from './access.js';
import { appendComment, lockRental } from './locked-rental.js';
import { alertRentalStep } from './rental-alert.js';
import { postRentalMove } from './rental-ledger.js';

type AssignRequest = Extract<RentalStatusRequest, { status: 'Open' }>;

/**
 * Assigns `containerIds` to rental `id` and opens it, in one transaction: the rental's row is
 * locked first, then the containers' rows in id order (`FOR UPDATE`), and only then are the
 * containers read, so of two assignments at once (of one rental, or of one container to two
 * rentals) the second waits and then answers 409 on both databases (issue 20).
 * Each container must be of the rental's product, OK, at a provider depot (all at one) and not out
 * on a rental; exactly the rental's quantity, or fewer with a `comment` saying why. Each container
 * gets a `rental_containers` row (assigned today in the renting location's country) and moves to
 * the renting location; the ledger moves the containers from the depot to the location
 * (`postRentalMove`); the rental becomes Open with its depot and opener; the renting location is
 * alerted.
 * Errors: FORBIDDEN without the Container area or for anyone but provider staff; NOT_FOUND for
 * no such rental; CONFLICT when the rental is not Registered any more or a container is out
 * meanwhile; VALIDATION on `containerIds` (unknown, another product, not OK, not at a depot, at
 * two depots, more than the quantity) and on `comment` (fewer than the quantity without one).
 */
export async function assignContainers(db: Db, auth: AuthContext, request: AssignRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await containerAccess(tx, auth);
    if (!access.provider) throw forbidden();
    const rental = await lockRental(tx, request.id, null);
    if (rental.status !== 'Registered') throw new AppError(AppErrorCode.CONFLICT);
    const ids = sql.join(
      request.containerIds.map((id) => sql`${id}`),
      sql`, `,
    );
    // The locks first, the state after, in a statement of its own: on PostgreSQL (READ COMMITTED)
    // a statement that waited for a lock still reads the other tables as they were when it began,
    // so a second assignment of the same containers would see them neither out nor at the depot
    // any more (400) instead of taken by the winner (409).
    await tx.execute(sql`SELECT id FROM containers WHERE id IN (${ids}) ORDER BY id FOR UPDATE`);
    const found = await rows<{ id: number; productId: number; status: string; locationId: number | null; atDepot: boolean; out: boolean }>(
      tx,
      sql`SELECT c.id, c.product_id AS "productId", c.status, c.location_id AS "locationId", (l.type_id = 'NLP') AS "atDepot",
            EXISTS (SELECT 1 FROM rental_containers rc WHERE rc.container_id = c.id AND rc.returned_on IS NULL) AS "out"
          FROM containers c LEFT JOIN locations l ON l.id = c.location_id
          WHERE c.id IN (${ids}) ORDER BY c.id`,
    );
    const byId = new Map(found.map((c) => [Number(c.id), c]));
    const fields: Record<string, string> = {};
    const depots = new Set<number>();
    let conflict = false;
    request.containerIds.forEach((id, index) => {
      const c = byId.get(id);
      const path = `containerIds.${index}`;
      if (!c) fields[path] = 'containers.unknownContainer';
      else if (Number(c.productId) !== rental.productId) fields[path] = 'containers.wrongProduct';
      else if (c.out) conflict = true;
      else if (c.status !== 'OK' || !c.atDepot || c.locationId === null) fields[path] = 'containers.notAvailable';
      else depots.add(Number(c.locationId));
    });
    if (Object.keys(fields).length === 0 && conflict) throw new AppError(AppErrorCode.CONFLICT);
    if (depots.size > 1) fields.containerIds = 'containers.oneDepot';
    if (request.containerIds.length > rental.quantity) fields.containerIds = 'containers.tooMany';
    if (request.containerIds.length < rental.quantity && !request.comment) fields.comment = 'containers.fewerComment';
    if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);

    const depotId = [...depots][0] as number;
    const today = todayIn(rental.countryId);
    await tx.execute(sql`INSERT INTO rental_containers (rental_id, container_id, assigned_on)
      SELECT ${rental.id}, c.id, ${today}::date FROM containers c WHERE c.id IN (${ids})`);
    await tx.execute(sql`UPDATE containers SET location_id = ${rental.locationId}, updated_at = now() WHERE id IN (${ids})`);
    await tx.execute(sql`UPDATE rentals SET status = 'Open', depot_location_id = ${depotId}, opened_by_user_id = ${auth.user.id},
      opened_at = clock_timestamp(), comment = ${appendComment(request.comment)} WHERE id = ${rental.id}`);
    await postRentalMove(tx, {
      rentalId: rental.id,
      productId: rental.productId,
      fromId: depotId,
      toId: rental.locationId,
      count: request.containerIds.length,
      date: today,
    });
    await alertRentalStep(tx, {
      rentalId: rental.id,
      step: 'opened',
      locationId: rental.locationId,
      locationName: rental.locationName,
      count: request.containerIds.length,
      byProvider: true,
      depotLocationId: depotId,
    });
  });
}

/**
 * POST RentalStatus `Closed` (issue 11; docs/containers.md, "Rentals"): provider staff close a
 * rental whose containers are all back; either side cancels a rental still Registered.
 */
import { AppErrorCode, type RentalStatusRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { containerAccess } from './access.js';
import { appendComment, lockRental } from './locked-rental.js';
import { alertRentalStep } from './rental-alert.js';

type CloseRequest = Extract<RentalStatusRequest, { status: 'Closed' }>;

/**
 * Closes rental `id`, in one transaction with its row locked: an Open rental by provider staff
 * once none of its containers is out; a Registered one (no containers assigned: a cancellation)
 * by provider staff or the renting location's users. Writes who and when (and the comment, if
 * any) and alerts the other side.
 * Errors: FORBIDDEN without the Container area, or for a renter closing an Open rental;
 * NOT_FOUND for no such rental or one outside the scope; CONFLICT when it is Closed already;
 * VALIDATION on `status` while containers are still out.
 */
export async function closeRental(db: Db, auth: AuthContext, request: CloseRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await containerAccess(tx, auth);
    const rental = await lockRental(tx, request.id, access.scope);
    if (rental.status === 'Closed') throw new AppError(AppErrorCode.CONFLICT);
    if (rental.status === 'Open') {
      if (!access.provider) throw forbidden();
      const [out] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM rental_containers WHERE rental_id = ${rental.id} AND returned_on IS NULL`,
      );
      if (Number(out?.n) > 0) throw new AppError(AppErrorCode.VALIDATION, { count: Number(out?.n) }, { status: 'containers.stillOut' });
    }
    await tx.execute(sql`UPDATE rentals SET status = 'Closed', closed_by_user_id = ${auth.user.id}, closed_at = clock_timestamp(),
      comment = ${appendComment(request.comment)} WHERE id = ${rental.id}`);
    await alertRentalStep(tx, {
      rentalId: rental.id,
      step: rental.status === 'Registered' ? 'cancelled' : 'closed',
      locationId: rental.locationId,
      locationName: rental.locationName,
      count: rental.quantity,
      byProvider: access.provider,
      depotLocationId: rental.depotLocationId,
    });
  });
}

/**
 * POST RentalStatus `Returned` (issue 11; docs/containers.md, "Rentals"): the renting location
 * (or provider staff) returns some or all of a rental's containers, each with its check.
 */
import { AppErrorCode, RENTAL_PHOTO_MAX_BYTES, type RentalStatusRequest, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { detectFileType } from '../attachments/file-type.js';
import { containerAccess } from './access.js';
import { lockRental } from './locked-rental.js';
import { alertRentalStep } from './rental-alert.js';
import { postRentalMove } from './rental-ledger.js';

type ReturnRequest = Extract<RentalStatusRequest, { status: 'Returned' }>;

/** A photo's bytes and type, or the field message that refuses it: a JPEG or PNG by its content, at most 5 MB. */
function readPhoto(dataUrl: string): { data: Buffer; type: string } | { refusal: string } {
  const [header, base64 = ''] = dataUrl.split(',', 2);
  const data = Buffer.from(base64, 'base64');
  if (data.length > RENTAL_PHOTO_MAX_BYTES) return { refusal: 'containers.photoTooLarge' };
  const type = detectFileType(data);
  const declared = header?.slice('data:'.length, header.indexOf(';'));
  if ((type !== 'image/jpeg' && type !== 'image/png') || type !== declared) return { refusal: 'containers.photoType' };
  return { data, type };
}

/**
 * Returns containers of rental `id`, in one transaction with the rental's row locked: each
 * container named must be out on this rental; it gets `returned_on` (today in the renting
 * location's country), its check (`OK` or `NeedsRepair`, the latter with a comment: the request
 * schema), an optional photo and who returned it, in a conditional update (`returned_on IS NULL`),
 * so a container is returned once; it goes back to the rental's depot with the check's status
 * (and the comment as its note); the ledger moves the containers back (`postRentalMove`: +n at
 * the depot, -n at the location); the other side is alerted. The rental stays Open: provider
 * staff close it once all are back.
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for no such rental or one outside the
 * scope; CONFLICT when the rental is not Open or a container is back already; VALIDATION on
 * `returns.<i>.containerId` (not on this rental) and `returns.<i>.photo` (not a JPEG or PNG by
 * its content, or above 5 MB).
 */
export async function returnContainers(db: Db, auth: AuthContext, request: ReturnRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await containerAccess(tx, auth);
    const rental = await lockRental(tx, request.id, access.scope);
    if (rental.status !== 'Open' || rental.depotLocationId === null) throw new AppError(AppErrorCode.CONFLICT);
    const held = await rows<{ containerId: number; returned: boolean }>(
      tx,
      sql`SELECT container_id AS "containerId", returned_on IS NOT NULL AS returned FROM rental_containers WHERE rental_id = ${rental.id}`,
    );
    const heldById = new Map(held.map((h) => [Number(h.containerId), h.returned]));
    const fields: Record<string, string> = {};
    const photos = new Map<number, { data: Buffer; type: string }>();
    let conflict = false;
    request.returns.forEach((r, index) => {
      const returned = heldById.get(r.containerId);
      if (returned === undefined) fields[`returns.${index}.containerId`] = 'containers.notInRental';
      else if (returned) conflict = true;
      if (r.photo) {
        const photo = readPhoto(r.photo);
        if ('refusal' in photo) fields[`returns.${index}.photo`] = photo.refusal;
        else photos.set(r.containerId, photo);
      }
    });
    if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
    if (conflict) throw new AppError(AppErrorCode.CONFLICT);

    const today = todayIn(rental.countryId);
    for (const r of [...request.returns].sort((a, b) => a.containerId - b.containerId)) {
      const photo = photos.get(r.containerId) ?? null;
      const updated = await rows<{ id: number }>(
        tx,
        sql`UPDATE rental_containers SET returned_on = ${today}::date, return_status = ${r.check}, return_comment = ${r.comment || null},
              return_photo = ${photo?.data ?? null}, return_photo_type = ${photo?.type ?? null}, returned_by_user_id = ${auth.user.id}
            WHERE rental_id = ${rental.id} AND container_id = ${r.containerId} AND returned_on IS NULL RETURNING container_id AS id`,
      );
      if (updated.length !== 1) throw new AppError(AppErrorCode.CONFLICT);
      await tx.execute(sql`UPDATE containers SET location_id = ${rental.depotLocationId}, status = ${r.check},
        note = ${r.comment || null}, updated_at = now() WHERE id = ${r.containerId}`);
    }
    await postRentalMove(tx, {
      rentalId: rental.id,
      productId: rental.productId,
      fromId: rental.locationId,
      toId: rental.depotLocationId,
      count: request.returns.length,
      date: today,
    });
    await alertRentalStep(tx, {
      rentalId: rental.id,
      step: 'returned',
      locationId: rental.locationId,
      locationName: rental.locationName,
      count: request.returns.length,
      byProvider: access.provider,
      depotLocationId: rental.depotLocationId,
    });
  });
}

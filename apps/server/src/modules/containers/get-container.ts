/**
 * GET Containers/{id} (issue 11; docs/containers.md, "Containers"): one container with where it
 * is, its condition and note, and its rentals with their return checks.
 */
import type { Container, ContainerStatus, Locale, RentalStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { containerAccess, inLocations } from './access.js';
import { type ContainerRow, containerColumns, containerJoins, containerVisible, toContainerSummaries } from './find-containers.js';

/**
 * One container the caller sees (`containerVisible`), or one a location of its scope once
 * rented; its rentals newest first, a customer's users only their scope's.
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for no such container or one outside the scope.
 */
export async function getContainer(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<Container> {
  const access = await containerAccess(db, auth);
  const [row] = await rows<ContainerRow & { note: string | null }>(
    db,
    sql`SELECT ${containerColumns}, c.note FROM containers c ${containerJoins}
        WHERE c.id = ${id} AND (${containerVisible(access.scope)} OR EXISTS (SELECT 1 FROM rental_containers rc JOIN rentals r ON r.id = rc.rental_id
          WHERE rc.container_id = c.id AND ${inLocations(sql`r.location_id`, access.scope)}))`,
  );
  if (!row) throw notFound();
  const [summary] = await toContainerSummaries(db, locale, [row]);
  const history = await rows<{
    rentalId: number;
    locationId: number;
    locationName: string;
    status: RentalStatus;
    assignedOn: string;
    returnedOn: string | null;
    returnStatus: ContainerStatus | null;
    returnComment: string | null;
  }>(
    db,
    sql`SELECT rc.rental_id AS "rentalId", r.location_id AS "locationId", l.name AS "locationName", r.status,
          rc.assigned_on AS "assignedOn", rc.returned_on AS "returnedOn", rc.return_status AS "returnStatus", rc.return_comment AS "returnComment"
        FROM rental_containers rc JOIN rentals r ON r.id = rc.rental_id JOIN locations l ON l.id = r.location_id
        WHERE rc.container_id = ${id} AND ${inLocations(sql`r.location_id`, access.scope)}
        ORDER BY rc.assigned_on DESC, rc.rental_id DESC`,
  );
  return {
    ...(summary as NonNullable<typeof summary>),
    note: row.note,
    rentals: history.map((h) => ({ ...h, rentalId: Number(h.rentalId), locationId: Number(h.locationId) })),
  };
}

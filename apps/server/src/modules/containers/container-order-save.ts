/**
 * POST ContainerOrders (Container > Orders; issue 11; docs/container-orders.md): a location orders
 * containers (status Open), or its ordering side changes an Open order.
 */
import { AppErrorCode, type Country, type SaveContainerOrderRequest, todayIn } from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createOnceByKey } from '../idempotency/create-once.js';
import { requireArea } from '../session/menu-access.js';
import { containerOrderActor, containerOrderScope, visibleContainerOrder } from './container-order-access.js';
import { alertContainerOrderEvent } from './container-order-alert.js';

/** The ordered location as the checks need it. */
interface OrderedLocation {
  id: number;
  name: string;
  countryId: Country;
}

/**
 * The order's location, product and wanted day, checked: the location in the caller's scope
 * (else NOT_FOUND) with the Container area there (the container feature; else FORBIDDEN); an
 * active container product (VALIDATION on `productId`); a wanted day today or later in the
 * location's country (VALIDATION on `wantedDate`) and an open day there (CLOSED_DAY:
 * domain.md, "Open days", with the provider's closures).
 */
async function checkedLocation(tx: Tx, auth: AuthContext, request: SaveContainerOrderRequest): Promise<OrderedLocation> {
  const scope = await containerOrderScope(tx, auth);
  if (scope !== null && !scope.includes(request.locationId)) throw notFound();
  const [location] = await rows<OrderedLocation>(
    tx,
    sql`SELECT id, name, country_id AS "countryId" FROM locations WHERE id = ${request.locationId}`,
  );
  if (!location) throw notFound();
  await requireArea(tx, auth, 'containers', location.id);
  const [product] = await rows<{ id: number }>(
    tx,
    sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE p.id = ${request.productId} AND p.active AND ct.is_container`,
  );
  if (!product) throw new AppError(AppErrorCode.VALIDATION, {}, { productId: 'containerOrders.fields.notContainer' });
  if (request.wantedDate < todayIn(location.countryId)) {
    throw new AppError(AppErrorCode.VALIDATION, {}, { wantedDate: 'containerOrders.fields.pastDate' });
  }
  const closures = new Set(
    (
      await rows<{ day: string }>(
        tx,
        sql`SELECT day::text AS day FROM provider_closures WHERE country_id = ${location.countryId} AND day = ${request.wantedDate}::date`,
      )
    ).map((r) => r.day),
  );
  if (!isOpenDay(request.wantedDate, location.countryId, closures)) {
    throw new AppError(AppErrorCode.CLOSED_DAY, { date: request.wantedDate }, { wantedDate: 'errors.CLOSED_DAY' });
  }
  return { ...location, id: Number(location.id) };
}

/**
 * Saves a container order in one transaction. Without `id`: a new order, status Open, ordered
 * by the acting user, with its first history entry (to Open) and an alert for the provider's
 * container desk (by the ordering side) or the location (by provider staff). With `id`: the
 * order's row is locked (FOR UPDATE) and changed if it is still Open.
 * Errors: FORBIDDEN without the Container area at the acting location or at the ordered one,
 * and for provider staff changing an order (the ordering side changes it; the provider cancels);
 * NOT_FOUND for a location or order outside the caller's scope; VALIDATION / CLOSED_DAY as in
 * `checkedLocation`; CONFLICT (`status`) for an order that is no longer Open. `idempotencyKey` (a
 * new order): the same key twice from the user places once and answers the first order
 * (create-once.ts; issue 20).
 * @returns the order's id
 */
export async function saveContainerOrder(db: Db, auth: AuthContext, request: SaveContainerOrderRequest): Promise<number> {
  const { id } = request;
  if (id !== undefined) {
    return db.transaction(async (tx) => {
      const current = await visibleContainerOrder(tx, auth, id, true);
      if (containerOrderActor(auth) !== 'O') {
        throw new AppError(AppErrorCode.FORBIDDEN, {}, { id: 'containerOrders.reasons.ordererChanges' });
      }
      if (current.status !== 'Open') throw new AppError(AppErrorCode.CONFLICT, {}, { id: 'containerOrders.reasons.notOpen' });
      const location = await checkedLocation(tx, auth, request);
      await tx.execute(sql`UPDATE container_orders SET location_id = ${location.id}, product_id = ${request.productId},
          quantity = ${request.quantity}, wanted_date = ${request.wantedDate}::date, reference = ${request.reference || null},
          comment = ${request.comment || null}, updated_at = clock_timestamp()
        WHERE id = ${id}`);
      return id;
    });
  }
  return createOnceByKey(db, { kind: 'containerOrder', userId: auth.user.id, key: request.idempotencyKey }, (tx) =>
    placeContainerOrder(tx, auth, request),
  );
}

/** A new order (status Open) with its first history entry and alert, inside the caller's transaction; answers its id. */
async function placeContainerOrder(tx: Tx, auth: AuthContext, request: SaveContainerOrderRequest): Promise<number> {
  const location = await checkedLocation(tx, auth, request);
  const values = {
    reference: request.reference || null,
    comment: request.comment || null,
  };
  const [order] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO container_orders (location_id, status, quantity, product_id, wanted_date, reference, comment, ordered_by_user_id,
          created_at, updated_at)
        VALUES (${location.id}, 'Open', ${request.quantity}, ${request.productId}, ${request.wantedDate}::date, ${values.reference},
          ${values.comment}, ${auth.user.id}, clock_timestamp(), clock_timestamp())
        RETURNING id`,
  );
  const id = Number(order?.id);
  await tx.execute(sql`INSERT INTO container_order_history (container_order_id, from_status, to_status, user_id, comment, created_at)
    VALUES (${id}, NULL, 'Open', ${auth.user.id}, ${values.comment}, clock_timestamp())`);
  await alertContainerOrderEvent(tx, {
    orderId: id,
    locationId: location.id,
    locationName: location.name,
    productId: request.productId,
    quantity: request.quantity,
    wantedDate: request.wantedDate,
    status: 'Open',
    comment: null,
    actorId: auth.user.id,
    byProvider: auth.isProvider,
  });
  return id;
}

/**
 * POST ScheduledOrders: create or update a scheduled (recurring) order (spec sections 2 and 3;
 * docs/domain.md "Scheduled orders"). Rules checked on the server, each answering a translated
 * error and changing nothing:
 * - the menu area of the kind (purchase Orders/Buy, sale Dispatch/Sell; spec section 6) at the
 *   acting location and the customer side, else 403, and the scope: the customer side (the
 *   to-location of a purchase, the from-location of a sale) must be in scope, else 404;
 * - the parties by POST Orders' rule (orders/order-parties.ts): the other side an active
 *   provider depot, not the customer side (default: the country's depot), else 400;
 * - products allowed at the receiving location (INVALID_LOCATION, NO_PRODUCTS) except for
 *   provider staff and superusers, one line per product, quantities whole full stacks
 *   (QUANTITY_STEP), a known truck type;
 * - weekdays, interval 1-52 and start <= end are checked by the request schema.
 * Saving an existing schedule cancels its orders still at 1 Ordered dated today or later and
 * places them again from the new template; then the occurrences of the next 14 days are
 * placed at once, in the same transaction.
 */
import {
  AppErrorCode,
  areaByTransactionType,
  isQuantityOnStep,
  type SaveScheduledOrderRequest,
  SCHEDULE_HORIZON_DAYS,
} from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { mayOrderAnyProduct } from '../lookups/products.js';
import { orderParties, type PartyRow } from '../orders/order-parties.js';
import { setOrderStatus } from '../orders/set-order-status.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { materializeSchedule, todayUtc } from './materialize-due-orders.js';
import { addDays } from './occurrences.js';

/** The customer side of a schedule: the to-location of a purchase, the from-location of a sale. */
export const ownSide = (type: number, fromId: number, toId: number) => (type === 1 ? toId : fromId);

/**
 * Creates (no `input.id`) or updates a schedule and places its orders of the next 14 days.
 * @returns the schedule's id
 * @throws FORBIDDEN when the menu does not offer the kind; NOT_FOUND outside scope; VALIDATION, QUANTITY_STEP,
 *   INVALID_LOCATION, NO_PRODUCTS for bad input
 */
export async function saveScheduledOrder(db: Db, auth: AuthContext, input: SaveScheduledOrderRequest, today = todayUtc()): Promise<number> {
  await requireArea(db, auth, areaByTransactionType[input.transactionTypeId]);
  return db.transaction(async (tx) => {
    const scope = await scopeLocationIds(tx, auth);
    if (input.id) {
      const [current] = await rows<{ type: number; fromId: number; toId: number }>(
        tx,
        sql`SELECT transaction_type_id AS type, location_id_from AS "fromId", location_id_to AS "toId"
            FROM scheduled_orders WHERE id = ${input.id} FOR UPDATE`,
      );
      if (!current || !inScope(scope, ownSide(current.type, current.fromId, current.toId))) throw notFound();
      if (current.type !== input.transactionTypeId)
        throw new AppError(AppErrorCode.VALIDATION, {}, { transactionTypeId: 'validation.invalid' });
    }
    const type = input.transactionTypeId;
    // The parties follow POST Orders' rule (order-parties.ts): a purchase from a provider depot,
    // a sale to one, the customer side in scope and its menu offering the kind.
    const { from, to } = await orderParties(tx, auth, scope, input);
    const fromId = from.id;
    const toId = (to as PartyRow).id;

    await checkLines(tx, auth, toId, input);
    if (input.truckTypeId) {
      const [truck] = await rows<{ id: number }>(tx, sql`SELECT id FROM truck_types WHERE id = ${input.truckTypeId}`);
      if (!truck) throw new AppError(AppErrorCode.VALIDATION, {}, { truckTypeId: 'validation.invalid' });
    }

    const values = sql`${type}, ${fromId}, ${toId}, ${input.intervalWeeks}, ${input.monday}, ${input.tuesday}, ${input.wednesday},
      ${input.thursday}, ${input.friday}, ${input.startDate}, ${input.endDate ?? null}, NULL, ${input.truckTypeId ?? null},
      ${input.referenceOwn ?? null}, true, ${auth.user.id}`;
    const columns = sql`transaction_type_id, location_id_from, location_id_to, interval_weeks, monday, tuesday, wednesday,
      thursday, friday, start_date, end_date, next_date, truck_type_id, reference_own, active, created_by_user_id`;
    let id: number;
    if (input.id) {
      id = input.id;
      await tx.execute(sql`UPDATE scheduled_orders SET (${columns}) = (${values}) WHERE id = ${id}`);
      await tx.execute(sql`DELETE FROM scheduled_order_lines WHERE scheduled_order_id = ${id}`);
      await releaseOpenOrders(tx, auth, id, today, translator(auth.language)('scheduled.changed'));
    } else {
      const [created] = await rows<{ id: number }>(tx, sql`INSERT INTO scheduled_orders (${columns}) VALUES (${values}) RETURNING id`);
      id = Number(created?.id);
    }
    await tx.execute(sql`INSERT INTO scheduled_order_lines (scheduled_order_id, product_id, quantity)
      SELECT ${id}, * FROM unnest(${`{${input.lines.map((l) => l.productId).join(',')}}`}::int[],
        ${`{${input.lines.map((l) => l.quantityOrdered).join(',')}}`}::int[])`);
    await materializeSchedule(tx, id, today, addDays(today, SCHEDULE_HORIZON_DAYS));
    return id;
  });
}

/** The same product rules as POST Orders: known, allowed at the receiver, one line each, whole stacks. */
async function checkLines(tx: Tx, auth: AuthContext, toId: number, input: SaveScheduledOrderRequest): Promise<void> {
  const products = await rows<{ id: number; name: string; qtyHeight: number; allowed: boolean; anyAllowed: boolean }>(
    tx,
    sql`SELECT p.id, p.name, ct.qty_height AS "qtyHeight",
          EXISTS (SELECT 1 FROM location_products lp WHERE lp.location_id = ${toId} AND lp.product_id = p.id) AS allowed,
          EXISTS (SELECT 1 FROM location_products lp WHERE lp.location_id = ${toId}) AS "anyAllowed"
        FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE p.id IN (${sql.join(
          input.lines.map((l) => sql`${l.productId}`),
          sql`, `,
        )}) AND p.active`,
  );
  const byId = new Map(products.map((p) => [Number(p.id), p]));
  const fields: Record<string, string> = {};
  let stepError: { product: string; step: number } | null = null;
  const seen = new Set<number>();
  input.lines.forEach((line, i) => {
    const product = byId.get(line.productId);
    if (seen.has(line.productId)) fields[`lines.${i}.productId`] = 'validation.duplicate';
    seen.add(line.productId);
    if (!product) fields[`lines.${i}.productId`] = 'validation.invalid';
    else if (line.quantityOrdered <= 0) fields[`lines.${i}.quantityOrdered`] = 'validation.tooSmall';
    else if (!isQuantityOnStep(line.quantityOrdered, product.qtyHeight)) {
      fields[`lines.${i}.quantityOrdered`] = 'errors.QUANTITY_STEP';
      stepError ??= { product: product.name, step: product.qtyHeight };
    }
  });
  const mayOrderAnything = mayOrderAnyProduct(auth);
  if (!mayOrderAnything && products.length > 0 && !products[0]?.anyAllowed) throw new AppError(AppErrorCode.NO_PRODUCTS);
  if (!mayOrderAnything && products.some((p) => !p.allowed)) throw new AppError(AppErrorCode.INVALID_LOCATION);
  if (stepError) throw new AppError(AppErrorCode.QUANTITY_STEP, stepError, fields);
  if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
}

/**
 * Cancels (1 -> 7, through POST OrderStatus' rules, with `comment` in the history) the
 * schedule's orders still at 1 Ordered dated today or later, and frees their dates so the
 * job may place those occurrences again. Orders the provider has confirmed stay.
 */
export async function releaseOpenOrders(tx: Tx, auth: AuthContext, scheduleId: number, today: string, comment: string): Promise<void> {
  const open = await rows<{ id: number }>(
    tx,
    // Locked here, so one the provider confirms meanwhile is passed by (its status is re-read), not refused.
    sql`SELECT id FROM orders WHERE scheduled_order_id = ${scheduleId} AND transaction_status_id = 1
          AND scheduled_date >= ${today} ORDER BY id FOR UPDATE`,
  );
  for (const { id } of open) {
    await setOrderStatus(tx as Db, auth, { id: Number(id), transactionStatusId: 7, comment });
    await tx.execute(sql`UPDATE orders SET scheduled_date = NULL WHERE id = ${id}`);
  }
}

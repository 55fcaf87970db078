/**
 * POST OrderStatus, POST OrderArrival and sending drafts: moves an order along the status
 * machine of domain.md, with the data each step carries (docs/domain.md, "Status steps and
 * their data"). The order row is locked for the change (`SELECT ... FOR UPDATE`), so of two
 * users changing one order at once one wins; the other gets 409: CONFLICT when it sent the
 * `version` it saw, otherwise ORDER_STATUS ("already ..." or "cannot move to ..."), and
 * nothing of its request is written. Reaching 5 posts the final quantities to the ledger at
 * both ends in the same transaction (ledger.ts).
 * Errors: NOT_FOUND outside scope; CONFLICT for a stale version; ORDER_STATUS 409 for a step
 * the machine does not have (or a sorted result that does not fit 13/14), 403 for a step the
 * caller's role may not make, 400 for a missing picked quantity; FORBIDDEN without the step's
 * task; VALIDATION, QUANTITY_STEP and CLOSED_DAY for the step's data.
 */
import {
  AppErrorCode,
  areaForStep,
  arrivalStatus,
  type Country,
  checkTransition,
  hasShortage,
  initialStatus,
  isOrderingStep,
  isQuantityOnStep,
  orderingSide,
  pickedVolumeWarns,
  type SetOrderStatusRequest,
  type StatusActor,
  stepLines,
  stepNeedsComment,
  type TransactionStatusId,
  wasOpenBefore,
} from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { visibleTo } from './find-orders.js';
import { finalQuantitySql, type PostingOrder, postToLedger } from './ledger.js';
import { recordStatusChange } from './order-events.js';
import { productNamesById } from './product-names.js';
import { otherSide } from './save-order.js';

/** A warning of a step (the route translates it): a line picked >20% off, or a 0-line removed. */
export interface StepWarning {
  code: 'pickedDeviation' | 'lineRemoved';
  productId: number;
  quantityOrdered: number;
  quantityPicked: number;
}

interface LockedOrder extends PostingOrder {
  status: TransactionStatusId;
  type: number;
  version: number;
  dateSend: string;
  fromCountry: string;
  toSortingDepot: boolean | null;
  toAutoCommit: boolean | null;
  autoCommit: boolean;
}

interface LineRow {
  productId: number;
  ordered: number;
  picked: number | null;
  delivered: number | null;
  qtyHeight: number;
}

type StepInput = Omit<SetOrderStatusRequest, 'version'>;

const today = () => new Date().toISOString().slice(0, 10);
const sentQuantity = (l: LineRow) => l.picked ?? l.ordered;
const validation = (fields: Record<string, string>, params: Record<string, unknown> = {}) =>
  new AppError(AppErrorCode.VALIDATION, params, fields);

/**
 * Moves an order to `input.transactionStatusId` with the data of the step.
 * @returns the step's warnings (picking: lines >20% off the ordered quantity, removed 0-lines)
 */
export async function setOrderStatus(db: Db, auth: AuthContext, input: SetOrderStatusRequest): Promise<{ warnings: StepWarning[] }> {
  return db.transaction((tx) => changeStatus(tx, auth, input, () => input.transactionStatusId as TransactionStatusId));
}

/**
 * Sends a draft along its path (purchase or sale to 1, delivery to 4) with the checks of
 * POST OrderStatus, in one transaction; an order that is no longer a draft answers
 * ORDER_STATUS. Used by POST OrdersSend for each id.
 * @returns the status the order reached
 */
export async function sendDraft(db: Db, auth: AuthContext, id: number): Promise<TransactionStatusId> {
  let reached: TransactionStatusId = 1;
  await db.transaction((tx) =>
    changeStatus(tx, auth, { id, transactionStatusId: 1 }, (order) => {
      if (order.status !== 0) throw new AppError(AppErrorCode.ORDER_STATUS, { reasonKey: 'statusReasons.deleted' });
      reached = initialStatus(order.type, false);
      return reached;
    }),
  );
  return reached;
}

/** Locks the order, settles the transition, the caller's role and task, then applies the step. */
async function changeStatus(
  tx: Tx,
  auth: AuthContext,
  input: SetOrderStatusRequest,
  target: (order: LockedOrder) => TransactionStatusId,
): Promise<{ warnings: StepWarning[] }> {
  const { order, scope } = await lockVisible(tx, auth, input.id, input.version);
  const to = target(order);
  if (order.status === to) {
    throw new AppError(AppErrorCode.ORDER_STATUS, { fromStatusId: order.status, toStatusId: to, reasonKey: 'statusReasons.already' });
  }
  /** The caller's roles for a step from `from` (the ordering side acts as S only for the ordering steps). */
  const actorsAt = (from: TransactionStatusId): StatusActor[] => {
    const actors: StatusActor[] = [];
    if (scope !== null) {
      // For a purchase the ordering customer sits at the to-location but sends and cancels as S.
      const orderingLocation = orderingSide(order.type) === 'to' ? order.toId : order.fromId;
      if (inScope(scope, isOrderingStep(from, to) ? orderingLocation : order.fromId)) actors.push('S');
      if (inScope(scope, order.toId)) actors.push('R');
    }
    if (auth.isProvider) actors.push('P');
    if (auth.isProvider && scope === null) actors.push('S', 'R');
    return actors;
  };
  const refusal = checkTransition(order.status, to, actorsAt(order.status));
  const params = { fromStatusId: order.status, toStatusId: to, reasonKey: `statusReasons.${refusal}` };
  if (refusal === 'transition') throw new AppError(AppErrorCode.ORDER_STATUS, params);
  if (refusal === 'role') {
    // A step the caller could make from a status the order has been in: the order moved on
    // under them (another user won the race, or the page is old), a conflict, not a permission.
    if (wasOpenBefore(await earlierStatuses(tx, order), to, actorsAt))
      throw new AppError(AppErrorCode.ORDER_STATUS, { ...params, reasonKey: 'statusReasons.changed' });
    throw new AppError(AppErrorCode.ORDER_STATUS, params, {}, 403);
  }
  // The menu rules of spec section 6 (session/menu-access.ts): a customer user takes a step only
  // where the menu offers it; provider staff's steps are the provider's own work.
  if (!auth.isProvider) await requireArea(tx, auth, areaForStep(order.type, order.status, to));
  return applyStep(tx, auth, scope, order, to, { ...input, transactionStatusId: to });
}

/**
 * Registers that a sent order (4) arrived (provider staff acting as SYS): the server picks
 * 9 WaitForSort, 11 WaitForConfirmation or 5 Received by `arrivalStatus` (status-machine.ts);
 * at 5 it posts the sent quantities. Errors: FORBIDDEN for anyone but provider staff,
 * NOT_FOUND outside scope, CONFLICT for a stale version, ORDER_STATUS 409 unless the order is 4.
 * @returns the status the order reached
 */
export async function arriveOrder(db: Db, auth: AuthContext, input: { id: number; version?: number }): Promise<TransactionStatusId> {
  if (!auth.isProvider) throw forbidden();
  return db.transaction(async (tx) => {
    const { order, scope } = await lockVisible(tx, auth, input.id, input.version);
    if (order.status !== 4)
      throw new AppError(AppErrorCode.ORDER_STATUS, { fromStatusId: order.status, reasonKey: 'statusReasons.notSent' });
    const to = arrivalStatus({
      transactionTypeId: order.type,
      to:
        order.toId === null
          ? null
          : { typeId: order.toType ?? '', isSortingDepot: !!order.toSortingDepot, autoCommit: !!order.toAutoCommit },
      autoCommit: order.autoCommit,
    });
    if (checkTransition(4, to, ['SYS']) !== null)
      throw new AppError(AppErrorCode.ORDER_STATUS, { fromStatusId: 4, toStatusId: to, reasonKey: 'statusReasons.transition' });
    await applyStep(tx, auth, scope, order, to, { id: order.id, transactionStatusId: to });
    return to;
  });
}

/** The statuses the order has been in before its current one (its history). */
async function earlierStatuses(tx: Tx, order: LockedOrder): Promise<TransactionStatusId[]> {
  const list = await rows<{ status: TransactionStatusId }>(
    tx,
    sql`SELECT DISTINCT to_status_id AS status FROM order_status_history WHERE order_id = ${order.id} AND to_status_id <> ${order.status}`,
  );
  return list.map((row) => Number(row.status) as TransactionStatusId);
}

async function lockVisible(tx: Tx, auth: AuthContext, id: number, version: number | undefined) {
  const [found] = await rows<LockedOrder>(
    tx,
    sql`SELECT o.id, o.transaction_status_id AS status, o.transaction_type_id AS type, o.location_id_from AS "fromId",
          o.location_id_to AS "toId", o.version, o.date_send AS "dateSend", o.auto_commit AS "autoCommit",
          lf.is_pooling AS "fromPooling", lf.type_id AS "fromType", lf.country_id AS "fromCountry",
          lt.is_pooling AS "toPooling", lt.type_id AS "toType", lt.is_sorting_depot AS "toSortingDepot", lt.auto_commit AS "toAutoCommit"
        FROM orders o JOIN locations lf ON lf.id = o.location_id_from LEFT JOIN locations lt ON lt.id = o.location_id_to
        WHERE o.id = ${id} FOR UPDATE OF o`,
  );
  const scope = await scopeLocationIds(tx, auth);
  if (!found || !visibleTo(scope, found.type, found.status, found.fromId, found.toId)) throw notFound();
  if (version !== undefined && version !== found.version) throw new AppError(AppErrorCode.CONFLICT);
  return { order: { ...found, id: Number(found.id) }, scope };
}

/** Checks and writes one step whose transition and permission are settled. */
async function applyStep(
  tx: Tx,
  auth: AuthContext,
  scope: number[] | null,
  order: LockedOrder,
  to: TransactionStatusId,
  input: StepInput,
): Promise<{ warnings: StepWarning[] }> {
  const from = order.status;
  const given = input.lines ?? [];
  const kind = stepLines(from, to);
  const fields: Record<string, string> = {};
  if (stepNeedsComment(from, to) && !input.comment) fields.comment = 'validation.commentRequired';
  if (kind === null && given.length > 0) fields.lines = 'validation.linesNotExpected';
  const takesWaybill = to === 4 && (from === 3 || from === 0);
  if (input.waybill && !takesWaybill) fields.waybill = 'validation.invalid';
  if (from === 3 && to === 4 && !input.waybill) fields['waybill.carNumber'] = 'validation.required';
  if (input.replacedByOrderId !== undefined && (to !== 8 || input.replacedByOrderId === order.id))
    fields.replacedByOrderId = 'validation.invalid';
  if (Object.keys(fields).length) throw validation(fields);

  if (from === 0) await checkSendDate(tx, order);
  const lines = await loadLines(tx, order.id);
  const onOrder = new Map(lines.map((l) => [l.productId, l]));
  const seen = new Set<number>();
  given.forEach((line, i) => {
    if (seen.has(line.productId)) fields[`lines.${i}.productId`] = 'validation.duplicate';
    seen.add(line.productId);
    if (kind !== 'sorted' && !onOrder.has(line.productId)) fields[`lines.${i}.productId`] = 'validation.notOnOrder';
  });
  if (Object.keys(fields).length) throw validation(fields);

  const warnings: StepWarning[] = [];
  if (kind === 'picked') warnings.push(...(await pick(tx, auth, order.id, lines, given)));
  if (kind === 'received') {
    given.forEach((line, i) => {
      if (line.quantity !== sentQuantity(onOrder.get(line.productId) as LineRow))
        fields[`lines.${i}.quantity`] = 'validation.useDisagreement';
    });
    if (Object.keys(fields).length) throw validation(fields);
    await tx.execute(sql`UPDATE order_lines SET quantity_delivered = COALESCE(quantity_picked, quantity_ordered)
      WHERE order_id = ${order.id} AND quantity_delivered IS NULL`);
  }
  if (kind === 'disagreed') {
    if (given.length === 0) throw validation({ lines: 'validation.required' });
    if (given.every((line) => line.quantity === sentQuantity(onOrder.get(line.productId) as LineRow)))
      throw validation({ lines: 'validation.noDifference' });
    await tx.execute(
      sql`UPDATE order_lines SET quantity_delivered = COALESCE(quantity_picked, quantity_ordered) WHERE order_id = ${order.id}`,
    );
    await setDelivered(tx, order.id, given);
  }
  if (kind === 'resolved') await setDelivered(tx, order.id, given);
  if (kind === 'sorted') await sort(tx, order.id, onOrder, given);
  if (from === 3 && to === 4) await requirePicked(tx, auth, lines);
  if (from === 12) {
    const sent = lines.reduce((sum, l) => sum + sentQuantity(l), 0);
    const sorted = lines.reduce((sum, l) => sum + (l.delivered ?? sentQuantity(l)), 0);
    const shortage = hasShortage(sent, sorted);
    if (to === 13 && shortage) throw new AppError(AppErrorCode.ORDER_STATUS, { expectedStatusId: 14, reasonKey: 'statusReasons.shortage' });
    if (to === 14 && !shortage)
      throw new AppError(AppErrorCode.ORDER_STATUS, { expectedStatusId: 13, reasonKey: 'statusReasons.noShortage' });
  }
  if (input.replacedByOrderId !== undefined) {
    const [target] = await rows<{ type: number; status: number; fromId: number; toId: number | null }>(
      tx,
      sql`SELECT transaction_type_id AS type, transaction_status_id AS status, location_id_from AS "fromId", location_id_to AS "toId"
          FROM orders WHERE id = ${input.replacedByOrderId}`,
    );
    if (!target || !visibleTo(scope, target.type, target.status, target.fromId, target.toId))
      throw validation({ replacedByOrderId: 'validation.invalid' });
  }

  const w = input.waybill;
  // Dates (docs/domain.md, "Dates of an order"): sending (3 -> 4) records the day it happens as
  // the send date, earlier or later than planned; the first receiving step (5, 6, 9 or 11)
  // records the receive date, and an order received before its registered send date (a
  // delivery registered ahead) counts as sent that day, so it is never received before it was sent.
  const day = today();
  await tx.execute(sql`UPDATE orders SET transaction_status_id = ${to}, version = version + 1, updated_at = now()
    ${from === 3 && to === 4 ? sql`, date_send = ${day}` : sql``}
    ${
      [5, 6, 9, 11].includes(to)
        ? sql`, date_receive = COALESCE(date_receive, ${day}::date), date_send = LEAST(date_send, COALESCE(date_receive, ${day}::date))`
        : sql``
    }
    ${
      w
        ? sql`, car_number = ${w.carNumber}, trailer = ${w.trailer ?? null}, car_type = COALESCE(${w.carType ?? null}, car_type),
        cartman = ${w.cartman ?? null}, transporter = ${w.transporter ?? null}, sealing = ${w.sealing ?? null}`
        : sql``
    }
    ${input.replacedByOrderId !== undefined ? sql`, replaced_by_order_id = ${input.replacedByOrderId}` : sql``}
    WHERE id = ${order.id}`);
  if (to === 5) {
    await tx.execute(sql`UPDATE orders o SET amount = o.price * (SELECT COALESCE(sum(${finalQuantitySql}), 0) FROM order_lines ol WHERE ol.order_id = o.id)
      WHERE o.id = ${order.id} AND o.price IS NOT NULL`);
  }
  await recordStatusChange(tx, {
    orderId: order.id,
    from,
    to,
    userId: auth.user.id,
    comment: input.comment || null,
    alertLocationId: otherSide(auth, order.fromId, order.toId),
  });
  // Last, so the two ends' balance rows, which every posting between the same locations takes
  // too, are held only from here to the commit (issue 21, docs/performance.md "Order writes").
  if (to === 5) await postToLedger(tx, order);
  return { warnings };
}

/** The send date of a draft being sent: today or later, an open day of the sender's country (docs/domain.md). */
async function checkSendDate(tx: Tx, order: LockedOrder) {
  const closures = new Set(
    (
      await rows<{ day: string }>(
        tx,
        sql`SELECT day FROM provider_closures WHERE country_id = ${order.fromCountry} AND day = ${order.dateSend}`,
      )
    ).map((r) => r.day),
  );
  if (order.dateSend < today() || !isOpenDay(order.dateSend, order.fromCountry as Country, closures)) {
    throw new AppError(AppErrorCode.CLOSED_DAY, { date: order.dateSend }, { dateSend: 'errors.CLOSED_DAY' });
  }
}

async function loadLines(tx: Tx, orderId: number): Promise<LineRow[]> {
  const list = await rows<LineRow>(
    tx,
    sql`SELECT ol.product_id AS "productId", ol.quantity_ordered AS ordered, ol.quantity_picked AS picked,
          ol.quantity_delivered AS delivered, ct.qty_height AS "qtyHeight"
        FROM order_lines ol JOIN products p ON p.id = ol.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE ol.order_id = ${orderId} ORDER BY ol.id`,
  );
  return list.map((l) => ({ ...l, productId: Number(l.productId) }));
}

/** A missing picked quantity is named, line by line: `transactions.<i>.quantityPicked` (the order's lines as GET Orders/{id} lists them). */
async function requirePicked(tx: Tx, auth: AuthContext, lines: LineRow[], given?: Set<number>) {
  const missing = lines.map((l, i) => ({ l, i })).filter(({ l }) => (given ? !given.has(l.productId) : l.picked === null));
  if (missing.length === 0) return;
  const names = await productNamesById(
    tx,
    auth.language,
    missing.map(({ l }) => l.productId),
  );
  const fields = Object.fromEntries(missing.map(({ i }) => [`transactions.${i}.quantityPicked`, 'validation.pickedMissing']));
  throw new AppError(
    AppErrorCode.ORDER_STATUS,
    { reasonKey: 'statusReasons.pickedMissing', product: missing.map(({ l }) => names.get(l.productId)).join(', ') },
    fields,
    400,
  );
}

/**
 * Picking (2 -> 3): every line needs its picked quantity, in whole stacks; lines picked 0
 * are removed (at least one must stay); the order's totals follow the remaining lines.
 */
async function pick(
  tx: Tx,
  auth: AuthContext,
  orderId: number,
  lines: LineRow[],
  given: { productId: number; quantity: number }[],
): Promise<StepWarning[]> {
  await requirePicked(tx, auth, lines, new Set(given.map((l) => l.productId)));
  const byProduct = new Map(lines.map((l) => [l.productId, l]));
  const fields: Record<string, string> = {};
  let stepError: { productId: number; step: number } | null = null;
  given.forEach((line, i) => {
    const step = (byProduct.get(line.productId) as LineRow).qtyHeight;
    if (!isQuantityOnStep(line.quantity, step)) {
      fields[`lines.${i}.quantity`] = 'errors.QUANTITY_STEP';
      stepError ??= { productId: line.productId, step };
    }
  });
  if (stepError) {
    const { productId, step } = stepError as { productId: number; step: number };
    const names = await productNamesById(tx, auth.language, [productId]);
    throw new AppError(AppErrorCode.QUANTITY_STEP, { product: names.get(productId), step }, fields);
  }
  if (given.every((l) => l.quantity === 0)) throw validation({ lines: 'validation.noLines' });

  const ids = `{${given.map((l) => l.productId).join(',')}}`;
  const quantities = `{${given.map((l) => l.quantity).join(',')}}`;
  await tx.execute(sql`UPDATE order_lines ol SET quantity_picked = g.quantity
    FROM unnest(${ids}::int[], ${quantities}::int[]) AS g(product_id, quantity)
    WHERE ol.order_id = ${orderId} AND ol.product_id = g.product_id`);
  await tx.execute(sql`DELETE FROM order_lines WHERE order_id = ${orderId} AND quantity_picked = 0`);
  await tx.execute(sql`UPDATE orders o SET
      quantity_total = (SELECT COALESCE(sum(quantity_ordered), 0) FROM order_lines WHERE order_id = o.id),
      weight_grams = (SELECT COALESCE(sum(ol.quantity_ordered * ct.tare_weight_grams), 0) FROM order_lines ol
        JOIN products p ON p.id = ol.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE ol.order_id = o.id)
    WHERE o.id = ${orderId}`);

  const warnings: StepWarning[] = [];
  for (const line of given) {
    const ordered = (byProduct.get(line.productId) as LineRow).ordered;
    const warning = { productId: line.productId, quantityOrdered: ordered, quantityPicked: line.quantity };
    if (line.quantity === 0) warnings.push({ code: 'lineRemoved', ...warning });
    else if (pickedVolumeWarns(ordered, line.quantity)) warnings.push({ code: 'pickedDeviation', ...warning });
  }
  return warnings;
}

async function setDelivered(tx: Tx, orderId: number, given: { productId: number; quantity: number }[]) {
  if (given.length === 0) return;
  const ids = `{${given.map((l) => l.productId).join(',')}}`;
  const quantities = `{${given.map((l) => l.quantity).join(',')}}`;
  await tx.execute(sql`UPDATE order_lines ol SET quantity_delivered = g.quantity
    FROM unnest(${ids}::int[], ${quantities}::int[]) AS g(product_id, quantity)
    WHERE ol.order_id = ${orderId} AND ol.product_id = g.product_id`);
}

/**
 * Sorting (10 -> 12): the sorted quantity per product (quality) becomes each line's delivered
 * quantity; the order's products not listed were sorted to 0; products not on the order
 * (another quality) are added as lines with 0 ordered.
 */
async function sort(tx: Tx, orderId: number, onOrder: Map<number, LineRow>, given: { productId: number; quantity: number }[]) {
  if (given.length === 0) throw validation({ lines: 'validation.required' });
  const added = given.filter((l) => !onOrder.has(l.productId));
  if (added.length) {
    const known = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM products WHERE active AND id IN (${sql.join(
        added.map((l) => sql`${l.productId}`),
        sql`, `,
      )})`,
    );
    const knownIds = new Set(known.map((p) => Number(p.id)));
    const fields: Record<string, string> = {};
    given.forEach((l, i) => {
      if (!onOrder.has(l.productId) && !knownIds.has(l.productId)) fields[`lines.${i}.productId`] = 'validation.invalid';
    });
    if (Object.keys(fields).length) throw validation(fields);
  }
  await tx.execute(sql`UPDATE order_lines SET quantity_delivered = 0 WHERE order_id = ${orderId}`);
  await setDelivered(
    tx,
    orderId,
    given.filter((l) => onOrder.has(l.productId)),
  );
  if (added.length) {
    // On a return (to a sorting depot) a line found in another quality takes the default return choice: shall be returned.
    await tx.execute(sql`INSERT INTO order_lines (order_id, product_id, quantity_ordered, quantity_delivered, shall_return)
      SELECT ${orderId}, g.product_id, 0, g.quantity,
        (SELECT CASE WHEN l.is_sorting_depot THEN true END FROM orders o JOIN locations l ON l.id = o.location_id_to WHERE o.id = ${orderId})
      FROM unnest(${`{${added.map((l) => l.productId).join(',')}}`}::int[], ${`{${added.map((l) => l.quantity).join(',')}}`}::int[]) AS g(product_id, quantity)`);
  }
}

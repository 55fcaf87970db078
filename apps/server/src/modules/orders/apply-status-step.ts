/**
 * One status step of an order, written: what POST OrderStatus, sending a draft and POST
 * OrderArrival share once the transition and the caller's right to it are settled
 * (docs/domain.md, "Status steps and their data" and "Dates of an order").
 */
import {
  AppErrorCode,
  type Country,
  hasShortage,
  type SetOrderStatusRequest,
  stepLines,
  stepNeedsComment,
  type TransactionStatusId,
} from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { visibleTo } from './find-orders.js';
import { finalQuantitySql, postToLedger } from './ledger.js';
import type { LockedOrder } from './lock-order.js';
import { recordStatusChange } from './order-events.js';
import { otherSide } from './order-parties.js';
import {
  type LineRow,
  loadLines,
  pickLines,
  requirePicked,
  type StepWarning,
  sentQuantity,
  setDelivered,
  sortLines,
  validation,
} from './status-step-lines.js';

/** A step's request without the version (checked when the order was locked). */
export type StepInput = Omit<SetOrderStatusRequest, 'version'>;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Checks and writes one step whose transition and permission are settled (set-order-status.ts,
 * arrive-order.ts): the step's data, the lines, the dates and waybill, the history with its
 * alert, and at 5 the amount and the ledger posting. Errors: VALIDATION for the step's data,
 * CLOSED_DAY for a draft's send date, ORDER_STATUS for a sorted result that does not fit 13/14
 * (and 400 for a missing picked quantity), QUANTITY_STEP for picking.
 * @returns the step's warnings (picking: lines >20% off the ordered quantity, removed 0-lines)
 */
export async function applyStep(
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
  if (kind === 'picked') warnings.push(...(await pickLines(tx, auth, order.id, lines, given)));
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
  if (kind === 'sorted') await sortLines(tx, order.id, onOrder, given);
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

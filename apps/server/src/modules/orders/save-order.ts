/**
 * POST Orders: create an order, or update a draft (issue 2 and 3; domain.md "Order kinds").
 * Rules checked on the server, each with a translated error that changes nothing:
 * - the menu area of the kind (purchase Orders/Buy, sale Dispatch/Sell, delivery Delivery;
 *   spec section 6) at the acting location and the customer side, and the scope (FORBIDDEN,
 *   NOT_FOUND);
 * - the parties (order-parties.ts): a purchase comes from a provider depot, a sale goes to
 *   one, a delivery to a customer location (VALIDATION on `locationIdFrom`/`locationIdTo`);
 * - products allowed at the receiving location (INVALID_LOCATION, NO_PRODUCTS), except for
 *   provider staff and superusers (spec section 6);
 * - quantities a multiple of the full-stack height (QUANTITY_STEP, spec section 5);
 * - the send date an open day of the sending location's country, not in the past (CLOSED_DAY);
 * - `idempotencyKey`: the same key twice from one user answers the first order;
 * - `copies` (1-50, new orders only): that many identical orders in one transaction;
 * - an external receiver only for a delivery, one of the sending customer's active external
 *   locations (order-parties.ts); a temporary address's postal code fits its country's mask;
 * - prices (price per carrier, freight, transport fee; minor units) only from provider staff.
 */
import {
  AppErrorCode,
  areaByTransactionType,
  type Country,
  isQuantityOnStep,
  postalCodeMatchesMask,
  type SaveOrderRequest,
} from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createOnce } from '../idempotency/create-once.js';
import { mayOrderAnyProduct } from '../lookups/products.js';
import { requireArea } from '../session/menu-access.js';
import { scopeLocationIds } from '../session/scope.js';
import { visibleTo } from './find-orders.js';
import { insertLines, insertOrders, type NewOrder, orderColumnList, orderRecord } from './insert-orders.js';
import { recordStatusChange } from './order-events.js';
import { orderParties, otherSide } from './order-parties.js';

export { depotFor } from './order-parties.js';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Creates or updates an order (and with `copies` its copies); see the file comment for the
 * rules and errors. Nothing is written when one copy fails.
 * @returns the ids written, the first (or only) one first
 */
export async function saveOrder(db: Db, auth: AuthContext, input: SaveOrderRequest): Promise<number[]> {
  await requireArea(db, auth, areaByTransactionType[input.transactionTypeId]);
  const copies = input.copies ?? 1;
  if (input.id && copies > 1) throw new AppError(AppErrorCode.VALIDATION, {}, { copies: 'validation.copiesNewOnly' });
  // Two requests with one key at once: the unique index on the orders' keys lets one in; the other answers it.
  const key = input.id ? undefined : input.idempotencyKey;
  return createOnce(
    db,
    key,
    (reader) => findByKey(reader, auth.user.id, key ?? ''),
    () =>
      db.transaction(async (tx) => {
        const ids = [await writeOrder(tx, auth, input)];
        for (let i = 1; i < copies; i++) ids.push(await writeOrder(tx, auth, { ...input, idempotencyKey: undefined }));
        return ids;
      }),
  );
}

/** The orders made by the request with this key: the keyed one and its copies (created in the same statement time). */
async function findByKey(db: Tx, userId: number, key: string): Promise<number[] | null> {
  const [row] = await rows<{ id: number; createdAt: string }>(
    db,
    sql`SELECT id, created_at::text AS "createdAt" FROM orders WHERE created_by_user_id = ${userId} AND idempotency_key = ${key}`,
  );
  if (!row) return null;
  const copies = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE created_by_user_id = ${userId} AND created_at = ${row.createdAt}::timestamptz AND id > ${row.id}
          AND idempotency_key IS NULL ORDER BY id`,
  );
  return [Number(row.id), ...copies.map((c) => Number(c.id))];
}

/**
 * Creates or updates one order inside the caller's transaction, with every rule of the file
 * comment (the first failing rule throws its AppError), its lines, history row, alert and mail
 * (a new order through insertOrders of insert-orders.ts, which the Excel import uses for all
 * of a file's orders after checking them with the same rules, order-import/validate-import.ts).
 * @returns the order's id
 */
export async function writeOrder(tx: Tx, auth: AuthContext, input: SaveOrderRequest): Promise<number> {
  const scope = await scopeLocationIds(tx, auth);
  const type = input.transactionTypeId;
  // Who the parties are is decided in one place, for every way an order is placed (order-parties.ts).
  const { own: ownParty, from, to } = await orderParties(tx, auth, scope, input);
  if (!auth.isProvider) {
    const priced = (['price', 'freight', 'transportFee'] as const).filter((f) => input[f] !== undefined);
    if (priced.length)
      throw new AppError(AppErrorCode.VALIDATION, {}, Object.fromEntries(priced.map((f) => [f, 'validation.providerOnly'])));
  }
  if (input.truckTypeId) {
    const [truck] = await rows<{ id: number }>(tx, sql`SELECT id FROM truck_types WHERE id = ${input.truckTypeId}`);
    if (!truck) throw new AppError(AppErrorCode.VALIDATION, {}, { truckTypeId: 'validation.invalid' });
  }
  if (input.tempAddress) {
    const [country] = await rows<{ mask: string }>(
      tx,
      sql`SELECT zip_code_mask AS mask FROM countries WHERE id = ${input.tempAddress.countryId}`,
    );
    if (!country || !postalCodeMatchesMask(input.tempAddress.postalCode, country.mask)) {
      throw new AppError(AppErrorCode.VALIDATION, {}, { 'tempAddress.postalCode': 'validation.postalCode' });
    }
  }

  const lines = input.lines.filter((l) => l.quantityOrdered > 0);
  if (lines.length === 0) throw new AppError(AppErrorCode.VALIDATION, {}, { lines: 'validation.noLines' });
  const products = await rows<{ id: number; name: string; qtyHeight: number; tare: number; allowed: boolean; anyAllowed: boolean }>(
    tx,
    sql`SELECT p.id, p.name, ct.qty_height AS "qtyHeight", ct.tare_weight_grams AS tare,
          EXISTS (SELECT 1 FROM location_products lp WHERE lp.location_id = ${to?.id ?? 0} AND lp.product_id = p.id) AS allowed,
          EXISTS (SELECT 1 FROM location_products lp WHERE lp.location_id = ${to?.id ?? 0}) AS "anyAllowed"
        FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE p.id IN (${sql.join(
          lines.map((l) => sql`${l.productId}`),
          sql`, `,
        )}) AND p.active`,
  );
  const byId = new Map(products.map((p) => [Number(p.id), p]));
  const mayOrderAnything = mayOrderAnyProduct(auth) || !to;
  const fields: Record<string, string> = {};
  let stepError: { product: string; step: number } | null = null;
  const seen = new Set<number>();
  // The return choice belongs to returns only: orders to a sorting depot (docs/domain.md "Returns").
  const isReturn = !!to?.isSortingDepot;
  input.lines.forEach((line, i) => {
    if (line.shallReturn !== undefined && !isReturn) fields[`lines.${i}.shallReturn`] = 'validation.returnChoiceOnReturns';
    if (line.quantityOrdered === 0) return;
    const product = byId.get(line.productId);
    if (seen.has(line.productId)) fields[`lines.${i}.productId`] = 'validation.duplicate';
    seen.add(line.productId);
    if (!product) fields[`lines.${i}.productId`] = 'validation.invalid';
    else if (!isQuantityOnStep(line.quantityOrdered, product.qtyHeight)) {
      fields[`lines.${i}.quantityOrdered`] = 'errors.QUANTITY_STEP';
      stepError ??= { product: product.name, step: product.qtyHeight };
    }
  });
  if (!mayOrderAnything && products.length > 0 && !products[0]?.anyAllowed) throw new AppError(AppErrorCode.NO_PRODUCTS);
  if (!mayOrderAnything && products.some((p) => !p.allowed)) throw new AppError(AppErrorCode.INVALID_LOCATION);
  if (stepError) throw new AppError(AppErrorCode.QUANTITY_STEP, stepError, fields);
  if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);

  const closures = new Set(
    (
      await rows<{ day: string }>(
        tx,
        sql`SELECT day FROM provider_closures WHERE country_id = ${from.countryId} AND day = ${input.dateSend}`,
      )
    ).map((r) => r.day),
  );
  if (!input.draft && (input.dateSend < today() || !isOpenDay(input.dateSend, from.countryId as Country, closures))) {
    throw new AppError(AppErrorCode.CLOSED_DAY, { date: input.dateSend }, { dateSend: 'errors.CLOSED_DAY' });
  }

  const order: NewOrder = {
    input,
    own: ownParty,
    from,
    to,
    tareGrams: new Map(products.map((p) => [Number(p.id), Number(p.tare)])),
    idempotencyKey: input.idempotencyKey ?? null,
  };
  if (!input.id) {
    const [id] = await insertOrders(tx, auth, [order]);
    return id as number;
  }
  const [current] = await rows<{ status: number; type: number; from: number; to: number | null }>(
    tx,
    sql`SELECT transaction_status_id AS status, transaction_type_id AS type, location_id_from AS from, location_id_to AS to
        FROM orders WHERE id = ${input.id} FOR UPDATE`,
  );
  if (!current || !visibleTo(scope, current.type, current.status, current.from, current.to)) throw notFound();
  if (current.type !== type) throw new AppError(AppErrorCode.VALIDATION, {}, { transactionTypeId: 'validation.invalid' });
  if (current.status !== 0) throw new AppError(AppErrorCode.ORDER_STATUS, { reasonKey: 'statusReasons.deleted' });
  const record = orderRecord(order);
  await tx.execute(sql`UPDATE orders SET (${orderColumnList}) = (SELECT ${orderColumnList}
      FROM jsonb_populate_record(NULL::orders, ${JSON.stringify(record)}::jsonb)), version = version + 1, updated_at = now()
    WHERE id = ${input.id}`);
  await tx.execute(sql`DELETE FROM order_lines WHERE order_id = ${input.id}`);
  await insertLines(tx, [{ id: input.id, order }]);
  if (record.transaction_status_id !== 0)
    await recordStatusChange(tx, {
      orderId: input.id,
      from: 0,
      to: record.transaction_status_id,
      userId: auth.user.id,
      alertLocationId: otherSide(auth, from.id, to?.id ?? null),
    });
  return input.id;
}

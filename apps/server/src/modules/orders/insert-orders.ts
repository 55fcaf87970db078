/**
 * New orders written in bulk (save-order.ts for one, the Excel import for a file's): the `orders`
 * row an order's request and parties decide, its lines, and the first status change.
 */
import { initialStatus, type SaveOrderRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { recordStatusChanges } from './order-events.js';
import { otherSide, type PartyRow } from './order-parties.js';

/**
 * A new order whose rules are checked (by writeOrder, or for the Excel import by
 * validate-import.ts with the same rules), with what it copies from its parties and products.
 */
export interface NewOrder {
  /** The order as POST Orders takes it; lines of quantity 0 are not written. */
  input: SaveOrderRequest;
  /** The customer side: the to-location of a purchase, else the from-location (its currency is the order's). */
  own: PartyRow;
  from: PartyRow;
  /** The receiving location; null for an external receiver. */
  to: PartyRow | null;
  /** The tare weight in grams of each product on the order (its carrier's). */
  tareGrams: ReadonlyMap<number, number>;
  idempotencyKey: string | null;
}

/** The columns of `orders` an order's request and parties decide (orderRecord), in one list. */
const orderColumns = [
  'transaction_type_id',
  'transaction_status_id',
  'location_id_from',
  'location_id_to',
  'external_location_id_to',
  'customer_group_from',
  'customer_group_to',
  'date_pickup',
  'date_send',
  'reference_own',
  'reference_sender',
  'reference_receiver',
  'reference_transport',
  'currency',
  'truck_type_id',
  'info_text',
  'transport_text',
  'is_receiver_registered',
  'quantity_total',
  'weight_grams',
  'load_text',
  'car_type',
  'fuel',
  'customs_handler',
  'temp_address_name',
  'temp_address_street',
  'temp_address_postal_code',
  'temp_address_postal_name',
  'temp_address_country_id',
  'price',
  'amount',
  'freight',
  'transport_fee',
  'auto_commit',
  'reception_days',
  'return_days',
] as const;
/** The columns of `orderColumns`, for a statement's column list. */
export const orderColumnList = sql.raw(orderColumns.join(', '));

/**
 * The `orders` columns of a new or updated order, as `jsonb_populate_record(NULL::orders, ...)`
 * reads them: its status (initialStatus), its parties' customer groups and the receiver's auto
 * commit, reception and return days, the customer side's currency, the total quantity and
 * tare weight (grams) of its lines, and amount = price x total quantity.
 */
export function orderRecord(order: NewOrder): Record<(typeof orderColumns)[number], unknown> & { transaction_status_id: number } {
  const { input, from, to } = order;
  const lines = input.lines.filter((l) => l.quantityOrdered > 0);
  const quantityTotal = lines.reduce((sum, l) => sum + l.quantityOrdered, 0);
  const temp = input.tempAddress;
  return {
    transaction_type_id: input.transactionTypeId,
    transaction_status_id: initialStatus(input.transactionTypeId, input.draft),
    location_id_from: from.id,
    location_id_to: to?.id ?? null,
    external_location_id_to: input.externalLocationIdTo ?? null,
    customer_group_from: from.customerGroup,
    customer_group_to: to?.customerGroup ?? null,
    date_pickup: input.datePickup ?? null,
    date_send: input.dateSend,
    reference_own: input.referenceOwn ?? null,
    reference_sender: input.referenceSender ?? null,
    reference_receiver: input.referenceReceiver ?? null,
    reference_transport: input.referenceTransport ?? null,
    currency: order.own.currency,
    truck_type_id: input.truckTypeId ?? null,
    info_text: input.infoText ?? null,
    transport_text: input.transportText ?? null,
    is_receiver_registered: to !== null,
    quantity_total: quantityTotal,
    weight_grams: lines.reduce((sum, l) => sum + l.quantityOrdered * (order.tareGrams.get(l.productId) ?? 0), 0),
    load_text: input.loadText ?? null,
    car_type: input.carType ?? null,
    fuel: input.fuel ?? null,
    customs_handler: input.customsHandler ?? null,
    temp_address_name: temp?.name ?? null,
    temp_address_street: temp?.street ?? null,
    temp_address_postal_code: temp?.postalCode ?? null,
    temp_address_postal_name: temp?.postalName ?? null,
    temp_address_country_id: temp?.countryId ?? null,
    price: input.price ?? null,
    amount: input.price === undefined ? null : input.price * quantityTotal,
    freight: input.freight ?? null,
    transport_fee: input.transportFee ?? null,
    auto_commit: to?.autoCommit ?? false,
    reception_days: to?.receptionDays ?? null,
    return_days: to?.returnDays ?? null,
  };
}

/**
 * Inserts new orders with one statement per table however many there are: the orders, their
 * lines, and (recordStatusChanges) one history row each (none -> 0 Draft, 1 Ordered or 4
 * Sent), an alert for the other party when sent, and the order mail. Used by writeOrder for
 * one order and by the Excel import for all of a file's orders; the caller has checked the
 * rules. The ids are taken from the orders' sequence first, so they follow `orders`' order.
 * @returns the new orders' ids, in the order of `orders`
 */
export async function insertOrders(tx: Tx, auth: AuthContext, orders: readonly NewOrder[]): Promise<number[]> {
  if (orders.length === 0) return [];
  const ids = (
    await rows<{ id: number }>(
      tx,
      sql`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id FROM generate_series(1, ${orders.length}::int)`,
    )
  )
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
  const records = orders.map((order, n) => ({
    id: ids[n],
    ...orderRecord(order),
    idempotency_key: order.idempotencyKey,
    created_by_user_id: auth.user.id,
  }));
  await tx.execute(sql`INSERT INTO orders (id, ${orderColumnList}, idempotency_key, created_by_user_id)
    SELECT id, ${orderColumnList}, idempotency_key, created_by_user_id
    FROM jsonb_populate_recordset(NULL::orders, ${JSON.stringify(records)}::jsonb)`);
  await insertLines(
    tx,
    orders.map((order, n) => ({ id: ids[n] as number, order })),
  );
  await recordStatusChanges(
    tx,
    records.map((record, n) => ({
      orderId: record.id as number,
      from: null,
      to: record.transaction_status_id,
      userId: auth.user.id,
      alertLocationId: record.transaction_status_id === 0 ? null : otherSide(auth, orders[n]?.from.id ?? 0, orders[n]?.to?.id ?? null),
    })),
  );
  return ids;
}

/**
 * Writes the lines of orders with one statement; before the status change, so its mail lists
 * them. On a return (an order to a sorting depot) each line keeps its return choice (shall be
 * returned unless the caller said not); elsewhere none.
 */
export async function insertLines(tx: Tx, orders: readonly { id: number; order: NewOrder }[]): Promise<void> {
  const lines = orders.flatMap(({ id, order }) =>
    order.input.lines
      .filter((l) => l.quantityOrdered > 0)
      .map((l) => ({
        order_id: id,
        product_id: l.productId,
        quantity_ordered: l.quantityOrdered,
        shall_return: order.to?.isSortingDepot ? (l.shallReturn ?? true) : null,
      })),
  );
  if (lines.length === 0) return;
  await tx.execute(sql`INSERT INTO order_lines (order_id, product_id, quantity_ordered, shall_return)
    SELECT order_id, product_id, quantity_ordered, shall_return
    FROM jsonb_populate_recordset(NULL::order_lines, ${JSON.stringify(lines)}::jsonb)`);
}

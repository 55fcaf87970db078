/**
 * The write of an Excel import (issue 7, "Speed a user feels"): the orders validate-import.ts
 * made from the file's valid rows, checked there row by row with the rules of POST Orders, are
 * written with one statement per table for all of them (insertOrders, the same code POST Orders
 * writes one order with: orders, lines, history, alerts, mails; the `order_counts` trigger
 * keeps the grid's totals). No rule is checked here: this only reads what the orders copy from
 * their parties and products.
 */
import type { SaveOrderRequest } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { insertOrders, type NewOrder } from '../orders/insert-orders.js';
import { partiesById } from '../orders/order-parties.js';

/**
 * Writes checked orders inside the caller's transaction with a fixed number of statements.
 * @param orders POST Orders bodies as validateImport made them: each names its from-location
 *   and its to-location or external receiver
 * @param keys the idempotency key of each order (`<importKey>:<n>`), or none
 * @returns the new orders' ids, in the order of `orders`
 */
export async function writeImportedOrders(
  tx: Tx,
  auth: AuthContext,
  orders: readonly SaveOrderRequest[],
  keys?: readonly string[],
): Promise<number[]> {
  const locationIds = orders.flatMap((o) => [o.locationIdFrom ?? 0, o.locationIdTo ?? 0]).filter((id) => id > 0);
  const parties = await partiesById(tx, locationIds);
  const productIds = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)))];
  const tareGrams = new Map(
    (
      await rows<{ id: number; tare: number }>(
        tx,
        sql`SELECT p.id, ct.tare_weight_grams AS tare FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
            WHERE p.id = ANY(${`{${productIds.join(',')}}`}::int[])`,
      )
    ).map((p) => [Number(p.id), Number(p.tare)]),
  );
  const party = (id: number | undefined) => {
    const found = id ? parties.get(id) : undefined;
    // validateImport named only locations it read in this transaction; a missing one is a bug.
    if (!found) throw new Error(`Import: location ${id} not found`);
    return found;
  };
  const newOrders = orders.map((input, n): NewOrder => {
    const from = party(input.locationIdFrom);
    const to = input.externalLocationIdTo ? null : party(input.locationIdTo);
    return {
      input,
      own: input.transactionTypeId === 1 ? (to ?? from) : from,
      from,
      to,
      tareGrams,
      idempotencyKey: keys?.[n] ?? null,
    };
  });
  return insertOrders(tx, auth, newOrders);
}

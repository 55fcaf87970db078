/**
 * Quantities within reason on a pallet receipt (issue 20; docs/pallet-receipts.md, "Quantities
 * within reason"):
 * - one line carries at most one truckload of its carrier in each direction: the most stack
 *   places of a truck type in the portal (TruckTypes: tpuCount + tpuCount2; 36 in the demo, a
 *   truck with its trailer) times the carrier's full-stack height (`qtyHeight`: 15 EUR pallets),
 *   so 540 EUR pallets; a receipt names one vehicle (its car number). Above: 400
 *   `validation.aboveTruckload` on the line's field;
 * - the location returns no more of a product than it holds: its balance (both kinds) plus what
 *   this receipt delivers of it. Above: 400 `validation.returnedAboveBalance` on the line's
 *   `returned`, unless the writer asks for provider staff's approval (`requestApproval`), then
 *   the receipt waits for it. A provider depot's own receipts and provider staff's are not held to
 *   this (the depots are the pool's stock; provider staff are the ones who approve).
 * Containers never reach here (checkProducts refuses them).
 */
import { AppErrorCode } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';

/** Stack places of a truck when the portal has no truck types: a semitrailer's 33 EUR pallet places. */
export const DEFAULT_STACK_PLACES = 33;

/** One line as checked: the carriers delivered to and returned by the location. */
export interface QuantityLine {
  productId: number;
  delivered: number;
  returned: number;
}

/** The truckload of each product (see the file comment), by product id. */
export async function truckloads(tx: Tx, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const list = await rows<{ productId: number; max: number }>(
    tx,
    sql`SELECT p.id AS "productId",
          (ct.qty_height * COALESCE((SELECT max(tpu_count + tpu_count2) FROM truck_types), ${DEFAULT_STACK_PLACES}))::int AS max
        FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE p.id IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(list.map((row) => [Number(row.productId), Number(row.max)]));
}

/**
 * Throws VALIDATION (400) naming each field above its product's truckload (`lines.<i>.delivered`,
 * `lines.<i>.returned`, with `max` for its message).
 */
export async function checkTruckloads(tx: Tx, lines: readonly QuantityLine[]): Promise<void> {
  const max = await truckloads(
    tx,
    lines.map((l) => l.productId),
  );
  const fields: Record<string, string> = {};
  const fieldParams: Record<string, Record<string, unknown>> = {};
  lines.forEach((line, index) => {
    const limit = max.get(line.productId);
    if (limit === undefined) return;
    for (const field of ['delivered', 'returned'] as const) {
      if (line[field] <= limit) continue;
      fields[`lines.${index}.${field}`] = 'validation.aboveTruckload';
      fieldParams[`lines.${index}.${field}`] = { max: limit };
    }
  });
  if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, { fieldParams }, fields);
}

/**
 * Whether the location returns more of a product than it holds (see the file comment).
 * @returns true when it does and `requestApproval` is set (the receipt waits for approval); false when it does not
 * @throws VALIDATION (400) on each such `lines.<i>.returned` (with `available`) without `requestApproval`
 */
export async function returnsAboveHoldings(
  tx: Tx,
  locationId: number,
  lines: readonly QuantityLine[],
  requestApproval: boolean,
): Promise<boolean> {
  const returning = lines.filter((l) => l.returned > 0);
  if (returning.length === 0) return false;
  const held = await rows<{ productId: number; quantity: number }>(
    tx,
    sql`SELECT product_id AS "productId", sum(quantity)::int AS quantity FROM balances
        WHERE location_id = ${locationId} AND product_id IN (${sql.join(
          returning.map((l) => sql`${l.productId}`),
          sql`, `,
        )}) GROUP BY product_id`,
  );
  const balance = new Map(held.map((row) => [Number(row.productId), Number(row.quantity)]));
  const fields: Record<string, string> = {};
  const fieldParams: Record<string, Record<string, unknown>> = {};
  lines.forEach((line, index) => {
    const available = Math.max(0, balance.get(line.productId) ?? 0) + line.delivered;
    if (line.returned <= available) return;
    fields[`lines.${index}.returned`] = 'validation.returnedAboveBalance';
    fieldParams[`lines.${index}.returned`] = { available };
  });
  if (Object.keys(fields).length === 0) return false;
  if (requestApproval) return true;
  throw new AppError(AppErrorCode.VALIDATION, { fieldParams }, fields);
}

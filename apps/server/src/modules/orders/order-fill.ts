/**
 * GET OrderFill: the fill degree of an order on its truck (domain.md, "Carriers";
 * docs/domain.md, "Fill degree"): the order's full stacks (each line's quantity over its
 * carrier's full-stack height) over the truck's stack places (tpuCount + tpuCount2, each
 * place one stack of the truck's qtyHeight or qtyHeight2). Above 1 the load does not fit
 * (the web shows it red, one decimal). The same rule as GET ScheduleOrderFill.
 */
import { AppErrorCode, type OrderFill, orderAreas } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { scopeLocationIds } from '../session/scope.js';
import { visibleTo } from './find-orders.js';

export interface FillLine {
  /** Carriers. */
  quantity: number;
  /** The carrier's full-stack height. */
  qtyHeight: number;
}

export interface FillTruck {
  tpuCount: number;
  tpuCount2: number;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The fill degree of `lines` on `truck`. Pure.
 * @returns stacks and capacity (3 decimals), fill = stacks / capacity (4 decimals; 0 for a truck without places)
 */
export function fillOf(lines: readonly FillLine[], truck: FillTruck): Omit<OrderFill, 'truckTypeId'> {
  const stacks = lines.reduce((sum, l) => sum + l.quantity / Math.max(1, l.qtyHeight), 0);
  const capacity = truck.tpuCount + truck.tpuCount2;
  return { stacks: round(stacks, 3), capacity, fill: capacity > 0 ? round(stacks / capacity, 4) : 0 };
}

/**
 * The fill degree of a saved order (`id`: its picked, else ordered quantities; its truck
 * unless `truckTypeId` names another) or of unsaved `lines` on `truckTypeId`; without a truck
 * the default truck type. Errors: FORBIDDEN when the menu has no order list; NOT_FOUND for an
 * order outside scope; VALIDATION for an unknown truck type or product.
 */
export async function getOrderFill(
  db: Tx,
  auth: AuthContext,
  q: { id?: number; truckTypeId?: number; lines?: { productId: number; quantity: number }[] },
): Promise<OrderFill> {
  // The order dialog and the order's page (spec section 6: behind the order lists of the menu).
  await requireArea(db, auth, orderAreas);
  let truckTypeId = q.truckTypeId ?? null;
  let lines: FillLine[];
  if (q.id !== undefined) {
    const [order] = await rows<{ type: number; status: number; fromId: number; toId: number | null; truckTypeId: number | null }>(
      db,
      sql`SELECT transaction_type_id AS type, transaction_status_id AS status, location_id_from AS "fromId",
            location_id_to AS "toId", truck_type_id AS "truckTypeId" FROM orders WHERE id = ${q.id}`,
    );
    const scope = await scopeLocationIds(db, auth);
    if (!order || !visibleTo(scope, order.type, order.status, order.fromId, order.toId)) throw notFound();
    truckTypeId ??= order.truckTypeId;
    lines = await rows<FillLine>(
      db,
      sql`SELECT COALESCE(ol.quantity_picked, ol.quantity_ordered) AS quantity, ct.qty_height AS "qtyHeight"
          FROM order_lines ol JOIN products p ON p.id = ol.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id
          WHERE ol.order_id = ${q.id}`,
    );
  } else {
    const given = q.lines ?? [];
    const carriers = await rows<FillLine & { id: number }>(
      db,
      sql`SELECT p.id, ct.qty_height AS "qtyHeight", 0 AS quantity
          FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
          WHERE p.id IN (${sql.join(
            [0, ...given.map((l) => l.productId)].map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const byId = new Map(carriers.map((c) => [Number(c.id), c]));
    const unknown = given.findIndex((l) => !byId.has(l.productId));
    if (unknown >= 0) throw new AppError(AppErrorCode.VALIDATION, {}, { lines: 'validation.invalid' });
    lines = given.map((l) => ({ ...(byId.get(l.productId) as FillLine), quantity: l.quantity }));
  }
  const [truck] = await rows<FillTruck & { id: number }>(
    db,
    sql`SELECT id, tpu_count AS "tpuCount", tpu_count2 AS "tpuCount2"
        FROM truck_types ${truckTypeId === null ? sql`ORDER BY is_default DESC, id` : sql`WHERE id = ${truckTypeId}`} LIMIT 1`,
  );
  if (!truck) throw new AppError(AppErrorCode.VALIDATION, {}, { truckTypeId: 'validation.invalid' });
  return { truckTypeId: Number(truck.id), ...fillOf(lines, truck) };
}

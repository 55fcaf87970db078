/**
 * GET Widgets/environment (spec section 9, "Widgets: environment"): per calendar month at the
 * acting location, the fill degree of the orders' trucks, the reuse degree of the carriers
 * moved and the CO2 saved against new one-way carriers. Orders from or to the location by
 * send date, drafts (0), cancelled (7) and replaced (8) left out, as the volume widget.
 * Method, factors and sources: packages/domain/src/environment.ts, environment-factors.ts and docs/environment.md.
 */
import { co2SavedKg, type EnvironmentMonth, fillDegree, monthsEndingAt, reuseDegree } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';

/** An order of the months at the location: its month (yyyy-MM) and the stack places of its truck. */
interface OrderRow {
  id: number;
  month: string;
  places: number;
}

/** A line of one of those orders: final quantity, carrier type, newness and full-stack height. */
interface LineRow {
  orderId: number;
  code: string;
  isNew: boolean;
  quantity: number;
  qtyHeight: number;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The last `months` calendar months (the current one last, by UTC date) at the caller's acting
 * location; a user without one sees months without orders. Every user may read it: the start
 * page is open to all (spec section 6), and it shows only the caller's own location.
 * @returns one entry per month, oldest first
 */
export async function getEnvironmentWidget(db: Tx, auth: AuthContext, months: number, today: string): Promise<EnvironmentMonth[]> {
  const range = monthsEndingAt(today, months);
  const location = auth.locationId ?? 0;
  // Two index range reads (orders_from_send_idx, orders_to_send_idx) for the months, with each
  // order's truck places (its truck type, else the default one, as GET OrderFill).
  const orders = await rows<OrderRow>(
    db,
    sql`SELECT o.id, to_char(o.date_send, 'YYYY-MM') AS month,
               COALESCE(t.tpu_count + t.tpu_count2,
                        (SELECT tpu_count + tpu_count2 FROM truck_types ORDER BY is_default DESC, id LIMIT 1)) AS places
        FROM (
          SELECT id, date_send, truck_type_id FROM orders
            WHERE location_id_from = ${location} AND date_send >= ${range.from} AND date_send < ${range.to}
              AND transaction_status_id NOT IN (0, 7, 8)
          UNION
          SELECT id, date_send, truck_type_id FROM orders
            WHERE location_id_to = ${location} AND date_send >= ${range.from} AND date_send < ${range.to}
              AND transaction_status_id NOT IN (0, 7, 8)
        ) o
        LEFT JOIN truck_types t ON t.id = o.truck_type_id`,
  );
  // Their lines, the ids as one array parameter, so the planner sees how many there are: for a
  // customer location it reads them by the (order_id, product_id) index; only for a depot that
  // holds a large share of all orders does it scan order_lines, which is then the cheaper read.
  // (Joined in one statement, it hashed the whole table for every location.)
  const lines =
    orders.length === 0
      ? []
      : await rows<LineRow>(
          db,
          sql`SELECT ol.order_id AS "orderId", ct.code, q.code = 'NEW' AS "isNew",
                     COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered) AS quantity,
                     ct.qty_height AS "qtyHeight"
              FROM order_lines ol
              JOIN products p ON p.id = ol.product_id
              JOIN carrier_types ct ON ct.id = p.carrier_type_id
              JOIN qualities q ON q.id = p.quality_id
              WHERE ol.order_id = ANY (${`{${orders.map((o) => Number(o.id)).join(',')}}`}::bigint[])`,
        );
  const linesOf = new Map<number, LineRow[]>();
  for (const line of lines) {
    const id = Number(line.orderId);
    linesOf.set(id, [...(linesOf.get(id) ?? []), line]);
  }
  return range.months.map((month) => {
    const own = orders.filter((order) => order.month === month);
    const ownLines = own.flatMap((order) => linesOf.get(Number(order.id)) ?? []);
    const moved = ownLines.reduce((sum, line) => sum + Number(line.quantity), 0);
    const newCarriers = ownLines.filter((line) => line.isNew).reduce((sum, line) => sum + Number(line.quantity), 0);
    const fill = fillDegree(
      own
        .filter((order) => linesOf.has(Number(order.id)))
        .map((order) => ({
          places: Number(order.places),
          stacks: (linesOf.get(Number(order.id)) ?? []).reduce((sum, l) => sum + Number(l.quantity) / Math.max(1, l.qtyHeight), 0),
        })),
    );
    const reuse = reuseDegree(moved, newCarriers);
    const saved = co2SavedKg(
      ownLines.filter((line) => !line.isNew).map((line) => ({ carrierTypeCode: line.code, reused: Number(line.quantity) })),
    );
    return {
      month,
      fillDegree: fill === null ? null : round(fill, 4),
      reuseDegree: reuse === null ? null : round(reuse, 4),
      carriersMoved: moved,
      co2SavedKg: round(saved, 1),
    };
  });
}

/**
 * GET Widgets/environment (spec section 9, "Widgets: environment"): per calendar month at the
 * acting location, the fill degree of the orders' trucks, the reuse degree of the carriers
 * moved and the CO2 saved against new one-way carriers. Orders from or to the location by
 * send date, drafts (0), cancelled (7) and replaced (8) left out, as the volume widget.
 * Method, factors and sources: packages/domain/src/environment.ts and docs/environment.md.
 */
import { co2SavedKg, type EnvironmentMonth, monthsEndingAt, reuseDegree } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';

/** One aggregate row: carriers of a month per carrier type and newness, or (kind 'fill') its stacks and truck places. */
interface MonthRow {
  kind: 'carriers' | 'fill';
  month: string;
  code: string | null;
  isNew: boolean | null;
  quantity: number | null;
  stacks: number | null;
  capacity: number | null;
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
  // Two index range reads (orders_from_send_idx, orders_to_send_idx) for the months, the lines
  // of those orders by their unique (order_id, product_id) index, then small reference tables.
  // An order's capacity mirrors truckCapacity() of @portal/domain: the stack places of its
  // truck (else the default truck type, as GET OrderFill) times the trucks its load fills.
  const found = await rows<MonthRow>(
    db,
    sql`WITH default_truck AS (
          SELECT tpu_count + tpu_count2 AS places FROM truck_types ORDER BY is_default DESC, id LIMIT 1
        ),
        o AS MATERIALIZED (
          SELECT id, date_send, truck_type_id FROM orders
            WHERE location_id_from = ${location} AND date_send >= ${range.from} AND date_send < ${range.to}
              AND transaction_status_id NOT IN (0, 7, 8)
          UNION
          SELECT id, date_send, truck_type_id FROM orders
            WHERE location_id_to = ${location} AND date_send >= ${range.from} AND date_send < ${range.to}
              AND transaction_status_id NOT IN (0, 7, 8)
        ),
        l AS MATERIALIZED (
          SELECT o.id, to_char(o.date_send, 'YYYY-MM') AS month,
                 COALESCE(t.tpu_count + t.tpu_count2, (SELECT places FROM default_truck)) AS places,
                 ct.code, q.code = 'NEW' AS is_new,
                 COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered) AS quantity,
                 GREATEST(ct.qty_height, 1) AS qty_height
          FROM o
          JOIN order_lines ol ON ol.order_id = o.id
          JOIN products p ON p.id = ol.product_id
          JOIN carrier_types ct ON ct.id = p.carrier_type_id
          JOIN qualities q ON q.id = p.quality_id
          LEFT JOIN truck_types t ON t.id = o.truck_type_id
        ),
        per_order AS (
          SELECT month, places, sum(quantity::numeric / qty_height) AS stacks FROM l GROUP BY id, month, places
        )
        SELECT 'carriers' AS kind, month, code, is_new AS "isNew", sum(quantity)::float8 AS quantity,
               NULL::float8 AS stacks, NULL::float8 AS capacity
          FROM l GROUP BY month, code, is_new
        UNION ALL
        SELECT 'fill', month, NULL, NULL, NULL, sum(stacks)::float8,
               sum(places * GREATEST(1, CEIL(ROUND(stacks / places, 6))))::float8
          FROM per_order WHERE places > 0 GROUP BY month`,
  );
  return range.months.map((month) => {
    const own = found.filter((row) => row.month === month);
    const carriers = own.filter((row) => row.kind === 'carriers');
    const moved = carriers.reduce((sum, row) => sum + Number(row.quantity), 0);
    const newCarriers = carriers.filter((row) => row.isNew).reduce((sum, row) => sum + Number(row.quantity), 0);
    const fill = own.find((row) => row.kind === 'fill');
    const reuse = reuseDegree(moved, newCarriers);
    const saved = co2SavedKg(
      carriers.filter((row) => !row.isNew).map((row) => ({ carrierTypeCode: String(row.code), reused: Number(row.quantity) })),
    );
    return {
      month,
      fillDegree: fill && Number(fill.capacity) > 0 ? round(Math.min(1, Number(fill.stacks) / Number(fill.capacity)), 4) : null,
      reuseDegree: reuse === null ? null : round(reuse, 4),
      carriersMoved: moved,
      co2SavedKg: round(saved, 1),
    };
  });
}

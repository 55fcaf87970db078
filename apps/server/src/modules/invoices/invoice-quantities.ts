/**
 * What a month's invoices charge, read from the ledger (docs/invoicing.md, "Fee bases"): for a
 * set of customers and one period, the pooling quantities (carriers received, trips, daily
 * pooling balances, carriers lost, container-days rented) and the commission quantities (carriers bought from and
 * sold back to the provider). Set-based: a few statements for any number of customers, so the
 * seed's two years of invoices cost the same statements per month as the job's one customer.
 * Only customer locations count; the provider's depots are the other side of every fee.
 */
import type { BalanceDay, CommissionQuantities, PoolingQuantities } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { containerDaysSql } from '../containers/rental-days.js';
import { dayHireWindowStart } from './price-list.js';

/** The quantities of one customer and month. */
export interface CustomerQuantities {
  pooling: PoolingQuantities;
  commission: CommissionQuantities;
}

const empty = (): CustomerQuantities => ({
  pooling: { received: new Map(), trips: new Map(), balances: [], lost: new Map(), containerDays: new Map() },
  commission: { bought: new Map(), soldBack: new Map() },
});

const addTo = (map: ReadonlyMap<number, number>, key: number, quantity: number) =>
  (map as Map<number, number>).set(key, (map.get(key) ?? 0) + quantity);

/**
 * The quantities of `customerIds` for the month from `from` to `to` (yyyy-MM-dd, inclusive).
 * Customers with nothing in the month are left out of the answer.
 */
export async function readInvoiceQuantities(
  tx: Tx,
  customerIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, CustomerQuantities>> {
  const result = new Map<number, CustomerQuantities>();
  if (customerIds.length === 0) return result;
  const of = (customerId: number) => {
    const id = Number(customerId);
    const found = result.get(id);
    if (found) return found;
    const q = empty();
    result.set(id, q);
    return q;
  };
  const ids = sql`${`{${customerIds.join(',')}}`}::int[]`;

  // Movements: order entries booked in the month, and count-audit corrections whose count was
  // confirmed in it (the audit's `decided_at`: the entry's own `created_at` is the seed's run for
  // the demo history's counts).
  const moves = await rows<{ customerId: number; kind: string; carrierTypeId: number; productId: number; quantity: number }>(
    tx,
    sql`SELECT l.customer_id AS "customerId", m.kind, p.carrier_type_id AS "carrierTypeId", e.product_id AS "productId",
          sum(abs(e.quantity))::int AS quantity
        FROM ledger_entries e
        JOIN locations l ON l.id = e.location_id
        JOIN products p ON p.id = e.product_id
        LEFT JOIN orders o ON o.id = e.order_id
        LEFT JOIN count_audits a ON a.id = e.count_audit_id
        LEFT JOIN locations lf ON lf.id = o.location_id_from
        LEFT JOIN locations lt ON lt.id = o.location_id_to
        CROSS JOIN LATERAL (SELECT CASE
          WHEN e.source = 'order' AND e.balance_kind = 'pooling' AND e.quantity > 0 THEN 'received'
          WHEN e.source = 'order' AND e.balance_kind = 'pooling' AND e.quantity < 0 AND lt.type_id <> 'NLP' THEN 'trip'
          WHEN e.source = 'order' AND e.balance_kind = 'commission' AND lt.id IS NOT NULL AND lf.customer_id <> lt.customer_id
            THEN CASE WHEN e.quantity > 0 THEN 'bought' ELSE 'soldBack' END
          WHEN e.source = 'correction' AND e.balance_kind = 'pooling' AND e.quantity < 0 THEN 'lost'
        END AS kind) m
        WHERE l.customer_id = ANY(${ids}) AND l.type_id <> 'NLP' AND m.kind IS NOT NULL
          AND ((e.source = 'order' AND e.booking_date BETWEEN ${from}::date AND ${to}::date)
            OR (e.source = 'correction' AND a.decided_at >= (${from}::date)::timestamp AT TIME ZONE 'UTC'
                AND a.decided_at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'))
        GROUP BY 1, 2, 3, 4`,
  );
  for (const m of moves) {
    const q = of(m.customerId);
    const quantity = Number(m.quantity);
    if (m.kind === 'received') addTo(q.pooling.received, Number(m.carrierTypeId), quantity);
    else if (m.kind === 'trip') addTo(q.pooling.trips, Number(m.carrierTypeId), quantity);
    else if (m.kind === 'lost') addTo(q.pooling.lost, Number(m.carrierTypeId), quantity);
    else if (m.kind === 'bought') addTo(q.commission.bought, Number(m.productId), quantity);
    else if (m.kind === 'soldBack') addTo(q.commission.soldBack, Number(m.productId), quantity);
  }

  // Container rent (issue 11; docs/containers.md, "Day rent"): the container-days of the month
  // held in rentals of the customers' locations, by the rule of a rental's detail
  // (modules/containers/rental-days.ts).
  const rented = await rows<{ customerId: number; carrierTypeId: number; days: number }>(
    tx,
    sql`SELECT l.customer_id AS "customerId", p.carrier_type_id AS "carrierTypeId", sum(${containerDaysSql(from, to)})::int AS days
        FROM rental_containers rc JOIN rentals r ON r.id = rc.rental_id
        JOIN locations l ON l.id = r.location_id JOIN products p ON p.id = r.product_id
        WHERE l.customer_id = ANY(${ids}) AND l.type_id <> 'NLP'
          AND rc.assigned_on <= ${to}::date AND (rc.returned_on IS NULL OR rc.returned_on >= ${from}::date)
        GROUP BY 1, 2`,
  );
  for (const r of rented) {
    if (Number(r.days) > 0) addTo(of(r.customerId).pooling.containerDays, Number(r.carrierTypeId), Number(r.days));
  }

  // Day hire needs the receipts of the free days before the month too (day-hire.ts).
  const windowStart = await dayHireWindowStart(tx, from);
  // Per location and product, as the pooling report (FIFO within one product: a receipt of one
  // quality gives no free days to another's stock), summed per carrier type by the invoice lines.
  const balances = new Map<string, { customerId: number; carrierTypeId: number; opening: number; days: BalanceDay[] }>();
  for (const r of await readBalanceDays(tx, ids, windowStart, from, to)) {
    const key = `${r.locationId}:${r.productId}`;
    let b = balances.get(key);
    if (!b) {
      b = { customerId: Number(r.customerId), carrierTypeId: Number(r.carrierTypeId), opening: 0, days: [] };
      balances.set(key, b);
    }
    if (r.day === null) b.opening += Number(r.change);
    else b.days.push({ day: r.day, change: Number(r.change), received: Number(r.received) });
  }
  for (const b of balances.values()) {
    if (b.opening === 0 && b.days.every((d) => d.day < from || d.change === 0)) continue;
    (of(b.customerId).pooling.balances as PoolingQuantities['balances'][number][]).push({
      carrierTypeId: b.carrierTypeId,
      opening: b.opening,
      days: b.days,
    });
  }
  return result;
}

/**
 * Per customer location and product of the pooling account (with the product's carrier type): the balance at the start of
 * `from` (a row with `day` null: the running balance, `balances`, less everything booked from
 * `from` on, so only the entries from `windowStart` on are read, by the ledger's location index),
 * and per booking day from `windowStart` to `to` the net change and the carriers received by
 * orders. `windowStart` (before `from`) brings the receipts whose free days reach into the month.
 */
async function readBalanceDays(tx: Tx, ids: ReturnType<typeof sql>, windowStart: string, from: string, to: string) {
  return rows<{
    customerId: number;
    locationId: number;
    productId: number;
    carrierTypeId: number;
    day: string | null;
    change: number;
    received: number;
  }>(
    tx,
    sql`WITH loc AS (
          SELECT id, customer_id FROM locations WHERE customer_id = ANY(${ids}) AND type_id <> 'NLP'
        ), later AS (
          SELECT e.location_id, e.product_id, p.carrier_type_id, e.booking_date AS day, sum(e.quantity)::bigint AS q,
            sum(CASE WHEN e.source = 'order' AND e.quantity > 0 THEN e.quantity ELSE 0 END)::bigint AS received
          FROM ledger_entries e JOIN products p ON p.id = e.product_id
          WHERE e.location_id IN (SELECT id FROM loc) AND e.balance_kind = 'pooling' AND e.booking_date >= ${windowStart}::date
          GROUP BY 1, 2, 3, 4
        ), opening AS (
          SELECT location_id, product_id, carrier_type_id, sum(q)::bigint AS q FROM (
            SELECT b.location_id, b.product_id, p.carrier_type_id, b.quantity::bigint AS q
              FROM balances b JOIN products p ON p.id = b.product_id
              WHERE b.location_id IN (SELECT id FROM loc) AND b.balance_kind = 'pooling'
            UNION ALL SELECT location_id, product_id, carrier_type_id, -q FROM later WHERE day >= ${from}::date
          ) x GROUP BY 1, 2, 3
        )
        SELECT loc.customer_id AS "customerId", o.location_id AS "locationId", o.product_id AS "productId",
          o.carrier_type_id AS "carrierTypeId", NULL::text AS day, o.q AS change, 0::bigint AS received
        FROM opening o JOIN loc ON loc.id = o.location_id WHERE o.q <> 0
        UNION ALL
        SELECT loc.customer_id, l.location_id, l.product_id, l.carrier_type_id, l.day::text, l.q, l.received
        FROM later l JOIN loc ON loc.id = l.location_id WHERE l.day <= ${to}::date`,
  );
}

/**
 * What a month's invoices charge, read from the ledger (docs/invoicing.md, "Fee bases"): for a
 * set of customers and one period, the pooling quantities (carriers received, trips, daily
 * pooling balances, carriers lost) and the commission quantities (carriers bought from and
 * sold back to the provider). Set-based: a few statements for any number of customers, so the
 * seed's two years of invoices cost the same statements per month as the job's one customer.
 * Only customer locations count; the provider's depots are the other side of every fee.
 */
import type { CommissionQuantities, PoolingQuantities } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';

/** The quantities of one customer and month. */
export interface CustomerQuantities {
  pooling: PoolingQuantities;
  commission: CommissionQuantities;
}

const empty = (): CustomerQuantities => ({
  pooling: { received: new Map(), trips: new Map(), balances: [], lost: new Map() },
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

  for (const b of await readBalanceDays(tx, ids, from, to)) {
    (of(b.customerId).pooling.balances as PoolingQuantities['balances'][number][]).push({
      carrierTypeId: Number(b.carrierTypeId),
      balanceDays: Number(b.balanceDays),
      received: Number(b.received),
    });
  }
  return result;
}

/**
 * Per customer location and carrier type: the sum over the month's days of the end-of-day
 * pooling balance (a day below zero counts 0) and the carriers received on pooling orders in the
 * month. The balance at the month's start is the running balance (`balances`) less everything
 * booked since, so only the entries from the month on are read, by the ledger's location index.
 * The balance is a step function: it changes only on days with entries, so each step counts
 * its balance times the days until the next one (or the month's end), without a row per day.
 */
async function readBalanceDays(tx: Tx, ids: ReturnType<typeof sql>, from: string, to: string) {
  return rows<{ customerId: number; carrierTypeId: number; balanceDays: number; received: number }>(
    tx,
    sql`WITH loc AS (
          SELECT id, customer_id FROM locations WHERE customer_id = ANY(${ids}) AND type_id <> 'NLP'
        ), later AS (
          SELECT e.location_id, p.carrier_type_id, e.booking_date AS day, sum(e.quantity)::bigint AS q,
            sum(CASE WHEN e.source = 'order' AND e.quantity > 0 THEN e.quantity ELSE 0 END)::bigint AS received
          FROM ledger_entries e JOIN products p ON p.id = e.product_id
          WHERE e.location_id IN (SELECT id FROM loc) AND e.balance_kind = 'pooling' AND e.booking_date >= ${from}::date
          GROUP BY 1, 2, 3
        ), steps AS (
          SELECT location_id, carrier_type_id, ${from}::date AS day, sum(q)::bigint AS q, 0::bigint AS received FROM (
            SELECT b.location_id, p.carrier_type_id, b.quantity::bigint AS q
              FROM balances b JOIN products p ON p.id = b.product_id
              WHERE b.location_id IN (SELECT id FROM loc) AND b.balance_kind = 'pooling'
            UNION ALL SELECT location_id, carrier_type_id, -q FROM later
          ) opening GROUP BY 1, 2
          UNION ALL SELECT location_id, carrier_type_id, day, q, received FROM later WHERE day <= ${to}::date
        ), days AS (
          SELECT location_id, carrier_type_id, day, sum(q) AS q, sum(received) AS received FROM steps GROUP BY 1, 2, 3
        ), runs AS (
          SELECT location_id, carrier_type_id, day, received, sum(q) OVER w AS balance,
            lead(day, 1, ${to}::date + 1) OVER w AS next_day
          FROM days WINDOW w AS (PARTITION BY location_id, carrier_type_id ORDER BY day)
        )
        SELECT loc.customer_id AS "customerId", runs.carrier_type_id AS "carrierTypeId",
          sum(GREATEST(runs.balance, 0) * (runs.next_day - runs.day))::bigint AS "balanceDays", sum(runs.received)::bigint AS received
        FROM runs JOIN loc ON loc.id = runs.location_id
        GROUP BY loc.customer_id, runs.location_id, runs.carrier_type_id
        HAVING sum(GREATEST(runs.balance, 0) * (runs.next_day - runs.day)) > 0`,
  );
}

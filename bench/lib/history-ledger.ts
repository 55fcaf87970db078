/**
 * The ten-year seed's opening entries and running balances (issue 21; bench/lib/history-seed.ts).
 *
 * The planned orders start from nothing, so a location that sends more than it has received would
 * stand below zero. As the demo seed does (seed/ledger.ts), the history starts with:
 * - an 'opening' entry per customer location, product and kind, booked the day before the first
 *   order, of whole stacks: enough that its running balance over the history never goes below
 *   zero, plus one to three stacks; each is balanced by the same quantity out of the location's
 *   country's default depot, so the openings of every product and kind sum to zero;
 * - an 'issue' at every depot, product and kind, booked the day before, enough that the depot
 *   never goes below zero.
 * "Enough" is computed from the months of the orders' postings (`h_orders_month`, summed as the
 * chunks were written; bench/lib/history-orders.ts): a location's balance within a month never
 * goes below its balance at the month's start minus the month's outflow, so the opening is the
 * largest (outflow of a month - net of the months before it) over the months.
 * Then `balances` is raised by the sums of the new entries (the running totals stay exact) and
 * `ledger_months` rebuilt, both from those months and the few entries not planned (the demo's,
 * the openings), so the ledger is not read back.
 */
import type pg from 'pg';

/** The ids of the ledger entries the orders' load wrote: those after `after`, up to `through`. */
export interface LoadedEntries {
  after: number;
  through: number;
}

/**
 * Writes the openings booked on `day` and the issues of the day before for the orders' postings
 * (`h_orders_month`) and adds the postings and the new entries to `balances`. Leaves the months
 * (temp table `h_month`, `last` null on the depots' opening rows) to `rebuildHistoryMonths`.
 */
export async function seedHistoryOpenings(client: pg.ClientBase, loaded: LoadedEntries, day: string): Promise<void> {
  await client.query(`CREATE TEMP TABLE h_month AS
    SELECT location_id, product_id, balance_kind, month, sum(net)::bigint AS net, sum(outflow)::bigint AS outflow, max(last) AS last
    FROM h_orders_month GROUP BY 1, 2, 3, 4`);
  const need = (depots: boolean) => `
    SELECT m.location_id, m.product_id, m.balance_kind, max(coalesce(m.outflow, 0) - coalesce(m.before, 0)) AS need
    FROM (SELECT h.*, sum(net) OVER (PARTITION BY location_id, product_id, balance_kind ORDER BY month
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
          FROM h_month h) m
    WHERE m.location_id ${depots ? 'IN' : 'NOT IN'} (SELECT id FROM locations WHERE type_id = 'NLP')
    GROUP BY 1, 2, 3`;
  const stacks = (quantity: string) => `(ceil(greatest(${quantity}, 0)::numeric / ct.qty_height) + 1 + (l.id % 3)) * ct.qty_height`;
  await client.query(`CREATE TEMP TABLE h_opening AS
    SELECT n.location_id, n.product_id, n.balance_kind, ${stacks('n.need')}::int AS quantity, dep.id AS depot_id
    FROM (${need(false)}) n
    JOIN locations l ON l.id = n.location_id JOIN products p ON p.id = n.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id
    JOIN (SELECT DISTINCT ON (country_id) country_id, id FROM locations WHERE type_id = 'NLP' AND status_id = 1
          ORDER BY country_id, is_default DESC, id) dep ON dep.country_id = l.country_id`);
  // The issues the day before the openings (as in the demo), so no depot is below zero within that day.
  const entry = (location: string, quantity: string, source: 'opening' | 'issue') => {
    const on = source === 'issue' ? `'${day}'::date - 1` : `'${day}'::date`;
    return `SELECT NULL::bigint, product_id, ${location}, balance_kind, ${quantity}, '${source}', ${on}, ${on} + interval '6 hours'`;
  };
  const insert = 'INSERT INTO ledger_entries (order_id, product_id, location_id, balance_kind, quantity, source, booking_date, created_at)';
  await client.query(`${insert} ${entry('location_id', 'quantity', 'opening')} FROM h_opening
    UNION ALL ${entry('depot_id', '-quantity', 'opening')} FROM h_opening`);
  // The depots' months start with the openings they balanced (an outflow before the first month).
  await client.query(`INSERT INTO h_month (location_id, product_id, balance_kind, month, net, outflow) SELECT depot_id, product_id, balance_kind, '${day}'::date - 40, -sum(quantity), sum(quantity)
    FROM h_opening GROUP BY 1, 2, 3`);
  await client.query(`${insert} ${entry('n.location_id', `${stacks('n.need')}::int`, 'issue')}
    FROM (${need(true)}) n JOIN locations l ON l.id = n.location_id JOIN products p ON p.id = n.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id`);
  await client.query(`INSERT INTO balances (location_id, product_id, balance_kind, quantity, updated_at)
    SELECT location_id, product_id, balance_kind, sum(quantity)::int, max(created_at) FROM (
      SELECT location_id, product_id, balance_kind, net AS quantity, (last::timestamp + interval '14 hours')::timestamptz AS created_at
      FROM h_month WHERE last IS NOT NULL
      UNION ALL
      SELECT location_id, product_id, balance_kind, quantity, created_at FROM ledger_entries WHERE id > ${loaded.through}) e
    GROUP BY 1, 2, 3
    ON CONFLICT (location_id, product_id, balance_kind) DO UPDATE
      SET quantity = balances.quantity + excluded.quantity, updated_at = greatest(balances.updated_at, excluded.updated_at)`);
  await client.query('DROP TABLE h_opening');
}

/**
 * Rebuilds `ledger_months` (the monthly sums the triggers keep, migration 0020, which the load
 * went past): the loaded entries' sums from `h_month` (`seedHistoryOpenings`), then the entries
 * not loaded, by id (the demo's and the openings), added to them.
 */
export async function rebuildHistoryMonths(client: pg.ClientBase, loaded: LoadedEntries): Promise<void> {
  await client.query(`TRUNCATE ledger_months; INSERT INTO ledger_months (location_id, product_id, balance_kind, month, quantity)
    SELECT location_id, product_id, balance_kind, month, net FROM h_month WHERE last IS NOT NULL ORDER BY 1, 2, 3, 4`);
  await client.query(`INSERT INTO ledger_months AS m (location_id, product_id, balance_kind, month, quantity)
    SELECT location_id, product_id, balance_kind, date_trunc('month', booking_date::timestamp)::date, sum(quantity)
    FROM ledger_entries WHERE id <= ${loaded.after} OR id > ${loaded.through} GROUP BY 1, 2, 3, 4
    ON CONFLICT (location_id, product_id, balance_kind, month) DO UPDATE SET quantity = m.quantity + excluded.quantity`);
  await client.query('DROP TABLE h_month');
}

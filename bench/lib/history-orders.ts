/**
 * The ten-year seed's orders and ledger (issue 21; bench/lib/history-seed.ts), set-based on
 * PostgreSQL: one `INSERT ... SELECT generate_series` per table and chunk of a million orders,
 * from an unlogged plan table `h_plan` that decides each order once.
 *
 * Each order (ids after the demo's): a send date spread evenly over the period in id order
 * (Saturdays moved to Friday, Sundays to Monday); a customer location picked with a skew (the
 * location at position `n * r^2` of the active customer locations: a few are very busy); a kind:
 * purchase 30 % (its country's default depot to the location, type 1), sale 30 % (the location to
 * the depot, type 2), delivery 40 % (the location to another customer location, type 3); one line
 * (EUR-A 70 %, HALF-A 20 %, PLF-A 10 %) of 1-21 full stacks, and a second line (HALF-A) on 15 %.
 * Status: 5 Received for orders sent more than 10 days ago, but 4 % cancelled (7, never sent); the
 * last 10 days hold every open status of the kind's path (1, 2, 3, 4, 11) and 5. A received order
 * arrives 1-3 days after it was sent (`date_receive`, never after today) and posts, as the
 * application does (domain.md, "Balances"), minus at the from-location and plus at the to-location
 * per line, booked on the receive date, its balance kind `balanceKindFor`'s (pooling when both
 * ends take part in the pool, depots included, else commission). Each order gets the one history
 * row of its last transition (the application writes one per transition; the grid and the reports
 * never read them).
 */
import type pg from 'pg';

/** Orders decided and written per statement. */
export const CHUNK = 1_000_000;

/**
 * Builds the plan table: the customer locations (`h_loc`, with a skew index), the default depot
 * of each country (`h_depot`), the products (`h_product`).
 */
export async function planTables(client: pg.ClientBase): Promise<void> {
  await client.query(`CREATE UNLOGGED TABLE IF NOT EXISTS h_plan (
      id bigint, type smallint, status smallint, loc_from int, loc_to int, group_from text, group_to text,
      send date, receive date, kind text, p1 int, q1 int, p2 int, q2 int, tare1 int, tare2 int)`);
  // The monthly sums of the planned orders' postings, one row per chunk and group (summed once at the end).
  await client.query(`CREATE UNLOGGED TABLE IF NOT EXISTS h_orders_month (
      location_id int, product_id int, balance_kind text, month date, net bigint, outflow bigint, last date)`);
  await client.query('TRUNCATE h_plan, h_orders_month');
  await client.query(`CREATE TEMP TABLE h_loc AS
    SELECT row_number() OVER (ORDER BY l.id) - 1 AS i, l.id, l.country_id AS country, l.customer_group AS grp,
      l.is_pooling AS pools
    FROM locations l JOIN customers c ON c.id = l.customer_id
    WHERE l.type_id <> 'NLP' AND l.status_id = 1 AND c.status_id = 1 AND NOT c.is_provider`);
  await client.query('CREATE UNIQUE INDEX ON h_loc (i)');
  await client.query(`CREATE TEMP TABLE h_depot AS
    SELECT DISTINCT ON (country_id) country_id AS country, id, customer_group AS grp FROM locations
    WHERE type_id = 'NLP' AND status_id = 1 ORDER BY country_id, is_default DESC, id`);
  await client.query(`CREATE TEMP TABLE h_product AS
    SELECT ct.code || '-' || q.code AS code, p.id, ct.qty_height AS height, ct.tare_weight_grams AS tare
    FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id JOIN qualities q ON q.id = p.quality_id
    JOIN treatments t ON t.id = p.treatment_id
    WHERE ct.code IN ('EUR', 'HALF', 'PLF') AND q.code = 'A' AND t.code = 'NONE'`);
  await client.query('ANALYZE h_loc; ANALYZE h_depot; ANALYZE h_product');
}

/**
 * Plans orders `first`..`last` (1-based among the `count` new ones; ids `baseId` + that) over
 * `days` days ending `today`.
 */
export async function planChunk(
  client: pg.ClientBase,
  o: { first: number; last: number; count: number; baseId: number; days: number; today: string },
): Promise<void> {
  await client.query(
    `INSERT INTO h_plan
    WITH r AS (
      SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6, random() AS r7,
        $5::date - $4::int + ((g - 1) * $4::bigint / $3)::int AS day
      FROM generate_series($1::bigint, $2::bigint) g
    ), d AS (
      SELECT r.*, day + CASE extract(isodow FROM day) WHEN 6 THEN -1 WHEN 7 THEN 1 ELSE 0 END AS send,
        CASE WHEN r1 < 0.3 THEN 1 WHEN r1 < 0.6 THEN 2 ELSE 3 END AS type,
        (SELECT count(*) FROM h_loc) AS n
      FROM r
    ), parts AS (
      SELECT d.*, a.id AS a_id, a.grp AS a_grp, a.pools AS a_pools, b.id AS b_id, b.grp AS b_grp, b.pools AS b_pools,
        dep.id AS dep_id, dep.grp AS dep_grp
      FROM d
      JOIN h_loc a ON a.i = floor(d.n * d.r2 * d.r2)::int
      JOIN h_loc b ON b.i = (floor(d.n * d.r3)::int + CASE WHEN floor(d.n * d.r3)::int = floor(d.n * d.r2 * d.r2)::int THEN 1 ELSE 0 END) % d.n
      JOIN h_depot dep ON dep.country = a.country
    ), o AS (
      SELECT parts.*,
        CASE type WHEN 1 THEN dep_id ELSE a_id END AS loc_from,
        CASE type WHEN 1 THEN a_id WHEN 2 THEN dep_id ELSE b_id END AS loc_to,
        CASE type WHEN 1 THEN dep_grp ELSE a_grp END AS group_from,
        CASE type WHEN 1 THEN a_grp WHEN 2 THEN dep_grp ELSE b_grp END AS group_to,
        CASE WHEN send < $5::date - 10 THEN CASE WHEN r4 < 0.04 AND type <> 3 THEN 7 ELSE 5 END
             WHEN type = 3 THEN (ARRAY[4, 11, 5, 5])[1 + floor(r4 * 4)::int]
             ELSE (ARRAY[1, 2, 3, 4, 11, 5, 5, 5])[1 + floor(r4 * 8)::int] END AS status,
        CASE WHEN type = 3 AND NOT b_pools OR NOT a_pools THEN 'commission' ELSE 'pooling' END AS kind,
        CASE WHEN r5 < 0.7 THEN 'EUR-A' WHEN r5 < 0.9 THEN 'HALF-A' ELSE 'PLF-A' END AS c1
      FROM parts
    )
    SELECT $6::bigint + g, type, status, loc_from, loc_to, group_from, group_to, send,
      CASE WHEN status IN (5, 11) THEN least($5::date, send + 1 + floor(r6 * 3)::int) END, kind,
      p1.id, (1 + floor(r7 * r7 * 21)::int) * p1.height,
      CASE WHEN r6 < 0.15 AND c1 <> 'HALF-A' THEN p2.id END, CASE WHEN r6 < 0.15 AND c1 <> 'HALF-A' THEN (1 + floor(r2 * 8)::int) * p2.height END,
      p1.tare, p2.tare
    FROM o JOIN h_product p1 ON p1.code = c1 JOIN h_product p2 ON p2.code = 'HALF-A'`,
    [o.first, o.last, o.count, o.days, o.today, o.baseId],
  );
}

/** Writes the planned orders of ids `from`..`to` to orders, order_lines and order_status_history. */
export async function writeOrders(client: pg.ClientBase, from: number, to: number, ids: { line: number; history: number }) {
  const range = `WHERE id BETWEEN ${from} AND ${to}`;
  await client.query(`INSERT INTO orders (id, transaction_type_id, transaction_status_id, location_id_from, location_id_to,
      customer_group_from, customer_group_to, date_pickup, date_send, date_receive, currency, auto_commit, reception_days, return_days,
      is_receiver_registered, created_at, updated_at, version, quantity_total, weight_grams, comment_count)
    SELECT id, type, status, loc_from, loc_to, group_from, group_to, CASE WHEN type <> 3 THEN send END, send, receive,
      NULL, false, 5, 5, true, (send - 2)::timestamp + interval '9 hours',
      coalesce(receive, send)::timestamp + interval '14 hours',
      CASE status WHEN 5 THEN CASE type WHEN 3 THEN 3 ELSE 6 END WHEN 7 THEN 2 ELSE 2 + (status % 5) END,
      q1 + coalesce(q2, 0), q1::bigint * tare1 + coalesce(q2::bigint * tare2, 0), 0
    FROM h_plan ${range}`);
  // Line ids: two per order (the second left unused when the order has one line).
  await client.query(`INSERT INTO order_lines (id, order_id, product_id, quantity_ordered, quantity_picked, quantity_delivered)
    SELECT ${ids.line} + 2 * id, id, p1, q1, CASE WHEN status IN (3, 4, 5, 11) THEN q1 END, CASE WHEN status = 5 THEN q1 END
    FROM h_plan ${range}
    UNION ALL
    SELECT ${ids.line} + 2 * id + 1, id, p2, q2, CASE WHEN status IN (3, 4, 5, 11) THEN q2 END, CASE WHEN status = 5 THEN q2 END
    FROM h_plan ${range} AND p2 IS NOT NULL`);
  await client.query(`INSERT INTO order_status_history (id, order_id, from_status_id, to_status_id, comment, at)
    SELECT ${ids.history} + id, id,
      CASE status WHEN 5 THEN CASE WHEN loc_to IN (SELECT id FROM h_depot) THEN 4 ELSE 11 END WHEN 7 THEN 1 WHEN 1 THEN 0
        WHEN 11 THEN 4 WHEN 4 THEN CASE type WHEN 3 THEN 0 ELSE 3 END ELSE status - 1 END,
      status, NULL, coalesce(receive, send)::timestamp + interval '14 hours'
    FROM h_plan ${range}`);
}

/**
 * Writes the ledger postings of the planned orders of ids `from`..`to` (on a connection of its
 * own, beside `writeOrders`: it reads only `h_plan`) and their monthly sums to `h_orders_month`.
 * The entries' ids come from the sequence in (receive date, order id) order within the chunk, so
 * the chunks must be written in order.
 */
export async function writeLedger(client: pg.ClientBase, from: number, to: number) {
  const range = `WHERE id BETWEEN ${from} AND ${to}`;
  // The postings of a received order: both ends, per line, on the receive date; in the same
  // statement, their sums by month (`ledger_months`' key) for the openings, `balances` and
  // `ledger_months` (bench/lib/history-ledger.ts), which then need not read the ledger back.
  await client.query(`WITH p AS MATERIALIZED (
      SELECT id, l.p, e.loc, kind, e.sign * l.q AS quantity, receive FROM h_plan
      CROSS JOIN LATERAL (VALUES (p1, q1), (p2, q2)) l(p, q)
      CROSS JOIN LATERAL (VALUES (loc_from, -1), (loc_to, 1)) e(loc, sign)
      ${range} AND status = 5 AND l.p IS NOT NULL
    ), entries AS (
      INSERT INTO ledger_entries (order_id, product_id, location_id, balance_kind, quantity, source, booking_date, created_at)
      SELECT id, p, loc, kind, quantity, 'order', receive, receive::timestamp + interval '14 hours' FROM p ORDER BY receive, id
    )
    INSERT INTO h_orders_month
    SELECT loc, p, kind, date_trunc('month', receive::timestamp)::date, sum(quantity), sum(-quantity) FILTER (WHERE quantity < 0), max(receive)
    FROM p GROUP BY 1, 2, 3, 4`);
}

/**
 * The ten-year seed's parties (issue 21, "Ten years of data"; bench/lib/history-seed.ts): customers
 * and locations added to the demo's until there are `locations` in all, in one set-based statement
 * each (PostgreSQL only). Countries NO 35 %, SE 35 %, DK 15 %, FI 15 %; places from the real postal
 * registers the demo seed loaded (`postal_places`); every location has a unique number (`H` and six
 * digits) and a GLN (the country's GS1 prefix, `8`, nine digits of the location's index, the GS1
 * check digit). Three locations per customer on average; every 40th customer is a corporate group
 * (chain) of the 39 after it. 85 % of the locations take part in the pool, 40 % in the commission
 * trade (flags combine); the customer group follows the demo's rule (`customerGroupOf`).
 */
import type pg from 'pg';

/** SQL: the GS1 check digit of a 12-digit string `body` (weights 1 and 3 from the left). */
const gs1Check = (body: string) =>
  `((10 - (SELECT sum(substr(${body}, i, 1)::int * CASE WHEN i % 2 = 0 THEN 3 ELSE 1 END) FROM generate_series(1, 12) i) % 10) % 10)::text`;

/**
 * Adds customers and locations until the database holds `locations` locations, with their
 * products (`location_products`). Answers how many locations it added.
 */
export async function seedHistoryWorld(client: pg.ClientBase, locations: number): Promise<number> {
  const [existing] = (await client.query<{ n: string }>('SELECT count(*) AS n FROM locations')).rows;
  const add = Math.max(0, locations - Number(existing?.n ?? 0));
  if (add === 0) return 0;
  const customers = Math.ceil(add / 3);
  await client.query(`CREATE TEMP TABLE h_new_customers AS
    SELECT c AS k,
      CASE WHEN c % 20 < 7 THEN 'NO' WHEN c % 20 < 14 THEN 'SE' WHEN c % 20 < 17 THEN 'DK' ELSE 'FI' END AS country,
      (ARRAY['supplier', 'wholesale', 'retail', 'retail', 'retail', 'haulier'])[1 + (c * 7) % 6] AS customer_type
    FROM generate_series(1, ${customers}) c`);
  // Names: a place-like stem and a trade word in the country's language.
  await client.query(`INSERT INTO customers (name, customer_type, country_id, org_number, is_corporate, created_at)
    SELECT (ARRAY['Nord', 'Fjell', 'Dal', 'Strand', 'Skog', 'Vik', 'Berg', 'Sjø', 'Lund', 'Holm', 'Ås', 'Myr'])[1 + k % 12]
        || (ARRAY['heim', 'vik', 'by', 'stad', 'lund', 'dal', 'berg', 'mark'])[1 + (k / 12) % 8] || ' '
        || CASE country
             WHEN 'NO' THEN (ARRAY['Logistikk AS', 'Engros AS', 'Handel AS', 'Transport AS'])[1 + k % 4]
             WHEN 'SE' THEN (ARRAY['Logistik AB', 'Grossist AB', 'Handel AB', 'Åkeri AB'])[1 + k % 4]
             WHEN 'DK' THEN (ARRAY['Logistik ApS', 'Engros A/S', 'Handel A/S', 'Vognmand ApS'])[1 + k % 4]
             ELSE (ARRAY['Logistiikka Oy', 'Tukku Oy', 'Kauppa Oy', 'Kuljetus Oy'])[1 + k % 4] END
        || ' ' || k,
      customer_type, country, lpad((900000000 + k * 37)::text, 9, '0'), k % 40 = 1,
      now() - make_interval(days => 3650 + k % 400)
    FROM h_new_customers ORDER BY k`);
  // The customers just added, by their index k (their ids follow k), and the chains they form.
  await client.query(`CREATE TEMP TABLE h_customers AS
    SELECT c.id, n.k, n.country, n.customer_type FROM h_new_customers n
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM (SELECT id FROM customers ORDER BY id DESC LIMIT ${customers}) last) c
      ON c.k = n.k`);
  await client.query(`UPDATE customers c SET customer_id_corporate = parent.id FROM h_customers h, h_customers parent
    WHERE c.id = h.id AND parent.k = h.k - (h.k - 1) % 40 AND parent.k <> h.k`);
  await client.query(`CREATE TEMP TABLE h_places AS
    SELECT country_id, postal_code, name, row_number() OVER (PARTITION BY country_id ORDER BY postal_code, name) - 1 AS i,
      count(*) OVER (PARTITION BY country_id) AS n
    FROM postal_places`);
  await client.query(`INSERT INTO locations (customer_id, name, number, gln, type_id, customer_group, is_pooling, is_commission,
      is_return_scheme, is_dispatch, has_ramp, street, postal_code, postal_name, country_id, reception_days, return_days, auto_commit, created_at)
    SELECT c.id, split_part(cu.name, ' ', 1) || ' ' || p.name, 'H' || lpad(g::text, 6, '0'),
      body || ${gs1Check('body')}, t.type_id,
      CASE WHEN f.dispatch THEN 'HE' WHEN f.pooling THEN 'GL' ELSE 'OO' END,
      f.pooling, f.commission, false, f.dispatch, t.type_id <> 'BUT' OR g % 3 = 0,
      (ARRAY['Industrivegen', 'Lagergatan', 'Havnevej', 'Teollisuustie', 'Terminalvegen', 'Hamngatan'])[1 + g % 6] || ' ' || (1 + g % 97),
      p.postal_code, p.name, c.country, 2 + g % 5, 5, g % 10 = 0, cu.created_at
    FROM generate_series(1, ${add}) g
    JOIN h_customers c ON c.k = 1 + (g - 1) / 3
    JOIN customers cu ON cu.id = c.id
    CROSS JOIN LATERAL (SELECT CASE c.customer_type WHEN 'supplier' THEN 'LEV' WHEN 'wholesale' THEN 'GRS'
                                 WHEN 'haulier' THEN 'TRP' ELSE 'BUT' END AS type_id) t
    CROSS JOIN LATERAL (SELECT g % 20 <> 3 AND g % 20 <> 11 AND g % 20 <> 17 AS pooling, g % 5 < 2 AS commission,
                               c.customer_type = 'supplier' AND g % 4 = 0 AS dispatch) f
    CROSS JOIN LATERAL (SELECT CASE c.country WHEN 'NO' THEN '70' WHEN 'SE' THEN '73' WHEN 'DK' THEN '57' ELSE '64' END
                               || '8' || lpad(g::text, 9, '0') AS body) b
    JOIN h_places p ON p.country_id = c.country AND p.i = (g * 7919) % p.n
    ORDER BY g`);
  // What they may order: EUR and half pallets everywhere, plastic pallets at a third of them.
  await client.query(`INSERT INTO location_products (location_id, product_id, is_pooling)
    SELECT l.id, p.id, l.is_pooling FROM locations l
    JOIN products p ON p.quality_id = (SELECT id FROM qualities WHERE code = 'A')
      AND p.treatment_id = (SELECT id FROM treatments WHERE code = 'NONE')
    JOIN carrier_types ct ON ct.id = p.carrier_type_id AND (ct.code IN ('EUR', 'HALF') OR (ct.code = 'PLF' AND l.id % 3 = 0))
    WHERE l.number LIKE 'H%' ON CONFLICT DO NOTHING`);
  await client.query('DROP TABLE h_new_customers, h_customers, h_places');
  return add;
}

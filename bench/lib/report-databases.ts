/**
 * The databases bench/reports measures and what its calls need to know of each (issue 8; issue 21
 * for `--databases`): a seeded throw-away database or an existing one attached by name (the
 * ten-year seed, bench/history-seed), kept afterwards, whose size is its number of orders; the
 * chain-level user of the corporate group with the most ledger entries, its locations and
 * language, its busiest location and product; and, for attached databases, the calls of a period
 * years back (`backCalls`), whose answers do not grow with the years after them.
 */
import os from 'node:os';
import { addPlainDays, type Locale } from '@portal/domain';
import { type Database, openPostgres, rows, sql } from '@portal/server/src/db/client.js';
import { productInfo } from '@portal/server/src/modules/reports/report-lookups.js';
import { transactionLabels } from '@portal/server/src/modules/reports/transactions-report.js';
import type pg from 'pg';

/** Entries of the same-length BalanceHistory call (about the 90 days' worth at 200,000 orders). */
export const HISTORY_ENTRIES = 1000;

/** The days the calls are about (yyyy-MM-dd). */
export interface ReportDays {
  /** The last day of every period (the bench's today). */
  today: string;
  /** The transactions report's period: the 365 days up to today. */
  period: { from: string; to: string };
  /** The last day of the periods years back (`--back`). */
  backTo: string;
}

/** A seeded database and what the calls need to know about it. */
export interface Seeded {
  size: number;
  url: string;
  name: string;
  /** The chain-level user whose chain moves the most carriers, and the chain's locations. */
  chainLogin: string;
  chainLocationIds: number[];
  /** The chain's location names by id, and the texts of its report in the chain user's language (`transactionLabels`, as JSON). */
  chainLocationNames: Map<number, string>;
  chainLabels: string;
  /** The location and product of the chain with the most entries in the balance screen's default 90 days. */
  busiest: { locationId: number; productId: number };
  /** The first day of the busiest location and product's last `HISTORY_ENTRIES` entries up to today (yyyy-MM-dd). */
  historyFrom: string;
  /** The first day of the same location and product's last `HISTORY_ENTRIES` entries up to `backTo`. */
  backHistoryFrom: string;
  adminLogin: string;
  cleanup: () => Promise<void>;
}

/**
 * One timed call. `path` is the API address (under the server's base) for a seeded database;
 * `sql`, when given, runs the statements the API runs for it through `pg` (one request's worth).
 */
export interface MeasuredCall {
  name: string;
  user: (s: Seeded) => string;
  path: (s: Seeded) => string;
  sql?: (s: Seeded, pool: pg.Pool) => Promise<void>;
}

/**
 * The calls of a period `back` years back, ending `days.backTo` (with `--databases`): the balance
 * history of the busiest location and product for its 1,000 entries up to that day (the balance at
 * its start is the running total minus every entry after it, so this is where a read grows with
 * the years after the period), and the chain's transactions report of the 365 days up to it.
 */
export function backCalls(back: string, days: ReportDays): MeasuredCall[] {
  const backPeriod = { from: addPlainDays(days.backTo, -364), to: days.backTo };
  return [
    {
      name: `GET BalanceHistory, busiest location, ${HISTORY_ENTRIES} entries ${back} years back`,
      user: (s) => s.adminLogin,
      path: (s) =>
        `/api/BalanceHistory?locationId=${s.busiest.locationId}&productId=${s.busiest.productId}&from=${s.backHistoryFrom}&to=${days.backTo}`,
    },
    {
      name: `GET Reports/transactions, a chain, 365 days ${back} years back`,
      user: (s) => s.chainLogin,
      path: () => `/api/Reports/transactions?from=${backPeriod.from}&to=${backPeriod.to}`,
    },
  ];
}

/** An existing PostgreSQL database `name` next to `postgresUrl` (`--databases`), kept: its size is its number of orders. */
export async function attachDatabase(name: string, postgresUrl: string, days: ReportDays): Promise<Seeded> {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  const [count] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
  const size = Number(count?.n);
  console.log(`\n== ${name}: ${size.toLocaleString('en-US')} orders (load ${loadAverage()})`);
  return describeDatabase(size, database, url.toString(), async () => {}, days);
}

const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(2);

/** What the calls need of a seeded or attached database (its chain user, busiest location, ...); closes `database`. */
export async function describeDatabase(
  size: number,
  database: Database,
  url: string,
  cleanup: () => Promise<void>,
  days: ReportDays,
): Promise<Seeded> {
  const db = database.db;
  const chain = await chainUser(database, days);
  const [adminUser] = await rows<{ login: string }>(
    db,
    sql`SELECT login_name AS login FROM users WHERE is_global_admin AND is_active ORDER BY id LIMIT 1`,
  );
  const [current] = await rows<{ name: string }>(db, sql`SELECT current_database() AS name`);
  const chainLabels = JSON.stringify(transactionLabels(chain.language, await productInfo(db, chain.language)));
  const back = await entriesFrom(database, chain.busiest, days.backTo);
  await database.close();
  return {
    size,
    url,
    backHistoryFrom: back ?? days.backTo,
    name: current?.name ?? '',
    chainLogin: chain.login,
    chainLocationIds: chain.locationIds,
    chainLocationNames: chain.names,
    chainLabels,
    busiest: chain.busiest,
    historyFrom: chain.historyFrom,
    adminLogin: adminUser?.login ?? 'admin',
    cleanup,
  };
}

/** The day from which `busiest` has its last `HISTORY_ENTRIES` entries up to `to`, or null when it has fewer. */
async function entriesFrom(database: Database, busiest: { locationId?: number; productId?: number }, to: string): Promise<string | null> {
  const [start] = await rows<{ day: string }>(
    database.db,
    sql`SELECT booking_date::text AS day FROM ledger_entries
        WHERE location_id = ${busiest.locationId} AND product_id = ${busiest.productId} AND booking_date <= ${to}::date
        ORDER BY booking_date DESC, id DESC OFFSET ${HISTORY_ENTRIES - 1} LIMIT 1`,
  );
  return start?.day ?? null;
}

/** The chain-level user of the corporate group with the most ledger entries (made able to read reports). */
async function chainUser(
  database: Database,
  days: ReportDays,
): Promise<{
  login: string;
  language: Locale;
  locationIds: number[];
  names: Map<number, string>;
  busiest: { locationId: number; productId: number };
  historyFrom: string;
}> {
  const db = database.db;
  const [user] = await rows<{ id: number; login: string; chain: number; language: Locale }>(
    db,
    sql`WITH chains AS (
          SELECT COALESCE(c.customer_id_corporate, c.id) AS chain, count(*) AS n
          FROM ledger_entries e JOIN locations l ON l.id = e.location_id JOIN customers c ON c.id = l.customer_id
          GROUP BY 1)
        SELECT u.id, u.login_name AS login, ch.chain, u.language FROM users u JOIN customers c ON c.id = u.customer_id
        JOIN chains ch ON ch.chain = COALESCE(c.customer_id_corporate, c.id)
        WHERE u.report_level = 2 AND u.is_active AND NOT u.is_global_admin
        ORDER BY ch.n DESC, u.id LIMIT 1`,
  );
  if (!user) throw new Error('no chain-level user in the demo data');
  // The bench's copy only: the user has confirmed the GDPR terms and holds every task.
  await db.execute(sql`UPDATE users SET confirmed_gdpr = true WHERE id = ${user.id}`);
  await db.execute(sql`DELETE FROM user_tasks WHERE user_id = ${user.id}`);
  const locations = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT l.id, l.name FROM locations l JOIN customers c ON c.id = l.customer_id
        WHERE COALESCE(c.customer_id_corporate, c.id) = ${user.chain} ORDER BY l.id`,
  );
  const ids = locations.map((l) => Number(l.id));
  const inChain = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [entries] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ledger_entries WHERE location_id IN (${inChain})
        AND booking_date >= ${days.period.from}::date AND booking_date <= ${days.period.to}::date`,
  );
  const [busiest] = await rows<{ locationId: number; productId: number; n: number }>(
    db,
    sql`SELECT location_id AS "locationId", product_id AS "productId", count(*)::int AS n FROM ledger_entries
        WHERE location_id IN (${inChain}) AND booking_date >= ${addPlainDays(days.today, -89)}::date AND booking_date <= ${days.today}::date
        GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 1`,
  );
  // The day from which the same location and product has its last HISTORY_ENTRIES entries: a
  // history of the same length at every size, to see whether the read grows with the ledger.
  const historyFrom = (await entriesFrom(database, { ...busiest }, days.today)) ?? addPlainDays(days.today, -730);
  console.log(`   the last ${HISTORY_ENTRIES} entries of that location and product start on ${historyFrom}`);
  console.log(
    `   chain user ${user.login}: ${ids.length} locations, ${entries?.n} ledger entries in the period; ` +
      `busiest location ${busiest?.locationId} and product ${busiest?.productId}: ${busiest?.n} entries in 90 days`,
  );
  return {
    login: user.login,
    language: user.language,
    locationIds: ids,
    names: new Map(locations.map((l) => [Number(l.id), l.name])),
    busiest: { locationId: Number(busiest?.locationId), productId: Number(busiest?.productId) },
    historyFrom,
  };
}

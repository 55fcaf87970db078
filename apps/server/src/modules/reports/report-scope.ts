/**
 * The locations a report reads (docs/domain.md, "Reports"): the caller's scope by report level
 * (`scopeLocationIds`), narrowed by the filters. A filter that names something outside the scope
 * answers 404, exactly like a missing one (another customer's data is never revealed).
 */
import { AppErrorCode, type Locale, type ReportName, type ReportQuery, reportPeriod, reportPeriodTooLong } from '@portal/domain';
import { rows, runsOnServerThread, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { mayReadMoney } from '../session/finance.js';
import { sessionToday } from '../session/location-today.js';
import { scopeLocationIds } from '../session/scope.js';
import { BATCH_ROWS, SERVER_THREAD_BATCH_ROWS, XLSX_BATCH_ROWS } from './report-definition.js';

/** Everything a report needs to know about its call. */
export interface ReportContext {
  db: Tx;
  auth: AuthContext;
  locale: Locale;
  report: ReportName;
  /** The period, yyyy-MM-dd, both days included. */
  from: string;
  to: string;
  /** The locations in scope after the filters, ascending; null: every location (global scope, no filter). */
  locationIds: number[] | null;
  productId: number | null;
  transactionTypeId: number | null;
  /** Whether the caller may see money (spec section 6, finance-report permission): else no money column is computed. */
  money: boolean;
  /** Rows per database round trip of the reports that read in batches (BATCH_ROWS, on PGlite SERVER_THREAD_BATCH_ROWS; XLSX_BATCH_ROWS for an export). */
  batchRows: number;
  /**
   * Whether a report that reads in batches reads the next one while the caller handles this one:
   * for the JSON answer (the database and the server work at once); not for an export, where a
   * batch read ahead would live through two young-generation collections and be promoted to V8's
   * old generation, which then grows with the rows (docs/performance.md, "Reports").
   */
  readAhead: boolean;
}

/**
 * Resolves the period and the locations of a report call.
 * Defaults (`reportPeriod`): `to` today at the acting location (`sessionToday`, docs/domain.md
 * "Today"), `from` the first day of `to`'s year.
 * @throws VALIDATION (400, on `from`) when the period is longer than REPORT_MAX_DAYS
 * @throws NOT_FOUND when `locationId`, `customerId` or `productId` names nothing in the caller's scope
 */
export async function reportContext(
  db: Tx,
  auth: AuthContext,
  locale: Locale,
  report: ReportName,
  query: ReportQuery,
): Promise<ReportContext> {
  const { from, to } = reportPeriod(
    query,
    // Only a period without an end reads the location's date.
    query.to === undefined ? await sessionToday(db, auth) : query.to,
  );
  // The schema bounds a period given whole; one whose end is today's is bounded here.
  if (reportPeriodTooLong(from, to)) throw new AppError(AppErrorCode.VALIDATION, {}, { from: 'validation.dateRangeTooLong' });
  const scope = await scopeLocationIds(db, auth);
  let locationIds: number[] | null = scope === null ? null : [...new Set(scope)].sort((a, b) => a - b);
  if (query.locationId !== undefined) {
    if (locationIds !== null && !locationIds.includes(query.locationId)) throw notFound();
    const [exists] = await rows<{ id: number }>(db, sql`SELECT id FROM locations WHERE id = ${query.locationId}`);
    if (!exists) throw notFound();
    locationIds = [query.locationId];
  }
  if (query.customerId !== undefined) {
    const ofCustomer = (
      await rows<{ id: number }>(db, sql`SELECT id FROM locations WHERE customer_id = ${query.customerId} ORDER BY id`)
    ).map((r) => Number(r.id));
    const narrowed = locationIds === null ? ofCustomer : ofCustomer.filter((id) => locationIds?.includes(id));
    if (narrowed.length === 0) throw notFound();
    locationIds = narrowed;
  }
  if (query.productId !== undefined) {
    const [product] = await rows<{ id: number }>(db, sql`SELECT id FROM products WHERE id = ${query.productId}`);
    if (!product) throw notFound();
  }
  return {
    db,
    auth,
    locale,
    report,
    from,
    to,
    locationIds,
    productId: query.productId ?? null,
    transactionTypeId: query.transactionTypeId ?? null,
    money: mayReadMoney(auth),
    batchRows: query.format === 'xlsx' ? XLSX_BATCH_ROWS : runsOnServerThread(db) ? SERVER_THREAD_BATCH_ROWS : BATCH_ROWS,
    readAhead: query.format !== 'xlsx',
  };
}

/**
 * About how many orders' ledger entries one statement of a report reads (issue 20): where a
 * report reads each location's range of the ledger (balances at a day, the pooling and commission
 * movements, the Shop accounting reports), it reads a chunk of locations per statement, with at
 * most about this many orders between them (`order_counts`, both sides); a busier location is a
 * chunk of its own. PGlite runs statements on the server's own thread, so one statement over
 * every location held every other user for a second or more; a chunk of the demo's two years is
 * a statement of tens of milliseconds.
 */
export const CHUNK_ORDERS = 1000;

/**
 * `ids` (null: every location) ascending, in chunks of at most CHUNK_ORDERS orders (a location
 * with more alone): what one statement of a report reads.
 */
export async function locationChunks(db: Tx, ids: readonly number[] | null): Promise<number[][]> {
  const weights = await rows<{ id: number; orders: number }>(
    db,
    sql`SELECT l.id, COALESCE(c.orders, 0)::int AS orders
        FROM locations l
        LEFT JOIN (SELECT location_id, sum(n) AS orders FROM order_counts GROUP BY 1) c ON c.location_id = l.id
        WHERE ${inLocations(sql.raw('l.id'), ids === null ? null : [...ids])} ORDER BY l.id`,
  );
  const chunks: number[][] = [];
  let chunk: number[] = [];
  let orders = 0;
  for (const { id, orders: own } of weights) {
    if (chunk.length > 0 && orders + Number(own) > CHUNK_ORDERS) {
      chunks.push(chunk);
      chunk = [];
      orders = 0;
    }
    chunk.push(Number(id));
    orders += Number(own);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** `<column> IN (...)` for the report's locations, or TRUE for every location. An empty scope matches nothing. */
export function inLocations(column: ReturnType<typeof sql.raw>, locationIds: number[] | null) {
  if (locationIds === null) return sql`TRUE`;
  if (locationIds.length === 0) return sql`FALSE`;
  return sql`${column} IN (${sql.join(
    locationIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** `AND <column> = productId` when the report is filtered by product. */
export function productFilter(column: ReturnType<typeof sql.raw>, productId: number | null) {
  return productId === null ? sql`` : sql`AND ${column} = ${productId}`;
}

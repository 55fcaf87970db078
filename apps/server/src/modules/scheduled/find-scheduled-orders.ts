/**
 * GET ScheduledOrders and GET ScheduledOrders/{id}: schedules with their lines and next
 * occurrences. A schedule is visible when either of its locations is in the caller's scope
 * (domain.md "Who sees what"); anything else answers 404.
 */
import {
  areaByTransactionType,
  type Country,
  type Locale,
  type MenuItemKey,
  type ScheduledOrder,
  type ScheduledOrdersQuery,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type ProductNameRow, productJoins, productNameColumns, productNames } from '../lookups/products.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { closuresOf, todayUtc } from './materialize-due-orders.js';
import { addDays, occurrences } from './occurrences.js';

/** The menu areas with scheduled orders: Orders (purchases) and Dispatch (sales); spec section 2. */
export const scheduleAreas: readonly MenuItemKey[] = [areaByTransactionType[1], areaByTransactionType[2]];

type Row = Omit<ScheduledOrder, 'lines' | 'upcoming'> & { countryId: Country };

const columns = sql`s.id, s.transaction_type_id AS "transactionTypeId", s.location_id_from AS "locationIdFrom",
  s.location_id_to AS "locationIdTo", lf.name AS "locationNameFrom", lt.name AS "locationNameTo",
  s.interval_weeks AS "intervalWeeks", s.monday, s.tuesday, s.wednesday, s.thursday, s.friday,
  s.start_date AS "startDate", s.end_date AS "endDate", s.next_date AS "nextDate", s.truck_type_id AS "truckTypeId",
  s.reference_own AS "referenceOwn", s.active, lf.country_id AS "countryId"`;

/**
 * The schedules where `q.locationId` (default: the acting location) is either party, newest
 * first; inactive ones only with `includeInactive`.
 * @throws FORBIDDEN when the acting location's menu offers neither Orders nor Dispatch (or not
 *   the one of `q.transactionTypeId`); NOT_FOUND when the location is outside the caller's scope
 */
export async function findScheduledOrders(
  db: Tx,
  auth: AuthContext,
  q: ScheduledOrdersQuery,
  today = todayUtc(),
): Promise<ScheduledOrder[]> {
  // Orders > Scheduled orders and Dispatch > Scheduled pickups (spec section 6).
  await requireArea(db, auth, q.transactionTypeId ? areaByTransactionType[q.transactionTypeId] : scheduleAreas);
  const locationId = q.locationId ?? auth.locationId;
  if (!locationId || !inScope(await scopeLocationIds(db, auth), locationId)) throw notFound();
  const where: SQL[] = [sql`(s.location_id_from = ${locationId} OR s.location_id_to = ${locationId})`];
  if (q.transactionTypeId) where.push(sql`s.transaction_type_id = ${q.transactionTypeId}`);
  if (!q.includeInactive) where.push(sql`s.active`);
  const list = await rows<Row>(
    db,
    sql`SELECT ${columns} FROM scheduled_orders s JOIN locations lf ON lf.id = s.location_id_from
        JOIN locations lt ON lt.id = s.location_id_to WHERE ${sql.join(where, sql` AND `)} ORDER BY s.id DESC`,
  );
  return complete(db, auth.language, list, today);
}

/**
 * One schedule.
 * @throws NOT_FOUND when missing or when neither party is in the caller's scope; FORBIDDEN when
 *   the acting location's menu does not offer its kind
 */
export async function getScheduledOrder(db: Tx, auth: AuthContext, id: number, today = todayUtc()): Promise<ScheduledOrder> {
  const [row] = await rows<Row>(
    db,
    sql`SELECT ${columns} FROM scheduled_orders s JOIN locations lf ON lf.id = s.location_id_from
        JOIN locations lt ON lt.id = s.location_id_to WHERE s.id = ${id}`,
  );
  const scope = await scopeLocationIds(db, auth);
  if (!row || !(inScope(scope, row.locationIdFrom) || inScope(scope, row.locationIdTo))) throw notFound();
  await requireArea(db, auth, areaByTransactionType[row.transactionTypeId as 1 | 2]);
  const [done] = await complete(db, auth.language, [row], today);
  if (!done) throw notFound();
  return done;
}

/** Adds lines (with names in the caller's language) and the next occurrences to schedule rows. */
async function complete(db: Tx, locale: Locale, list: Row[], today: string): Promise<ScheduledOrder[]> {
  if (list.length === 0) return [];
  const ids = `{${list.map((s) => s.id).join(',')}}`;
  const lines = await rows<
    {
      scheduledOrderId: number;
      productId: number;
      quantityOrdered: number;
      qtyHeight: number;
    } & ProductNameRow
  >(
    db,
    sql`SELECT sl.scheduled_order_id AS "scheduledOrderId", sl.product_id AS "productId", sl.quantity AS "quantityOrdered",
          ct.qty_height AS "qtyHeight", ${productNameColumns}
        FROM scheduled_order_lines sl JOIN products p ON p.id = sl.product_id ${productJoins}
        WHERE sl.scheduled_order_id = ANY(${ids}::int[]) ORDER BY sl.product_id`,
  );
  const closures = new Map<string, Set<string>>();
  for (const country of new Set(list.map((s) => s.countryId))) closures.set(country, await closuresOf(db, country, today));
  return list.map(({ countryId, ...s }) => ({
    ...s,
    id: Number(s.id),
    lines: lines
      .filter((l) => Number(l.scheduledOrderId) === Number(s.id))
      .map((l) => ({
        productId: l.productId,
        quantityOrdered: l.quantityOrdered,
        qtyHeight: l.qtyHeight,
        name: productNames(locale, l, l).name,
      })),
    upcoming: s.active ? occurrences(s, today, addDays(today, 120), countryId, closures.get(countryId) ?? new Set()).slice(0, 5) : [],
  }));
}

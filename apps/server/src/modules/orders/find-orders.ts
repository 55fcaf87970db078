/**
 * GET Orders (spec sections 7 and 9): the orders grid. Orders are visible when their from- or
 * to-location is in the caller's scope. For one location the two sides are read as two index
 * range scans (orders_from_send_idx, orders_to_send_idx), each stopping after offset+count rows
 * when sorted by send date, so a page costs the same however long the history is.
 */
import { type OrderSummary, type OrdersQuery, orderAreas, orderingSide } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { countFromCounters } from './order-counts.js';

const sortColumns = {
  dateSend: sql`o.date_send`,
  id: sql`o.id`,
  transactionStatusId: sql`o.transaction_status_id`,
  locationNameFrom: sql`lf.name`,
  locationNameTo: sql`lt.name`,
  quantity: sql`o.quantity_total`,
} as const;

export const summaryColumns = sql`o.id, o.transaction_type_id AS "transactionTypeId",
  o.transaction_status_id AS "transactionStatusId", o.location_id_from AS "locationIdFrom",
  o.location_id_to AS "locationIdTo", lf.name AS "locationNameFrom", COALESCE(lt.name, ex.name) AS "locationNameTo",
  o.customer_group_from AS "customerGroupFrom", o.customer_group_to AS "customerGroupTo",
  o.date_send AS "dateSend", o.date_pickup AS "datePickup", o.date_receive AS "dateReceive",
  o.reference_own AS "referenceOwn", o.quantity_total AS quantity, o.comment_count AS "commentCount",
  o.is_receiver_registered AS "isReceiverRegistered", NULLIF(o.customs_status, '') AS "customsStatus"`;

export const summaryJoins = sql`JOIN locations lf ON lf.id = o.location_id_from
  LEFT JOIN locations lt ON lt.id = o.location_id_to
  LEFT JOIN external_locations ex ON ex.id = o.external_location_id_to`;

const like = (text: string, prefixOnly: boolean) => `${prefixOnly ? '' : '%'}${text.replace(/[%_\\]/g, '\\$&')}%`;

/** Options of the grid that are not query parameters. */
export interface OrdersSqlOptions {
  /** Only orders to external locations (GET ExternalOrders). */
  externalOnly?: boolean;
}

function filters(q: OrdersQuery, options: OrdersSqlOptions): SQL[] {
  const where: SQL[] = [];
  if (options.externalOnly) where.push(sql`o.external_location_id_to IS NOT NULL`);
  if (q.transactionStatus?.length)
    where.push(
      sql`o.transaction_status_id IN (${sql.join(
        q.transactionStatus.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.transactionType?.length)
    where.push(
      sql`o.transaction_type_id IN (${sql.join(
        q.transactionType.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.sendLower) where.push(sql`o.date_send >= ${q.sendLower}`);
  if (q.sendUpper) where.push(sql`o.date_send <= ${q.sendUpper}`);
  if (q.ids?.length)
    where.push(
      sql`o.id IN (${sql.join(
        q.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (q.customerId) where.push(sql`(lf.customer_id = ${q.customerId} OR lt.customer_id = ${q.customerId})`);
  if (q.locationIdFrom) where.push(sql`o.location_id_from = ${q.locationIdFrom}`);
  if (q.locationIdTo) where.push(sql`o.location_id_to = ${q.locationIdTo}`);
  if (q.term) {
    const prefix = like(q.term, true);
    where.push(sql`(o.id::text LIKE ${prefix} OR o.reference_own ILIKE ${prefix} OR lf.name ILIKE ${prefix}
      OR lt.name ILIKE ${prefix} OR ex.name ILIKE ${prefix})`);
  }
  if (q.filterLocationFrom) where.push(sql`lf.name ILIKE ${like(q.filterLocationFrom, false)}`);
  if (q.filterLocationTo) where.push(sql`COALESCE(lt.name, ex.name) ILIKE ${like(q.filterLocationTo, false)}`);
  if (q.filterReference) where.push(sql`o.reference_own ILIKE ${like(q.filterReference, false)}`);
  return where;
}

/**
 * The SQL of one grid request: the page and the count. `locations` null reads every order
 * (global scope). Exported for the benchmark, which runs the same SQL through `pg` directly.
 */
export function buildOrdersSql(
  locations: number[] | null,
  q: OrdersQuery,
  options: OrdersSqlOptions = {},
): { pageSql: SQL; countSql: SQL } {
  const field = q['orderBy[0].field'] ?? 'dateSend';
  const descending = q['orderBy[0].descending'] ?? true;
  const dir = descending ? sql`DESC` : sql`ASC`;
  const order = sql`${sortColumns[field]} ${dir}, o.id ${dir}`;
  const where = filters(q, options);
  const whereSql = (extra: SQL) => sql.join([extra, ...where], sql` AND `);
  const limit = q.offset + q.count;
  if (locations === null) {
    return {
      pageSql: sql`SELECT ${summaryColumns} FROM orders o ${summaryJoins} WHERE ${whereSql(sql`true`)}
        ORDER BY ${order} LIMIT ${q.count} OFFSET ${q.offset}`,
      countSql: sql`SELECT count(*)::int AS total FROM orders o ${summaryJoins} WHERE ${whereSql(sql`true`)}`,
    };
  }
  // One location (the grid's usual request) as a plain equality, so the planner walks the
  // send-date index in order and stops after offset+count rows.
  const inLocations = (column: SQL) =>
    locations.length === 1 ? sql`${column} = ${locations[0]}` : sql`${column} = ANY(${`{${locations.join(',')}}`}::int[])`;
  // A draft is seen only by the side that places it (orderingSide: the to-side of a purchase).
  const fromSide = sql`${inLocations(sql`o.location_id_from`)} AND (o.transaction_status_id <> 0 OR o.transaction_type_id <> 1)`;
  const toSide = sql`${inLocations(sql`o.location_id_to`)} AND (o.transaction_status_id <> 0 OR o.transaction_type_id = 1)`;
  const side = (condition: SQL) =>
    sql`(SELECT ${summaryColumns} FROM orders o ${summaryJoins} WHERE ${whereSql(condition)}
         ORDER BY ${order} LIMIT ${limit})`;
  // An order between two locations of the same scope appears on both sides: UNION drops the twin.
  return {
    pageSql: sql`SELECT * FROM (${side(fromSide)} UNION ${side(toSide)}) o
      ORDER BY ${sql.identifier(field)} ${dir}, id ${dir} LIMIT ${q.count} OFFSET ${q.offset}`,
    countSql: sql`SELECT count(*)::int AS total FROM (
        SELECT o.id FROM orders o ${summaryJoins} WHERE ${whereSql(fromSide)}
        UNION SELECT o.id FROM orders o ${summaryJoins} WHERE ${whereSql(toSide)}) t`,
  };
}

/**
 * Whether an order is visible in a scope: one of its locations is in it, and a draft only to
 * the side that places it (a supplier does not see a customer's unsent purchase, and so on).
 */
export function visibleTo(scope: number[] | null, type: number, status: number, fromId: number, toId: number | null): boolean {
  if (scope === null) return true;
  if (status === 0) return inScope(scope, orderingSide(type) === 'to' ? toId : fromId);
  return inScope(scope, fromId) || inScope(scope, toId);
}

/**
 * Finds a page of orders and the total that match. Locations outside the caller's scope
 * give an empty page, as if they had no orders. `externalOnly`: only orders to external
 * locations (GET ExternalOrders; visible through their from-location).
 * @returns up to `count` rows from `offset`, and `total` matching rows
 */
export async function findOrders(
  db: Tx,
  auth: AuthContext,
  q: OrdersQuery,
  options: OrdersSqlOptions = {},
): Promise<{ items: OrderSummary[]; total: number }> {
  // The order lists of the menu (spec section 6): external orders are Delivery's; the grid any order area's.
  await requireArea(db, auth, options.externalOnly ? 'delivery' : orderAreas);
  const scope = await scopeLocationIds(db, auth);
  let locations: number[] | null = scope;
  if (q.locationId !== undefined) {
    if (!inScope(scope, q.locationId)) return { items: [], total: 0 };
    locations = [q.locationId];
  }
  const { pageSql, countSql } = buildOrdersSql(locations, q, options);
  const [items, total] = await Promise.all([
    rows<OrderSummary>(db, pageSql),
    countFromCounters(db, locations, q, !!options.externalOnly).then(
      async (counted) => counted ?? Number((await rows<{ total: number }>(db, countSql))[0]?.total ?? 0),
    ),
  ]);
  return { items: items.map((o) => ({ ...o, id: Number(o.id) })), total };
}

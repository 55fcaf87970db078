/**
 * GET ContainerOrders (Container > Orders; docs/container-orders.md): the orders of the caller's
 * locations (provider staff: every location's), newest first, bounded like the orders grid.
 */
import {
  CONTAINER_ORDERS_LIST_MAX,
  type ContainerOrderStatus,
  type ContainerOrderSummary,
  type ContainerOrdersQuery,
  type Locale,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { productNamesById } from '../orders/product-names.js';
import { containerOrderScope, inLocations } from './container-order-access.js';

/** The columns of an order's summary, over `container_orders o` with `summaryJoins`. */
export const summaryColumns = sql`o.id, o.location_id AS "locationId", l.name AS "locationName", c.name AS "customerName",
  o.status, o.product_id AS "productId", o.quantity, o.wanted_date AS "wantedDate", o.reference,
  o.ordered_by_user_id AS "orderedById", u.name AS "orderedByName", o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  o.rental_id AS "rentalId"`;

/** Joins an order `o` to its location `l`, customer `c` and orderer `u`. */
export const summaryJoins = sql`JOIN locations l ON l.id = o.location_id JOIN customers c ON c.id = l.customer_id
  LEFT JOIN users u ON u.id = o.ordered_by_user_id`;

/** A summary row as `summaryColumns` reads it. */
export interface SummaryRow {
  id: number;
  locationId: number;
  locationName: string;
  customerName: string;
  status: ContainerOrderStatus;
  productId: number | null;
  quantity: number;
  wantedDate: string | null;
  reference: string | null;
  orderedById: number | null;
  orderedByName: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  rentalId: number | null;
}

/** The API shape of summary rows, product names in `locale`. */
export async function toSummaries(db: Tx, locale: Locale, list: SummaryRow[]): Promise<ContainerOrderSummary[]> {
  const names = await productNamesById(
    db,
    locale,
    list.flatMap((o) => (o.productId === null ? [] : [Number(o.productId)])),
  );
  return list.map((row) => {
    const createdAt = isoInstant(row.createdAt) ?? '';
    return {
      id: Number(row.id),
      locationId: Number(row.locationId),
      locationName: row.locationName,
      customerName: row.customerName,
      status: row.status,
      productId: row.productId === null ? null : Number(row.productId),
      productName: row.productId === null ? '' : (names.get(Number(row.productId)) ?? ''),
      quantity: Number(row.quantity),
      wantedDate: row.wantedDate,
      reference: row.reference,
      ordered: row.orderedById === null ? null : { userId: Number(row.orderedById), name: row.orderedByName ?? '', at: createdAt },
      createdAt,
      updatedAt: isoInstant(row.updatedAt) ?? '',
      rentalId: row.rentalId === null ? null : Number(row.rentalId),
    };
  });
}

/** A LIKE pattern that matches `term` literally anywhere. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The caller's container orders, newest first (ordered instant, then id), at most
 * CONTAINER_ORDERS_LIST_MAX. `locationId`, `status` (any of), `from`/`to` (inclusive, on the
 * ordered day in UTC or the wanted day, by `dateField`) and `term` (the order number, or a part
 * of the reference, case-insensitive) narrow the list.
 * Errors: FORBIDDEN without the Container area; NOT_FOUND for a `locationId` outside the scope.
 */
export async function findContainerOrders(
  db: Tx,
  auth: AuthContext,
  query: ContainerOrdersQuery,
  locale: Locale,
): Promise<ContainerOrderSummary[]> {
  const scope = await containerOrderScope(db, auth);
  if (query.locationId !== undefined && scope !== null && !scope.includes(query.locationId)) throw notFound();
  const filters: SQL[] = [inLocations(sql`o.location_id`, scope)];
  if (query.locationId !== undefined) filters.push(sql`o.location_id = ${query.locationId}`);
  if (query.status?.length)
    filters.push(
      sql`o.status IN (${sql.join(
        query.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  const day = query.dateField === 'wanted' ? sql`o.wanted_date` : sql`(o.created_at AT TIME ZONE 'UTC')::date`;
  if (query.from) filters.push(sql`${day} >= ${query.from}::date`);
  if (query.to) filters.push(sql`${day} <= ${query.to}::date`);
  const term = query.term?.trim();
  if (term) {
    const byId = /^\d{1,9}$/.test(term) ? sql`o.id = ${Number(term)} OR ` : sql``;
    filters.push(sql`(${byId}o.reference ILIKE ${containsPattern(term)})`);
  }
  const list = await rows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns} FROM container_orders o ${summaryJoins}
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${CONTAINER_ORDERS_LIST_MAX}`,
  );
  return toSummaries(db, locale, list);
}

/**
 * What follows a disputed balance confirmation (issue 22): the lines the customer disputed, each
 * with the balance the link showed and the customer's own figure, and the movement disputes
 * (Reports > Disputes, docs/disputes.md) the customer's locations opened since the round started,
 * read from the disputes table here so the disputes module stays as it is. Both for many
 * confirmations at once, in one statement each.
 */
import type { ConfirmationMovementDispute, DisputedConfirmationLine, Locale } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { productNamesById } from '../orders/product-names.js';

/** The most movement disputes the round's page lists per customer. */
export const MOVEMENT_DISPUTES_SHOWN = 50;

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The disputed lines of the confirmations `ids`, by confirmation id; product names in `locale`. */
export async function disputedLinesOf(db: Tx, locale: Locale, ids: readonly number[]): Promise<Map<number, DisputedConfirmationLine[]>> {
  const byConfirmation = new Map<number, DisputedConfirmationLine[]>();
  if (ids.length === 0) return byConfirmation;
  const list = await rows<Omit<DisputedConfirmationLine, 'productName'> & { confirmationId: number }>(
    db,
    sql`SELECT x.confirmation_id AS "confirmationId", x.location_id AS "locationId", l.name AS "locationName", x.product_id AS "productId",
          x.balance_kind AS "balanceKind", x.shown_quantity AS "shownQuantity", x.quantity
        FROM balance_confirmation_lines x JOIN locations l ON l.id = x.location_id
        WHERE x.confirmation_id = ANY(${idArray(ids)}::int[])
        ORDER BY l.name, x.location_id, x.product_id, x.balance_kind`,
  );
  const names = await productNamesById(
    db,
    locale,
    list.map((line) => Number(line.productId)),
  );
  for (const { confirmationId, ...line } of list) {
    const id = Number(confirmationId);
    byConfirmation.set(id, [
      ...(byConfirmation.get(id) ?? []),
      {
        ...line,
        locationId: Number(line.locationId),
        productId: Number(line.productId),
        shownQuantity: Number(line.shownQuantity),
        quantity: Number(line.quantity),
        productName: names.get(Number(line.productId)) ?? String(line.productId),
      },
    ]);
  }
  return byConfirmation;
}

/**
 * The movement disputes each of `customerIds` opened (its location is the opener) at or after
 * `since`, newest first, at most MOVEMENT_DISPUTES_SHOWN per customer; by customer id.
 */
export async function movementDisputesSince(
  db: Tx,
  customerIds: readonly number[],
  since: string | Date,
): Promise<Map<number, ConfirmationMovementDispute[]>> {
  const byCustomer = new Map<number, ConfirmationMovementDispute[]>();
  if (customerIds.length === 0) return byCustomer;
  const list = await rows<ConfirmationMovementDispute & { customerId: number; openedAt: string | Date }>(
    db,
    sql`SELECT * FROM (
          SELECT l.customer_id AS "customerId", d.id, d.status, d.source_kind AS "sourceKind", d.order_id AS "orderId",
            d.booking_date::text AS "bookingDate", l.name AS "locationName", d.opened_at AS "openedAt",
            row_number() OVER (PARTITION BY l.customer_id ORDER BY d.opened_at DESC, d.id DESC) AS n
          FROM disputes d JOIN locations l ON l.id = d.opener_location_id
          WHERE l.customer_id = ANY(${idArray(customerIds)}::int[]) AND d.opened_at >= ${new Date(since).toISOString()}::timestamptz) x
        WHERE n <= ${MOVEMENT_DISPUTES_SHOWN} ORDER BY "customerId", n`,
  );
  for (const { customerId, n: _, ...d } of list as ((typeof list)[number] & { n: number })[]) {
    const id = Number(customerId);
    byCustomer.set(id, [
      ...(byCustomer.get(id) ?? []),
      {
        ...d,
        id: Number(d.id),
        orderId: d.orderId === null ? null : Number(d.orderId),
        openedAt: new Date(d.openedAt).toISOString(),
      },
    ]);
  }
  return byCustomer;
}

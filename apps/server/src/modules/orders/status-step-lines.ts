/**
 * The order lines of a status step (apply-status-step.ts): reading them, and writing the
 * picked (2 -> 3), delivered (receiving, a disagreement and its resolution) and sorted
 * (10 -> 12) quantities, with their checks (docs/domain.md, "Status steps and their data").
 */
import { AppErrorCode, isQuantityOnStep, pickedVolumeWarns } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from './product-names.js';

/** A warning of a step (the route translates it): a line picked >20% off, or a 0-line removed. */
export interface StepWarning {
  code: 'pickedDeviation' | 'lineRemoved';
  productId: number;
  quantityOrdered: number;
  quantityPicked: number;
}

/** An order line as a step sees it; quantities in pallets, `qtyHeight` the product's stack. */
export interface LineRow {
  productId: number;
  ordered: number;
  picked: number | null;
  delivered: number | null;
  qtyHeight: number;
}

/** A line's quantity as a step's request gives it (pallets). */
export interface GivenLine {
  productId: number;
  quantity: number;
}

/** The quantity that was sent on a line: the picked one, or the ordered one when not picked. */
export const sentQuantity = (l: LineRow) => l.picked ?? l.ordered;

/** A VALIDATION error with its fields' message keys. */
export const validation = (fields: Record<string, string>, params: Record<string, unknown> = {}) =>
  new AppError(AppErrorCode.VALIDATION, params, fields);

/** The order's lines in their order (GET Orders/{id} lists them so). */
export async function loadLines(tx: Tx, orderId: number): Promise<LineRow[]> {
  const list = await rows<LineRow>(
    tx,
    sql`SELECT ol.product_id AS "productId", ol.quantity_ordered AS ordered, ol.quantity_picked AS picked,
          ol.quantity_delivered AS delivered, ct.qty_height AS "qtyHeight"
        FROM order_lines ol JOIN products p ON p.id = ol.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE ol.order_id = ${orderId} ORDER BY ol.id`,
  );
  return list.map((l) => ({ ...l, productId: Number(l.productId) }));
}

/**
 * Every line must have its picked quantity: on the order (`given` undefined) or in the step's
 * request (`given`, the product ids it lists). A missing one is named, line by line:
 * `transactions.<i>.quantityPicked` (the order's lines as GET Orders/{id} lists them).
 * Errors: ORDER_STATUS 400 naming the products.
 */
export async function requirePicked(tx: Tx, auth: AuthContext, lines: LineRow[], given?: Set<number>) {
  const missing = lines.map((l, i) => ({ l, i })).filter(({ l }) => (given ? !given.has(l.productId) : l.picked === null));
  if (missing.length === 0) return;
  const names = await productNamesById(
    tx,
    auth.language,
    missing.map(({ l }) => l.productId),
  );
  const fields = Object.fromEntries(missing.map(({ i }) => [`transactions.${i}.quantityPicked`, 'validation.pickedMissing']));
  throw new AppError(
    AppErrorCode.ORDER_STATUS,
    { reasonKey: 'statusReasons.pickedMissing', product: missing.map(({ l }) => names.get(l.productId)).join(', ') },
    fields,
    400,
  );
}

/**
 * Picking (2 -> 3): every line needs its picked quantity, in whole stacks; lines picked 0
 * are removed (at least one must stay); the order's totals follow the remaining lines.
 * Errors: ORDER_STATUS 400 for a missing line, QUANTITY_STEP, VALIDATION when all are 0.
 * @returns the warnings: lines picked >20% off the ordered quantity, removed 0-lines
 */
export async function pickLines(tx: Tx, auth: AuthContext, orderId: number, lines: LineRow[], given: GivenLine[]): Promise<StepWarning[]> {
  await requirePicked(tx, auth, lines, new Set(given.map((l) => l.productId)));
  const byProduct = new Map(lines.map((l) => [l.productId, l]));
  const fields: Record<string, string> = {};
  let stepError: { productId: number; step: number } | null = null;
  given.forEach((line, i) => {
    const step = (byProduct.get(line.productId) as LineRow).qtyHeight;
    if (!isQuantityOnStep(line.quantity, step)) {
      fields[`lines.${i}.quantity`] = 'errors.QUANTITY_STEP';
      stepError ??= { productId: line.productId, step };
    }
  });
  if (stepError) {
    const { productId, step } = stepError as { productId: number; step: number };
    const names = await productNamesById(tx, auth.language, [productId]);
    throw new AppError(AppErrorCode.QUANTITY_STEP, { product: names.get(productId), step }, fields);
  }
  if (given.every((l) => l.quantity === 0)) throw validation({ lines: 'validation.noLines' });

  const ids = `{${given.map((l) => l.productId).join(',')}}`;
  const quantities = `{${given.map((l) => l.quantity).join(',')}}`;
  await tx.execute(sql`UPDATE order_lines ol SET quantity_picked = g.quantity
    FROM unnest(${ids}::int[], ${quantities}::int[]) AS g(product_id, quantity)
    WHERE ol.order_id = ${orderId} AND ol.product_id = g.product_id`);
  await tx.execute(sql`DELETE FROM order_lines WHERE order_id = ${orderId} AND quantity_picked = 0`);
  await tx.execute(sql`UPDATE orders o SET
      quantity_total = (SELECT COALESCE(sum(quantity_ordered), 0) FROM order_lines WHERE order_id = o.id),
      weight_grams = (SELECT COALESCE(sum(ol.quantity_ordered * ct.tare_weight_grams), 0) FROM order_lines ol
        JOIN products p ON p.id = ol.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE ol.order_id = o.id)
    WHERE o.id = ${orderId}`);

  const warnings: StepWarning[] = [];
  for (const line of given) {
    const ordered = (byProduct.get(line.productId) as LineRow).ordered;
    const warning = { productId: line.productId, quantityOrdered: ordered, quantityPicked: line.quantity };
    if (line.quantity === 0) warnings.push({ code: 'lineRemoved', ...warning });
    else if (pickedVolumeWarns(ordered, line.quantity)) warnings.push({ code: 'pickedDeviation', ...warning });
  }
  return warnings;
}

/** Sets the delivered quantity of the order's lines `given` names (the others keep theirs). */
export async function setDelivered(tx: Tx, orderId: number, given: GivenLine[]) {
  if (given.length === 0) return;
  const ids = `{${given.map((l) => l.productId).join(',')}}`;
  const quantities = `{${given.map((l) => l.quantity).join(',')}}`;
  await tx.execute(sql`UPDATE order_lines ol SET quantity_delivered = g.quantity
    FROM unnest(${ids}::int[], ${quantities}::int[]) AS g(product_id, quantity)
    WHERE ol.order_id = ${orderId} AND ol.product_id = g.product_id`);
}

/**
 * Sorting (10 -> 12): the sorted quantity per product (quality) becomes each line's delivered
 * quantity; the order's products not listed were sorted to 0; products not on the order
 * (another quality) are added as lines with 0 ordered. Errors: VALIDATION for no lines or an
 * unknown or inactive product.
 */
export async function sortLines(tx: Tx, orderId: number, onOrder: Map<number, LineRow>, given: GivenLine[]) {
  if (given.length === 0) throw validation({ lines: 'validation.required' });
  const added = given.filter((l) => !onOrder.has(l.productId));
  if (added.length) {
    const known = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM products WHERE active AND id IN (${sql.join(
        added.map((l) => sql`${l.productId}`),
        sql`, `,
      )})`,
    );
    const knownIds = new Set(known.map((p) => Number(p.id)));
    const fields: Record<string, string> = {};
    given.forEach((l, i) => {
      if (!onOrder.has(l.productId) && !knownIds.has(l.productId)) fields[`lines.${i}.productId`] = 'validation.invalid';
    });
    if (Object.keys(fields).length) throw validation(fields);
  }
  await tx.execute(sql`UPDATE order_lines SET quantity_delivered = 0 WHERE order_id = ${orderId}`);
  await setDelivered(
    tx,
    orderId,
    given.filter((l) => onOrder.has(l.productId)),
  );
  if (added.length) {
    // On a return (to a sorting depot) a line found in another quality takes the default return choice: shall be returned.
    await tx.execute(sql`INSERT INTO order_lines (order_id, product_id, quantity_ordered, quantity_delivered, shall_return)
      SELECT ${orderId}, g.product_id, 0, g.quantity,
        (SELECT CASE WHEN l.is_sorting_depot THEN true END FROM orders o JOIN locations l ON l.id = o.location_id_to WHERE o.id = ${orderId})
      FROM unnest(${`{${added.map((l) => l.productId).join(',')}}`}::int[], ${`{${added.map((l) => l.quantity).join(',')}}`}::int[]) AS g(product_id, quantity)`);
  }
}

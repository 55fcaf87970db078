/**
 * The ledger side of confirming a count audit (spec section 3, "Count audit"; docs/domain.md,
 * "Count audits"): one correction entry per product whose count differs from the ledger balance
 * at the end of the count date, booked on that date, so that the balance at the date equals the
 * counted volume; the running `balances` move in the same transaction.
 */
import { correctionBalanceKind } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { checkStockLevels, type LocationProduct } from '../balance/check-stock-levels.js';
import { countFigures } from './count-figures.js';

/**
 * Posts the corrections of count audit `auditId`, which the caller is confirming in `tx` (its row
 * locked, still registered: decide-count-audit.ts; or the demo seed). Inside `tx`:
 * 1. locks the counted location's balance rows (in key order, as an order's posting takes them),
 *    so no posting moves them meanwhile;
 * 2. recomputes each line's balance at the end of the count date and the inbound / outbound
 *    since (`countFigures`), and stores them on the lines: something may have posted since the
 *    count was registered;
 * 3. books one entry per line with a non-zero difference (counted - balance): source
 *    `correction`, `count_audit_id` = the audit, booking date = the count date, balance kind
 *    pooling at a pooling location or provider depot, else commission (`correctionBalanceKind`);
 *    lines of 0 post nothing;
 * 4. adds the same quantities to `balances`;
 * 5. checks the stock levels of the products it moved (`checkStockLevels`: the stock-level mail
 *    when a correction takes a balance across a level), as an order's posting does.
 * Quantities in carriers.
 * @returns the location and products whose balance moved (empty when the count matched)
 */
export async function postCountCorrections(tx: Tx, auditId: number): Promise<LocationProduct[]> {
  const [audit] = await rows<{ locationId: number; date: string; isPooling: boolean; typeId: string }>(
    tx,
    sql`SELECT a.location_id AS "locationId", a.count_date AS date, l.is_pooling AS "isPooling", l.type_id AS "typeId"
        FROM count_audits a JOIN locations l ON l.id = a.location_id WHERE a.id = ${auditId}`,
  );
  if (!audit) throw new Error(`postCountCorrections: no count audit ${auditId}`);
  const locationId = Number(audit.locationId);
  await tx.execute(sql`SELECT 1 FROM balances WHERE location_id = ${locationId} ORDER BY product_id, balance_kind FOR UPDATE`);

  const lines = await rows<{ productId: number; counted: number }>(
    tx,
    sql`SELECT product_id AS "productId", counted_quantity AS counted FROM count_audit_lines WHERE audit_id = ${auditId} ORDER BY product_id`,
  );
  if (lines.length === 0) return [];
  const figures = await countFigures(
    tx,
    locationId,
    audit.date,
    lines.map((l) => Number(l.productId)),
  );
  const computed = lines.map((line) => {
    const productId = Number(line.productId);
    const figure = figures.get(productId) ?? { balance: 0, inbound: 0, outbound: 0 };
    return { productId, ...figure, difference: Number(line.counted) - figure.balance };
  });
  await tx.execute(sql`UPDATE count_audit_lines cl SET balance = v.balance, inbound = v.inbound, outbound = v.outbound
    FROM (VALUES ${sql.join(
      computed.map((c) => sql`(${c.productId}::int, ${c.balance}::int, ${c.inbound}::int, ${c.outbound}::int)`),
      sql`, `,
    )}) AS v(product_id, balance, inbound, outbound)
    WHERE cl.audit_id = ${auditId} AND cl.product_id = v.product_id`);

  const corrections = computed.filter((c) => c.difference !== 0);
  if (corrections.length === 0) return [];
  const kind = correctionBalanceKind(audit);
  const values = sql.join(
    corrections.map((c) => sql`(${c.productId}::int, ${c.difference}::int)`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO ledger_entries (product_id, location_id, balance_kind, quantity, source, count_audit_id, booking_date)
    SELECT v.product_id, ${locationId}, ${kind}, v.quantity, 'correction', ${auditId}, ${audit.date}::date
    FROM (VALUES ${values}) AS v(product_id, quantity)`);
  await tx.execute(sql`INSERT INTO balances (location_id, product_id, balance_kind, quantity)
    SELECT ${locationId}, v.product_id, ${kind}, v.quantity FROM (VALUES ${values}) AS v(product_id, quantity)
    ON CONFLICT (location_id, product_id, balance_kind)
    DO UPDATE SET quantity = balances.quantity + excluded.quantity, updated_at = now()`);
  const touched = corrections.map((c) => ({ locationId, productId: c.productId }));
  await checkStockLevels(tx, touched);
  return touched;
}

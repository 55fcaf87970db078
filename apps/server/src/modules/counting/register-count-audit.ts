/**
 * POST CountAudits (spec section 3, "Count audit"; docs/domain.md, "Count audits"): a location
 * registers what it counted on a day. The answer (GET CountAudits/{id}) shows per product the
 * ledger balance at the end of that day, the carriers in and out since, and the difference.
 */
import { AppErrorCode, type Locale, type RegisterCountAuditRequest, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createOnceByKey } from '../idempotency/create-once.js';
import { productNamesById } from '../orders/product-names.js';
import { type CountedLocation, countableLocation } from './access.js';
import { countFigures } from './count-figures.js';
import { laterConfirmedCount } from './later-count.js';

/**
 * Registers a count of `request.locationId` on `request.date` by the acting user, in one
 * transaction: the audit (status registered) and one line per product with the counted
 * quantity and the figures at registration (`countFigures`). Quantities in carriers.
 * Errors: FORBIDDEN unless customer admin of the location's customer or provider staff;
 * NOT_FOUND for a location outside the caller's counting scope; VALIDATION on `date` for a day
 * after today in the location's country, or before a confirmed count of one of the products
 * (`laterConfirmedCount`), and on `lines.<i>.productId` for an unknown or inactive product.
 * `idempotencyKey`: the same key twice from the user registers once and answers the first count
 * (create-once.ts; issue 20).
 * @returns the new audit's id
 */
export async function registerCountAudit(db: Db, auth: AuthContext, request: RegisterCountAuditRequest, locale: Locale): Promise<number> {
  return createOnceByKey(db, { kind: 'countAudit', userId: auth.user.id, key: request.idempotencyKey }, async (tx) => {
    const location = await countableLocation(tx, auth, request.locationId);
    return writeCountAudit(tx, location, auth.user.id, request, locale);
  });
}

/**
 * The core of `registerCountAudit` without its access check, inside the caller's transaction
 * (an inventory pallet receipt registers its count through it: modules/pallet-receipts): checks
 * the date and the products as described there and writes the audit (status registered) and its
 * lines by `userId`.
 * @throws VALIDATION as `registerCountAudit`
 * @returns the new audit's id
 */
export async function writeCountAudit(
  tx: Tx,
  location: Pick<CountedLocation, 'id' | 'countryId'>,
  userId: number,
  request: Pick<RegisterCountAuditRequest, 'date' | 'lines'>,
  locale: Locale,
): Promise<number> {
  if (request.date > todayIn(location.countryId)) throw new AppError(AppErrorCode.VALIDATION, {}, { date: 'validation.futureDate' });

  const productIds = request.lines.map((l) => l.productId);
  const active = new Set(
    (
      await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM products WHERE active AND id IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    ).map((p) => Number(p.id)),
  );
  const fields: Record<string, string> = {};
  request.lines.forEach((line, index) => {
    if (!active.has(line.productId)) fields[`lines.${index}.productId`] = 'validation.productInactive';
  });
  if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);

  const later = await laterConfirmedCount(tx, location.id, request.date, productIds);
  if (later) {
    const names = await productNamesById(tx, locale, [later.productId]);
    throw new AppError(
      AppErrorCode.VALIDATION,
      { product: names.get(later.productId) ?? '', laterDate: later.date },
      { date: 'validation.countedLater' },
    );
  }

  const figures = await countFigures(tx, location.id, request.date, productIds);
  const [audit] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO count_audits (location_id, count_date, status, registered_by_user_id, registered_at)
        VALUES (${location.id}, ${request.date}::date, 'registered', ${userId}, clock_timestamp()) RETURNING id`,
  );
  const id = Number(audit?.id);
  await tx.execute(sql`INSERT INTO count_audit_lines (audit_id, product_id, counted_quantity, balance, inbound, outbound)
    VALUES ${sql.join(
      request.lines.map((line) => {
        const f = figures.get(line.productId) ?? { balance: 0, inbound: 0, outbound: 0 };
        return sql`(${id}, ${line.productId}, ${line.countedQuantity}, ${f.balance}, ${f.inbound}, ${f.outbound})`;
      }),
      sql`, `,
    )}`);
  return id;
}

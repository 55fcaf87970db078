/**
 * GET CountAudits/{id} (Company > Counting; docs/domain.md, "Count audits"): one count with its
 * lines, their figures and the corrections its confirmation posted.
 */
import {
  type CountAudit,
  type CountAuditLine,
  correctionBalanceKind,
  countDecisionRefusal,
  countDifference,
  type Locale,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { countingLocationIds, locationCondition } from './access.js';
import { countFigures } from './count-figures.js';
import { type SummaryRow, summaryColumns, summaryJoins, toSummary } from './find-count-audits.js';

/**
 * One count of the caller's counting scope, product names in `locale`. A registered count's
 * figures are computed now (what confirming would post); a decided one's are those stored at its
 * decision (confirming recomputes them). `correction` on a line: the entry its confirmation
 * posted. `mayDecide`: the caller may confirm or reject it now (`countDecisionRefusal`).
 * Errors: FORBIDDEN for users without counting rights; NOT_FOUND outside them.
 */
export async function getCountAudit(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<CountAudit> {
  const ids = await countingLocationIds(db, auth);
  const [row] = await rows<SummaryRow & { comment: string | null; customerId: number; typeId: string; isPooling: boolean }>(
    db,
    sql`SELECT ${summaryColumns}, a.comment, l.customer_id AS "customerId", l.type_id AS "typeId", l.is_pooling AS "isPooling"
        FROM count_audits a ${summaryJoins}
        WHERE a.id = ${id} AND ${locationCondition(sql`a.location_id`, ids)}`,
  );
  if (!row) throw notFound();
  const summary = toSummary(row);
  const stored = await rows<{ productId: number; counted: number; balance: number; inbound: number; outbound: number }>(
    db,
    sql`SELECT product_id AS "productId", counted_quantity AS counted, balance, inbound, outbound
        FROM count_audit_lines WHERE audit_id = ${id} ORDER BY product_id`,
  );
  const productIds = stored.map((l) => Number(l.productId));
  const live = summary.status === 'registered' ? await countFigures(db, summary.locationId, summary.date, productIds) : null;
  const corrections =
    summary.status === 'confirmed' && productIds.length
      ? await rows<{ productId: number; quantity: number; balanceKind: 'pooling' | 'commission' }>(
          db,
          // By ledger_location_idx: the corrections sit at the count's location, products and date.
          sql`SELECT product_id AS "productId", quantity, balance_kind AS "balanceKind" FROM ledger_entries
              WHERE location_id = ${summary.locationId} AND product_id IN (${sql.join(
                productIds.map((p) => sql`${p}`),
                sql`, `,
              )})
                AND booking_date = ${summary.date}::date AND count_audit_id = ${id} AND source = 'correction'`,
        )
      : [];
  const correctionOf = new Map(corrections.map((c) => [Number(c.productId), { quantity: Number(c.quantity), balanceKind: c.balanceKind }]));
  const names = await productNamesById(db, locale, productIds);
  const lines: CountAuditLine[] = stored.map((line) => {
    const productId = Number(line.productId);
    const figures = live?.get(productId) ?? {
      balance: Number(line.balance),
      inbound: Number(line.inbound),
      outbound: Number(line.outbound),
    };
    return {
      productId,
      productName: names.get(productId) ?? '',
      countedQuantity: Number(line.counted),
      ...figures,
      difference: countDifference(Number(line.counted), figures.balance),
      correction: correctionOf.get(productId) ?? null,
    };
  });
  const refusal = countDecisionRefusal(
    { userId: auth.user.id, customerId: auth.user.customerId, isProvider: auth.isProvider },
    { registeredByUserId: summary.registered.userId, locationCustomerId: Number(row.customerId), locationIsDepot: row.typeId === 'NLP' },
  );
  return {
    ...summary,
    differenceCount: lines.filter((l) => l.difference !== 0).length,
    comment: row.comment,
    lines,
    mayDecide: summary.status === 'registered' && refusal === null,
    correctionKind: correctionBalanceKind(row),
  };
}

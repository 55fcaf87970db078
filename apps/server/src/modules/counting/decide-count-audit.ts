/**
 * POST CountAuditConfirm (spec section 3, "Count audit"; docs/domain.md, "Count audits"): the
 * provider confirms a registered count, which posts its corrections, or rejects it with a
 * reason. A count is decided once.
 */
import { AppErrorCode, type CountAuditConfirmRequest, countDecisionRefusal, type Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { LocationProduct } from '../balance/check-stock-levels.js';
import { productNamesById } from '../orders/product-names.js';
import { alertCountDecision } from './count-audit-alert.js';
import { laterConfirmedCount } from './later-count.js';
import { postCountCorrections } from './post-count-corrections.js';

const refusalReason = {
  notProvider: 'countAuditReasons.notProvider',
  registeredIt: 'countAuditReasons.registeredIt',
  ownCustomer: 'countAuditReasons.ownCustomer',
} as const;

/**
 * Confirms (`confirm: true`) or rejects a count, in one transaction with the count's row locked
 * (`SELECT ... FOR UPDATE`), so of two decisions at once the second waits and then finds it
 * decided. Confirming posts the corrections (`postCountCorrections`, which recomputes the
 * figures with the location's balances locked); both write the decision (who, when, comment)
 * and an alert for the counted location (and for the user who registered the count when that
 * alert does not reach them: `alertCountDecision`).
 * Errors: COUNT_AUDIT 403 for anyone but provider staff, for the user who registered the count
 * and for users of the counted location's customer (`countDecisionRefusal`); NOT_FOUND for no
 * such count; COUNT_AUDIT 409 when it is decided already, or when a later count of one of its
 * products is confirmed (`laterConfirmedCount`); nothing is written then. A rejection without a
 * comment is refused by the request schema (VALIDATION on `comment`).
 * @returns the locations and products whose balance moved (for stock-level checks)
 */
export async function decideCountAudit(
  db: Db,
  auth: AuthContext,
  request: CountAuditConfirmRequest,
  locale: Locale,
): Promise<LocationProduct[]> {
  if (!auth.isProvider) throw new AppError(AppErrorCode.COUNT_AUDIT, { reasonKey: refusalReason.notProvider }, {}, 403);
  return db.transaction(async (tx) => {
    const [audit] = await rows<{
      locationId: number;
      locationName: string;
      customerId: number;
      typeId: string;
      date: string;
      status: string;
      registeredById: number;
    }>(
      tx,
      sql`SELECT a.location_id AS "locationId", l.name AS "locationName", l.customer_id AS "customerId", l.type_id AS "typeId",
            a.count_date AS date, a.status, a.registered_by_user_id AS "registeredById"
          FROM count_audits a JOIN locations l ON l.id = a.location_id WHERE a.id = ${request.id} FOR UPDATE OF a`,
    );
    if (!audit) throw notFound();
    const locationId = Number(audit.locationId);
    const refusal = countDecisionRefusal(
      { userId: auth.user.id, customerId: auth.user.customerId, isProvider: auth.isProvider },
      {
        registeredByUserId: Number(audit.registeredById),
        locationCustomerId: Number(audit.customerId),
        locationIsDepot: audit.typeId === 'NLP',
      },
    );
    if (refusal) throw new AppError(AppErrorCode.COUNT_AUDIT, { reasonKey: refusalReason[refusal] }, {}, 403);
    if (audit.status !== 'registered') {
      const reasonKey = audit.status === 'confirmed' ? 'countAuditReasons.decidedConfirmed' : 'countAuditReasons.decidedRejected';
      throw new AppError(AppErrorCode.COUNT_AUDIT, { reasonKey });
    }

    let touched: LocationProduct[] = [];
    if (request.confirm) {
      // One confirmation per location at a time: of two counts confirmed at once, the earlier-dated
      // one must see the later one once it commits (laterConfirmedCount), or its correction would
      // undo what the later count settled.
      await tx.execute(sql`SELECT 1 FROM locations WHERE id = ${locationId} FOR NO KEY UPDATE`);
      const products = await rows<{ productId: number }>(
        tx,
        sql`SELECT product_id AS "productId" FROM count_audit_lines WHERE audit_id = ${request.id}`,
      );
      const later = await laterConfirmedCount(
        tx,
        locationId,
        audit.date,
        products.map((p) => Number(p.productId)),
      );
      if (later) {
        const names = await productNamesById(tx, locale, [later.productId]);
        throw new AppError(AppErrorCode.COUNT_AUDIT, {
          reasonKey: 'countAuditReasons.later',
          product: names.get(later.productId) ?? '',
          laterDate: later.date,
        });
      }
      touched = await postCountCorrections(tx, request.id);
    }
    const comment = request.comment || null;
    await tx.execute(sql`UPDATE count_audits SET status = ${request.confirm ? 'confirmed' : 'rejected'},
      decided_by_user_id = ${auth.user.id}, decided_at = clock_timestamp(), comment = ${comment}
      WHERE id = ${request.id}`);
    await alertCountDecision(tx, {
      auditId: request.id,
      locationId,
      locationName: audit.locationName,
      date: audit.date,
      confirmed: request.confirm,
      corrections: touched.length,
      comment,
      registeredByUserId: Number(audit.registeredById),
    });
    return touched;
  });
}

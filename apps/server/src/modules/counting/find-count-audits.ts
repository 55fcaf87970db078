/**
 * GET CountAudits and GET CountAuditLocations (Company > Counting; docs/domain.md, "Count
 * audits"): the counts of the caller's counting scope (access.ts), and the locations it may count.
 */
import {
  COUNT_AUDITS_LIST_MAX,
  type CountAuditLocation,
  type CountAuditStatus,
  type CountAuditSummary,
  type CountAuditsQuery,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { countingLocationIds, locationCondition } from './access.js';

/** The columns of a count's summary, over `count_audits a` with `summaryJoins`. */
export const summaryColumns = sql`a.id, a.location_id AS "locationId", l.name AS "locationName", c.name AS "customerName",
  a.count_date AS date, a.status, a.registered_by_user_id AS "registeredById", ru.name AS "registeredByName",
  a.registered_at AS "registeredAt", a.decided_by_user_id AS "decidedById", du.name AS "decidedByName", a.decided_at AS "decidedAt",
  (SELECT count(*) FROM count_audit_lines cl WHERE cl.audit_id = a.id)::int AS "lineCount",
  (SELECT count(*) FROM count_audit_lines cl WHERE cl.audit_id = a.id AND cl.counted_quantity <> cl.balance)::int AS "differenceCount"`;

/** Joins a count `a` to its location `l`, customer `c`, registering user `ru` and deciding user `du`. */
export const summaryJoins = sql`JOIN locations l ON l.id = a.location_id JOIN customers c ON c.id = l.customer_id
  JOIN users ru ON ru.id = a.registered_by_user_id LEFT JOIN users du ON du.id = a.decided_by_user_id`;

/** A summary row as `summaryColumns` reads it. */
export interface SummaryRow {
  id: number;
  locationId: number;
  locationName: string;
  customerName: string;
  date: string;
  status: CountAuditStatus;
  registeredById: number;
  registeredByName: string;
  registeredAt: Date | string;
  decidedById: number | null;
  decidedByName: string | null;
  decidedAt: Date | string | null;
  lineCount: number;
  differenceCount: number;
}

/** The API shape of a summary row. */
export function toSummary(row: SummaryRow): CountAuditSummary {
  return {
    id: Number(row.id),
    locationId: Number(row.locationId),
    locationName: row.locationName,
    customerName: row.customerName,
    date: row.date,
    status: row.status,
    registered: { userId: Number(row.registeredById), name: row.registeredByName, at: isoInstant(row.registeredAt) ?? '' },
    decided:
      row.decidedById === null
        ? null
        : { userId: Number(row.decidedById), name: row.decidedByName ?? '', at: isoInstant(row.decidedAt) ?? '' },
    lineCount: Number(row.lineCount),
    differenceCount: Number(row.differenceCount),
  };
}

/**
 * GET CountAudits: the counts of the caller's counting scope (provider staff: every location's),
 * newest count date first, then newest registration; at most COUNT_AUDITS_LIST_MAX. `locationId`,
 * `from`/`to` (count date, yyyy-MM-dd, inclusive) and `status` narrow the list.
 * Errors: FORBIDDEN for users without counting rights; NOT_FOUND for a `locationId` outside them.
 */
export async function findCountAudits(db: Tx, auth: AuthContext, query: CountAuditsQuery): Promise<CountAuditSummary[]> {
  const ids = await countingLocationIds(db, auth);
  if (query.locationId !== undefined && ids !== null && !ids.includes(query.locationId)) throw notFound();
  const filters: SQL[] = [locationCondition(sql`a.location_id`, ids)];
  if (query.locationId !== undefined) filters.push(sql`a.location_id = ${query.locationId}`);
  if (query.from) filters.push(sql`a.count_date >= ${query.from}::date`);
  if (query.to) filters.push(sql`a.count_date <= ${query.to}::date`);
  if (query.status) filters.push(sql`a.status = ${query.status}`);
  const list = await rows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns} FROM count_audits a ${summaryJoins}
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY a.count_date DESC, a.registered_at DESC, a.id DESC LIMIT ${COUNT_AUDITS_LIST_MAX}`,
  );
  return list.map(toSummary);
}

/**
 * GET CountAuditLocations: the locations the caller may count (provider staff: every location,
 * depots included), by customer and name, each with its counts awaiting confirmation.
 * Errors: FORBIDDEN for users without counting rights.
 */
export async function findCountAuditLocations(db: Tx, auth: AuthContext): Promise<CountAuditLocation[]> {
  const ids = await countingLocationIds(db, auth);
  const list = await rows<CountAuditLocation>(
    db,
    sql`SELECT l.id, l.name, c.name AS "customerName", l.country_id AS "countryId",
          (SELECT count(*) FROM count_audits a WHERE a.location_id = l.id AND a.status = 'registered')::int AS pending
        FROM locations l JOIN customers c ON c.id = l.customer_id
        WHERE ${locationCondition(sql`l.id`, ids)}
        ORDER BY c.name, l.name, l.id`,
  );
  return list.map((l) => ({ ...l, id: Number(l.id), pending: Number(l.pending) }));
}

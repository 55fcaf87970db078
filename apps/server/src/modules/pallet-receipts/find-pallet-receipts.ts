/**
 * GET PalletReceipts (the log; issue 11 and 20; docs/pallet-receipts.md, "The log") and GET
 * PalletReceiptCounterparties (who can be the other side at a dock).
 */
import {
  type Country,
  PALLET_RECEIPTS_LIST_MAX,
  type PalletReceiptCounterpartiesQuery,
  type PalletReceiptCounterparty,
  type PalletReceiptFinalReason,
  type PalletReceiptStatus,
  type PalletReceiptSummary,
  type PalletReceiptsQuery,
  timeZoneByCountry,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { requireDock, visibleCondition } from './access.js';
import { tradingPartnerIds, tradingSince } from './trading-partners.js';

/** The handover day of a receipt (alias `r`, its location `l`) in the location's country, as SQL. */
const handoverDay = sql.raw(
  `(r.handed_over_at AT TIME ZONE CASE l.country_id ${Object.entries(timeZoneByCountry)
    .map(([country, zone]) => `WHEN '${country}' THEN '${zone}'`)
    .join(' ')} ELSE 'UTC' END)::date`,
);

/** `%term%` for ILIKE, its wildcards escaped. */
function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface SummaryRow {
  id: number;
  receiptNumber: string;
  inventory: boolean;
  locationId: number;
  locationName: string;
  locationNumber: string;
  counterpartyLocationId: number | null;
  counterpartyName: string | null;
  counterpartyNumber: string | null;
  externalLocationId: number | null;
  externalName: string | null;
  externalNumber: string | null;
  haulier: string | null;
  carNumber: string | null;
  handedOverAt: Date | string;
  status: PalletReceiptStatus;
  finalReason: PalletReceiptFinalReason | null;
  dueDate: string | null;
  countAuditId: number | null;
  needsConsent: boolean;
  awaitingMe: boolean;
  delivered: number;
  returned: number;
  signedFrom: boolean;
  signedTo: boolean;
}

/** SQL: a scope (`scopeLocationIds`) holds `column` (null: everything). */
function inScopeSql(scope: number[] | null, column: SQL): SQL {
  if (scope === null) return sql`TRUE`;
  if (scope.length === 0) return sql`FALSE`;
  return sql`${column} IN (${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * SQL: receipt `r` (counterparty location `cl`, its customer `cc`) is told, open and needs the
 * consent of its counterparty, whose user the caller is (access.ts, `callerSides`).
 */
function awaitingCaller(auth: AuthContext, scope: number[] | null): SQL {
  return sql`(r.status = 'open' AND r.needs_consent AND r.told_at IS NOT NULL AND cl.id IS NOT NULL
    AND CASE WHEN cc.is_provider THEN ${auth.isProvider} ELSE cl.customer_id = ${auth.user.customerId} AND ${inScopeSql(scope, sql`cl.id`)} END)`;
}

/**
 * The receipts the caller sees (its scope holds the location or the counterparty location;
 * every receipt for provider staff of the Global level), newest handover first, at most
 * PALLET_RECEIPTS_LIST_MAX, narrowed by the query: `locationId` (either side), the handover day
 * (in the location's country) from/to, status, the inventory variant, and a term matched in the
 * number, haulier, car number and counterparty's name, and `awaitingMe` (those the caller's side
 * is to confirm or object to).
 * Errors: FORBIDDEN without the dock's rights.
 */
export async function findPalletReceipts(db: Tx, auth: AuthContext, query: PalletReceiptsQuery): Promise<PalletReceiptSummary[]> {
  await requireDock(db, auth);
  const scope = await scopeLocationIds(db, auth);
  const where: SQL[] = [visibleCondition(scope)];
  const awaiting = awaitingCaller(auth, scope);
  if (query.awaitingMe === 'true') where.push(awaiting);
  if (query.locationId) where.push(sql`(r.location_id = ${query.locationId} OR r.counterparty_location_id = ${query.locationId})`);
  if (query.from) where.push(sql`${handoverDay} >= ${query.from}::date`);
  if (query.to) where.push(sql`${handoverDay} <= ${query.to}::date`);
  if (query.status) where.push(sql`r.status = ${query.status}`);
  if (query.inventory) where.push(sql`r.inventory = ${query.inventory === 'true'}`);
  if (query.term?.trim()) {
    const term = likeTerm(query.term.trim());
    where.push(sql`(r.receipt_number ILIKE ${term} OR r.haulier ILIKE ${term} OR r.car_number ILIKE ${term}
      OR cl.name ILIKE ${term} OR ex.name ILIKE ${term})`);
  }
  const list = await rows<SummaryRow>(
    db,
    sql`SELECT r.id, r.receipt_number AS "receiptNumber", r.inventory, r.location_id AS "locationId", l.name AS "locationName",
          l.number AS "locationNumber", r.counterparty_location_id AS "counterpartyLocationId", cl.name AS "counterpartyName",
          cl.number AS "counterpartyNumber", r.external_location_id AS "externalLocationId", ex.name AS "externalName",
          ex.location_number AS "externalNumber", r.haulier, r.car_number AS "carNumber", r.handed_over_at AS "handedOverAt",
          r.status, r.final_reason AS "finalReason", r.due_date::text AS "dueDate", r.count_audit_id AS "countAuditId",
          r.needs_consent AS "needsConsent", ${awaiting} AS "awaitingMe",
          COALESCE((SELECT sum(delivered) FROM pallet_receipt_lines WHERE receipt_id = r.id), 0)::int AS delivered,
          COALESCE((SELECT sum(returned) FROM pallet_receipt_lines WHERE receipt_id = r.id), 0)::int AS returned,
          EXISTS (SELECT 1 FROM pallet_receipt_signatures s WHERE s.receipt_id = r.id AND s.party = 'from') AS "signedFrom",
          EXISTS (SELECT 1 FROM pallet_receipt_signatures s WHERE s.receipt_id = r.id AND s.party = 'to') AS "signedTo"
        FROM pallet_receipts r JOIN locations l ON l.id = r.location_id
        LEFT JOIN locations cl ON cl.id = r.counterparty_location_id LEFT JOIN customers cc ON cc.id = cl.customer_id
        LEFT JOIN external_locations ex ON ex.id = r.external_location_id
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY r.handed_over_at DESC, r.id DESC LIMIT ${PALLET_RECEIPTS_LIST_MAX}`,
  );
  return list.map((row) => ({
    id: Number(row.id),
    receiptNumber: row.receiptNumber,
    inventory: row.inventory,
    location: { kind: 'location', id: Number(row.locationId), name: row.locationName, number: row.locationNumber },
    counterparty:
      row.counterpartyLocationId !== null
        ? { kind: 'location', id: Number(row.counterpartyLocationId), name: row.counterpartyName ?? '', number: row.counterpartyNumber }
        : row.externalLocationId !== null
          ? { kind: 'external', id: Number(row.externalLocationId), name: row.externalName ?? '', number: row.externalNumber }
          : null,
    haulier: row.haulier,
    carNumber: row.carNumber,
    handedOverAt: isoInstant(row.handedOverAt) ?? '',
    status: row.status,
    finalReason: row.finalReason,
    dueDate: row.dueDate,
    countAuditId: row.countAuditId === null ? null : Number(row.countAuditId),
    needsConsent: row.needsConsent,
    awaitingMe: row.awaitingMe,
    delivered: Number(row.delivered),
    returned: Number(row.returned),
    signed: { from: row.signedFrom, to: row.signedTo },
  }));
}

/** The most counterparties GET PalletReceiptCounterparties answers. */
export const COUNTERPARTIES_MAX = 50;

/**
 * Who can be the other side of a receipt at `query.locationId`'s dock: active portal locations of
 * any customer but this one location, and the active external locations of the location's
 * customer, matched by name (anywhere), number or GLN (prefix); the location's trading partners
 * first (trading-partners.ts; external locations are its own), then portal locations before
 * external ones, by name; at most COUNTERPARTIES_MAX. Each says whether it trades with the
 * location (`trading`; otherwise a receipt waits for provider staff's approval) and whether its
 * balance would move (`needsConsent`: another customer's, or outside the caller's scope).
 * Errors: FORBIDDEN without the dock's rights at the acting location and this one; NOT_FOUND for
 * a location outside the caller's scope.
 */
export async function findCounterparties(
  db: Tx,
  auth: AuthContext,
  query: PalletReceiptCounterpartiesQuery,
): Promise<PalletReceiptCounterparty[]> {
  await requireDock(db, auth, query.locationId);
  const scope = await scopeLocationIds(db, auth);
  if (!inScope(scope, query.locationId)) throw notFound();
  const [location] = await rows<{ customerId: number; countryId: Country }>(
    db,
    sql`SELECT customer_id AS "customerId", country_id AS "countryId" FROM locations WHERE id = ${query.locationId}`,
  );
  const partners = tradingPartnerIds(query.locationId, tradingSince(location?.countryId ?? 'NO'));
  const term = query.term?.trim() ?? '';
  const name = likeTerm(term);
  const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  type Row = { kind: 'location' | 'external'; id: number; name: string; number: string | null; city: string | null };
  const list = await rows<Row & { trading: boolean; customerId: number | null }>(
    db,
    sql`WITH partners AS ${partners}
        SELECT * FROM (
          (SELECT 'location' AS kind, l.id, l.name, l.number, l.postal_name AS city, l.id IN (SELECT * FROM partners) AS trading,
             l.customer_id AS "customerId" FROM locations l
           WHERE l.status_id = 1 AND l.id <> ${query.locationId}
             AND (l.name ILIKE ${name} OR l.number ILIKE ${prefix} OR COALESCE(l.gln, '') ILIKE ${prefix})
           ORDER BY l.id IN (SELECT * FROM partners) DESC, l.name, l.id LIMIT ${COUNTERPARTIES_MAX})
          UNION ALL
          (SELECT 'external' AS kind, e.id, e.name, e.location_number AS number, e.postal_name AS city, TRUE AS trading,
             NULL::int AS "customerId" FROM external_locations e
           WHERE e.active AND e.customer_id = ${location?.customerId ?? 0}
             AND (e.name ILIKE ${name} OR e.location_number ILIKE ${prefix} OR COALESCE(e.gln, '') ILIKE ${prefix})
           ORDER BY e.name, e.id LIMIT ${COUNTERPARTIES_MAX})
        ) x ORDER BY x.trading DESC, x.kind DESC, x.name, x.id LIMIT ${COUNTERPARTIES_MAX}`,
  );
  return list.map((c) => ({
    kind: c.kind,
    id: Number(c.id),
    name: c.name,
    number: c.number,
    city: c.city,
    trading: c.trading,
    needsConsent: c.kind === 'location' && !(Number(c.customerId) === location?.customerId && inScope(scope, Number(c.id))),
  }));
}

/**
 * Who writes and reads pallet receipts (issue 11; docs/pallet-receipts.md, "Access"): the dock's
 * work, `canUsePalletReceipts` of @portal/domain (a task of SHIPMENT, RECEPTION or EXPEDITION at
 * the acting location, or a global admin), else FORBIDDEN. A receipt is seen by the users whose
 * scope (docs/domain.md, "Scope") holds its location or its counterparty location; provider staff
 * with the Global report level and global admins see every receipt. Anything else answers
 * NOT_FOUND, as if it did not exist. Who speaks for a side (issue 20, `callerSides`): a user of
 * the side's own customer whose scope holds its location, or provider staff for a provider depot.
 */
import { type Country, canUsePalletReceipts, type PalletReceiptStatus } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { menuContext } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';

/**
 * Throws FORBIDDEN unless the acting user may use pallet receipts at the acting location and,
 * when the call acts for another location (`forLocationId`), at that one too (as `requireArea`).
 */
export async function requireDock(db: Tx, auth: AuthContext, forLocationId?: number): Promise<void> {
  const locations = [auth.locationId, ...(forLocationId && forLocationId !== auth.locationId ? [forLocationId] : [])];
  for (const locationId of locations) {
    if (!canUsePalletReceipts(await menuContext(db, auth, locationId))) throw forbidden();
  }
}

/**
 * A condition that a receipt (alias `r`) is visible to a caller whose scope is `scope`
 * (`scopeLocationIds`; null: every receipt): its location or its counterparty location in scope.
 */
export function visibleCondition(scope: number[] | null): SQL {
  if (scope === null) return sql`TRUE`;
  if (scope.length === 0) return sql`FALSE`;
  const ids = sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(r.location_id IN (${ids}) OR r.counterparty_location_id IN (${ids}))`;
}

/** What the use cases need of a receipt to decide, sign or post it. */
export interface ReceiptHead {
  id: number;
  locationId: number;
  counterpartyLocationId: number | null;
  externalLocationId: number | null;
  inventory: boolean;
  status: PalletReceiptStatus;
  dueDate: string | null;
  postedAt: string | null;
  needsConsent: boolean;
  toldAt: string | null;
  /** The customer of each portal side, and whether it is the provider (a depot). */
  locationCustomerId: number;
  locationIsProvider: boolean;
  counterpartyCustomerId: number | null;
  counterpartyIsProvider: boolean;
  /** The country whose date the counterparty's window counts in: the counterparty's (location or external), else the location's. */
  windowCountryId: Country;
  /** The location's country (its booking days). */
  locationCountryId: Country;
}

/** The columns of `ReceiptHead` from `r` (pallet_receipts), `l` (its location), `lc` (its customer), `cl`/`cc` (the counterparty location and customer) and `ex` (the external location). */
const headColumns = sql`r.id, r.location_id AS "locationId", r.counterparty_location_id AS "counterpartyLocationId",
  r.external_location_id AS "externalLocationId", r.inventory, r.status, r.due_date::text AS "dueDate", r.posted_at AS "postedAt",
  r.needs_consent AS "needsConsent", r.told_at AS "toldAt", l.customer_id AS "locationCustomerId", lc.is_provider AS "locationIsProvider",
  cl.customer_id AS "counterpartyCustomerId", COALESCE(cc.is_provider, false) AS "counterpartyIsProvider",
  COALESCE(cl.country_id, ex.country_id, l.country_id) AS "windowCountryId", l.country_id AS "locationCountryId"`;

/** FROM clause of `headColumns`. */
export const headFrom = sql`pallet_receipts r JOIN locations l ON l.id = r.location_id JOIN customers lc ON lc.id = l.customer_id
  LEFT JOIN locations cl ON cl.id = r.counterparty_location_id LEFT JOIN customers cc ON cc.id = cl.customer_id
  LEFT JOIN external_locations ex ON ex.id = r.external_location_id`;

function toHead(row: ReceiptHead): ReceiptHead {
  const id = (value: number | null) => (value === null ? null : Number(value));
  return {
    ...row,
    id: Number(row.id),
    locationId: Number(row.locationId),
    counterpartyLocationId: id(row.counterpartyLocationId),
    externalLocationId: id(row.externalLocationId),
    locationCustomerId: Number(row.locationCustomerId),
    counterpartyCustomerId: id(row.counterpartyCustomerId),
    toldAt: isoInstant(row.toldAt),
    postedAt: isoInstant(row.postedAt),
  };
}

/**
 * The head of receipt `id` without any access check (the QR link, the job), its row locked
 * (`FOR UPDATE OF r`) when `lock`; `where` narrows it further (e.g. by a token's hash).
 */
export async function receiptHead(db: Tx, where: SQL, lock = false): Promise<ReceiptHead | null> {
  const [row] = await rows<ReceiptHead>(
    db,
    sql`SELECT ${headColumns} FROM ${headFrom} WHERE ${where} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return row ? toHead(row) : null;
}

/** Which sides of a receipt the caller speaks for (see the file comment). */
export interface CallerSides {
  location: boolean;
  counterparty: boolean;
}

/** The sides of `head` the caller is a user of; `scope` as `scopeLocationIds` answers it. */
export function callerSides(auth: AuthContext, scope: number[] | null, head: ReceiptHead): CallerSides {
  const userOf = (locationId: number | null, customerId: number | null, provider: boolean) =>
    locationId !== null && (provider ? auth.isProvider : auth.user.customerId === customerId && inScope(scope, locationId));
  return {
    location: userOf(head.locationId, head.locationCustomerId, head.locationIsProvider),
    counterparty: userOf(head.counterpartyLocationId, head.counterpartyCustomerId, head.counterpartyIsProvider),
  };
}

/**
 * The receipt `id` if the caller may see it (dock rights, then scope), its row locked
 * (`FOR UPDATE`) when `lock` is set, so a writer that follows sees the latest status.
 * @throws FORBIDDEN without the dock's rights; NOT_FOUND when missing or outside the caller's scope
 */
export async function visibleReceipt(
  db: Tx,
  auth: AuthContext,
  id: number,
  lock = false,
): Promise<ReceiptHead & { scope: number[] | null }> {
  await requireDock(db, auth);
  const scope = await scopeLocationIds(db, auth);
  const head = await receiptHead(db, sql`r.id = ${id} AND ${visibleCondition(scope)}`, lock);
  if (!head) throw notFound();
  return { ...head, scope };
}

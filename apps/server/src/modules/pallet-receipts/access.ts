/**
 * Who writes and reads pallet receipts (issue 11; docs/pallet-receipts.md, "Access"): the dock's
 * work, `canUsePalletReceipts` of @portal/domain (a task of SHIPMENT, RECEPTION or EXPEDITION at
 * the acting location, or a global admin), else FORBIDDEN. A receipt is seen by the users whose
 * scope (docs/domain.md, "Scope") holds its location or its counterparty location; provider staff
 * with the Global report level and global admins see every receipt. Anything else answers
 * NOT_FOUND, as if it did not exist.
 */
import { canUsePalletReceipts } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { menuContext } from '../session/menu-access.js';
import { scopeLocationIds } from '../session/scope.js';

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
  status: 'open' | 'final' | 'disputed' | 'void';
  dueDate: string | null;
  postedAt: string | null;
}

export const headColumns = sql`r.id, r.location_id AS "locationId", r.counterparty_location_id AS "counterpartyLocationId",
  r.external_location_id AS "externalLocationId", r.inventory, r.status, r.due_date::text AS "dueDate", r.posted_at AS "postedAt"`;

export function toHead(row: ReceiptHead): ReceiptHead {
  return {
    ...row,
    id: Number(row.id),
    locationId: Number(row.locationId),
    counterpartyLocationId: row.counterpartyLocationId === null ? null : Number(row.counterpartyLocationId),
    externalLocationId: row.externalLocationId === null ? null : Number(row.externalLocationId),
  };
}

/**
 * The receipt `id` if the caller may see it (dock rights, then scope), its row locked
 * (`FOR UPDATE`) when `lock` is set, so a writer that follows sees the latest status.
 * @throws FORBIDDEN without the dock's rights; NOT_FOUND when missing or outside the caller's scope
 */
export async function visibleReceipt(db: Tx, auth: AuthContext, id: number, lock = false): Promise<ReceiptHead> {
  await requireDock(db, auth);
  const scope = await scopeLocationIds(db, auth);
  const [row] = await rows<ReceiptHead>(
    db,
    sql`SELECT ${headColumns} FROM pallet_receipts r WHERE r.id = ${id} AND ${visibleCondition(scope)} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw notFound();
  return toHead(row);
}

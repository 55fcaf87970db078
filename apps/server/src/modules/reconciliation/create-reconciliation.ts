/**
 * POST Reconciliations (issue 22; docs/reconciliation.md): reconciles a customer's file against
 * the ledger of its locations for a period, saves the answer and the mapping.
 */
import { setImmediate as breathe } from 'node:timers/promises';
import { AppErrorCode, addPlainDays, type CreateReconciliationRequest, type Locale } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createOnce } from '../idempotency/create-once.js';
import { reconciledLocations, requireReconciliation } from './access.js';
import { fileRows, productResolver } from './file-rows.js';
import { ledgerMovements } from './ledger-movements.js';
import { type MatchedRow, matchRows } from './match-rows.js';
import { readReconciliationFile } from './read-file.js';
import { saveMapping } from './saved-mapping.js';

/**
 * Rows written per statement. On PGlite every other user waits for the whole transaction anyway
 * (its one connection), so fewer, larger statements end it sooner; each stays tens of milliseconds.
 */
const INSERT_BATCH = 2000;

/**
 * Reconciles `file` as `request` says (ZCreateReconciliationRequest) for the acting customer
 * (`prepareReconciliation`), then writes in one transaction the reconciliation, its rows and the
 * mapping as the customer's (`saveReconciliation`). The same `idempotencyKey` from the same user
 * answers the first reconciliation (its file is not read again).
 * @returns the reconciliation's id
 * @throws FORBIDDEN, NOT_FOUND, VALIDATION (`locationIds`) as access.ts; VALIDATION
 *   (`mapping.products.<i>.productId`: validation.invalid) for a product that does not exist; the
 *   errors of `readReconciliationFile`
 */
export async function createReconciliation(
  db: Db,
  auth: AuthContext,
  locale: Locale,
  request: CreateReconciliationRequest,
  file: { data: Uint8Array; fileName: string },
): Promise<number> {
  await requireReconciliation(db, auth);
  const key = request.idempotencyKey ?? null;
  const find = async (reader: Tx) => {
    if (!key) return null;
    const [row] = await rows<{ id: number }>(
      reader,
      sql`SELECT id FROM reconciliations WHERE created_by_user_id = ${auth.user.id} AND idempotency_key = ${key}`,
    );
    return row ? Number(row.id) : null;
  };
  return createOnce(db, key, find, async () => {
    const prepared = await prepareReconciliation(db, auth, locale, request, file.data);
    return db.transaction(async (tx) => {
      // A call with the key that committed since the look-up above.
      const earlier = await find(tx);
      return earlier ?? saveReconciliation(tx, auth, request, file.fileName, prepared);
    });
  });
}

/** A reconciliation computed, not yet saved. */
export interface PreparedReconciliation {
  locationIds: number[];
  rows: MatchedRow[];
  counts: { matched: number; different: number; fileOnly: number; portalOnly: number };
  /** Basis points: matched per 10,000 rows (rounded down); 10,000 without rows. */
  matchRate: number;
}

/**
 * Reads `data` and matches it (match-rows.ts) as `request` says, for the acting customer. Nothing
 * is written. File rows dated outside the period are left out; the ledger is read from `from` -
 * tolerance to `to` + tolerance so rows near the period's ends can match, but only movements of
 * the period are `portalOnly`.
 * @throws as `createReconciliation`
 */
export async function prepareReconciliation(
  db: Tx,
  auth: AuthContext,
  locale: Locale,
  request: CreateReconciliationRequest,
  data: Uint8Array,
): Promise<PreparedReconciliation> {
  const { mapping, from, to, toleranceDays } = request;
  const locations = await reconciledLocations(db, auth, request.locationIds);
  await checkMappedProducts(db, request);
  const table = await readReconciliationFile(data);
  const product = await productResolver(db, locale, mapping);
  const rowsOfFile = await fileRows(table, mapping, product, (date) => date >= from && date <= to);
  const locationIds = locations.map((l) => l.id);
  const movements = await ledgerMovements(db, locationIds, addPlainDays(from, -toleranceDays), addPlainDays(to, toleranceDays));
  const matched = await matchRows(rowsOfFile, movements, toleranceDays, (m) => m.date >= from && m.date <= to);
  const count = (outcome: MatchedRow['outcome']) => matched.filter((r) => r.outcome === outcome).length;
  const counts = { matched: count('matched'), different: count('different'), fileOnly: count('fileOnly'), portalOnly: count('portalOnly') };
  return {
    locationIds,
    rows: matched,
    counts,
    matchRate: matched.length === 0 ? 10_000 : Math.floor((counts.matched * 10_000) / matched.length),
  };
}

/**
 * Writes `prepared` as the acting customer's reconciliation of `fileName`, and `request`'s mapping
 * as the customer's, in `tx` (the caller's transaction): the rows `batch` per statement.
 * @returns the reconciliation's id
 */
export async function saveReconciliation(
  tx: Tx,
  auth: AuthContext,
  request: CreateReconciliationRequest,
  fileName: string,
  prepared: PreparedReconciliation,
  batch = INSERT_BATCH,
): Promise<number> {
  const { counts } = prepared;
  const [created] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO reconciliations (customer_id, created_by_user_id, created_at, file_name, from_date, to_date, tolerance_days,
          location_ids, matched, different, file_only, portal_only, match_rate, idempotency_key)
        VALUES (${auth.customerId}, ${auth.user.id}, clock_timestamp(), ${fileName.slice(0, 255)}, ${request.from}::date, ${request.to}::date,
          ${request.toleranceDays}, ${`{${prepared.locationIds.join(',')}}`}::int[], ${counts.matched}, ${counts.different},
          ${counts.fileOnly}, ${counts.portalOnly}, ${prepared.matchRate}, ${request.idempotencyKey ?? null})
        RETURNING id`,
  );
  const id = Number(created?.id);
  for (let start = 0; start < prepared.rows.length; start += batch) {
    await tx.execute(insertRows(id, prepared.rows.slice(start, start + batch), start));
    await breathe();
  }
  await saveMapping(tx, auth.customerId, auth.user.id, request.mapping);
  return id;
}

/** VALIDATION unless every product the mapping names exists. */
async function checkMappedProducts(db: Tx, request: CreateReconciliationRequest): Promise<void> {
  const ids = [...new Set(request.mapping.products.map((p) => p.productId))];
  if (ids.length === 0) return;
  const found = new Set(
    (
      await rows<{ id: number }>(
        db,
        sql`SELECT id FROM products WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    ).map((r) => Number(r.id)),
  );
  const fields: Record<string, string> = {};
  request.mapping.products.forEach((p, i) => {
    if (!found.has(p.productId)) fields[`mapping.products.${i}.productId`] = 'validation.invalid';
  });
  if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
}

/** One statement writing `list` (from place `first`): the rows as one JSON parameter, unpacked by json_to_recordset. */
function insertRows(id: number, list: MatchedRow[], first: number) {
  const json = JSON.stringify(
    list.map((r, i) => {
      const f = r.file;
      const m = r.movement;
      return {
        idx: first + i,
        outcome: r.outcome,
        matched_by: r.matchedBy,
        differences: r.differences.join(','),
        problem: f?.problem ?? null,
        file_row: f?.row ?? null,
        file_date: f?.dateText ?? null,
        file_reference: f?.reference ?? null,
        file_counterparty: f?.counterparty ?? null,
        file_product: f?.product ?? null,
        file_quantity: f?.quantity ?? null,
        product_id: f?.productId ?? m?.productId ?? null,
        location_id: m?.locationId ?? null,
        ledger_date: m?.date ?? null,
        ledger_quantity: m?.quantity ?? null,
        order_id: m?.orderId ?? null,
        pallet_receipt_id: m?.palletReceiptId ?? null,
        ledger_entry_id: m?.ledgerEntryId ?? null,
        counterparty: m?.counterparty ?? null,
      };
    }),
  );
  return sql`INSERT INTO reconciliation_rows (reconciliation_id, idx, outcome, matched_by, differences, problem, file_row, file_date,
      file_reference, file_counterparty, file_product, file_quantity, product_id, location_id, ledger_date, ledger_quantity, order_id,
      pallet_receipt_id, ledger_entry_id, counterparty)
    SELECT ${id}, r.idx, r.outcome, r.matched_by, r.differences, r.problem, r.file_row, r.file_date, r.file_reference, r.file_counterparty,
      r.file_product, r.file_quantity, r.product_id, r.location_id, r.ledger_date, r.ledger_quantity, r.order_id, r.pallet_receipt_id,
      r.ledger_entry_id, r.counterparty
    FROM json_to_recordset(${json}::json) AS r(idx int, outcome text, matched_by text, differences text, problem text, file_row int,
      file_date text, file_reference text, file_counterparty text, file_product text, file_quantity int, product_id int, location_id int,
      ledger_date date, ledger_quantity int, order_id bigint, pallet_receipt_id int, ledger_entry_id bigint, counterparty text)`;
}

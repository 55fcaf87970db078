/**
 * POST OrdersImport (issue 3; spec section 2, "import from Excel (header row count, start
 * row)"): reads the uploaded .xlsx, checks every row (validate-import.ts) and, unless it is a
 * preview, creates the orders of all valid rows in one transaction: if any order fails, none
 * is written. The transaction checks the rows (a fixed number of reads for the whole file) and
 * writes every order with one statement per table (write-import.ts, the insert of POST
 * Orders), so its orders have the same lines, history row, alert and mail as POST Orders
 * writes, and the database is held for the import's few statements, not one round of
 * statements per order (issue 7).
 */
import {
  AppErrorCode,
  areaByTransactionType,
  type Locale,
  ORDERS_IMPORT_MAX_ROWS,
  type OrdersImportOptions,
  type OrdersImportResult,
} from '@portal/domain';
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { assertLocationInScope } from '../session/scope.js';
import { validateImport } from './validate-import.js';
import { writeImportedOrders } from './write-import.js';
import { readSheetRows } from './xlsx-file.js';

/**
 * The customer side an import or template is for, after the permission checks: the location
 * in scope (else NOT_FOUND, 404, as POST Orders answers) and the list's menu area at the acting
 * location and there (purchase Orders/Buy, sale Dispatch/Sell, delivery Delivery, with their
 * tasks ORDER, DISPATCH, SHIPMENT; else FORBIDDEN, 403; session/menu-access.ts).
 */
export async function importLocation(db: Tx, auth: AuthContext, transactionTypeId: 1 | 2 | 3, locationId?: number): Promise<number> {
  const id = locationId ?? auth.locationId;
  if (!id) throw notFound();
  await assertLocationInScope(db, auth, id);
  await requireArea(db, auth, areaByTransactionType[transactionTypeId], id);
  return id;
}

/**
 * Previews or imports a file.
 * @param data the .xlsx file's bytes (at most ORDERS_IMPORT_MAX_BYTES)
 * @returns every data row with its problems in `locale`, the counts, and (not in a preview)
 *   the ids of the orders created, in the file's order
 * @throws FORBIDDEN, NOT_FOUND (see importLocation); IMPORT_FILE_TYPE, FILE_TOO_LARGE,
 *   IMPORT_TOO_MANY_ROWS (readSheetRows); VALIDATION (validateImport); IMPORT_NO_VALID_ROWS
 *   when an import has no valid row; a database error, after which nothing is written
 */
export async function importOrders(
  db: Db,
  auth: AuthContext,
  locale: Locale,
  options: OrdersImportOptions,
  data: Uint8Array,
): Promise<OrdersImportResult> {
  const locationId = await importLocation(db, auth, options.transactionTypeId, options.locationId);
  const sheetRows = await readSheetRows(data, options.startRow);
  const target = { transactionTypeId: options.transactionTypeId, locationId, draft: options.draft };
  if (options.preview) return (await validateImport(db, auth, locale, target, sheetRows)).result;
  const key = options.importKey;
  if (key) {
    const earlier = await importedWithKey(db, auth.user.id, key);
    if (earlier.length) return { ...(await validateImport(db, auth, locale, target, sheetRows)).result, ids: earlier };
  }
  try {
    return await db.transaction(async (tx) => {
      // Checked here, in the write's transaction, not trusted from an earlier preview or read:
      // the caller's scope, the file's parties, products, closures may have changed meanwhile.
      await importLocation(tx, auth, options.transactionTypeId, locationId);
      const { result, orders } = await validateImport(tx, auth, locale, target, sheetRows);
      if (orders.length === 0) throw new AppError(AppErrorCode.IMPORT_NO_VALID_ROWS);
      const ids = await writeImportedOrders(tx, auth, orders, key ? orders.map((_, n) => importOrderKey(key, n)) : undefined);
      return { ...result, ids };
    });
  } catch (error) {
    // The same key twice at once: the unique index on (user, key) lets one in; the other answers its orders.
    if (key && isUniqueViolation(error)) {
      const earlier = await importedWithKey(db, auth.user.id, key);
      if (earlier.length) return { ...(await validateImport(db, auth, locale, target, sheetRows)).result, ids: earlier };
    }
    throw error;
  }
}

/**
 * The idempotency key of the `n`th order (0-based) of the import with `importKey`:
 * `<importKey>:<n + 1>`. The number after the last colon tells an import's own keys from the
 * keys of an import whose key starts with `<importKey>:` (issue 7).
 */
const importOrderKey = (importKey: string, n: number) => `${importKey}:${n + 1}`;

/**
 * The orders an import with exactly `key` made for this user (keys `<key>:1`, `<key>:2`, ...),
 * in the file's order; none when it made none. Never the orders of another import whose key
 * starts with `<key>:` (its keys are `<key>:<more>:<n>`). Every import's first order has
 * `<key>:1`, so one index lookup answers "none" when the key is new.
 */
async function importedWithKey(db: Db, userId: number, key: string): Promise<number[]> {
  const [first] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE created_by_user_id = ${userId} AND idempotency_key = ${importOrderKey(key, 0)}`,
  );
  if (!first) return [];
  const keys = Array.from({ length: ORDERS_IMPORT_MAX_ROWS }, (_, n) => importOrderKey(key, n));
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE created_by_user_id = ${userId}
          AND idempotency_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)) ORDER BY id`,
  );
  return found.map((row) => Number(row.id));
}

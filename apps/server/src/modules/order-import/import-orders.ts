/**
 * POST OrdersImport (issue 3; spec section 2, "import from Excel (header row count, start
 * row)"): reads the uploaded .xlsx, checks every row (validate-import.ts) and, unless it is a
 * preview, creates the orders of all valid rows in one transaction: if any order fails, none
 * is written. Each order is written by writeOrder, the same code as POST Orders, so it gets
 * the same checks, history row, alert and mail.
 */
import { AppErrorCode, areaByTransactionType, type Locale, type OrdersImportOptions, type OrdersImportResult } from '@portal/domain';
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeOrder } from '../orders/save-order.js';
import { requireArea } from '../session/menu-access.js';
import { assertLocationInScope } from '../session/scope.js';
import { validateImport } from './validate-import.js';
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
 *   IMPORT_TOO_MANY_ROWS (readSheetRows); IMPORT_NO_VALID_ROWS when an import has no valid
 *   row; any error of writeOrder, after which nothing is written
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
      // Checked again here, not trusted from an earlier preview: the file or the data may have changed.
      const { result, orders } = await validateImport(tx, auth, locale, target, sheetRows);
      if (orders.length === 0) throw new AppError(AppErrorCode.IMPORT_NO_VALID_ROWS);
      const ids: number[] = [];
      for (const [n, order] of orders.entries())
        ids.push(await writeOrder(tx, auth, { ...order, idempotencyKey: key ? `${key}:${n + 1}` : undefined }));
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

/** The orders an import with `key` made for this user (keys `<key>:1`, `<key>:2`, ...), in the file's order. */
async function importedWithKey(db: Db, userId: number, key: string): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE created_by_user_id = ${userId} AND idempotency_key LIKE ${`${key.replace(/[%_\\]/g, '\\$&')}:%`}
        ORDER BY id`,
  );
  return found.map((row) => Number(row.id));
}

/**
 * The idempotency key of POST PalletReceipts (issue 20; as orders take one,
 * modules/orders/save-order.ts): a retry after a lost answer must not write a second receipt,
 * which would post twice once signed. The key is stored with the SHA-256 of the request's body
 * (`request_hash`, the key itself left out, object keys sorted); a unique index on (user, key)
 * lets one of two concurrent requests in. The same key and body answer the first receipt; the
 * same key with another body is a mistake of the client: 409 PALLET_RECEIPT
 * (`palletReceipts.reasons.idempotency`), nothing written.
 */
import { createHash } from 'node:crypto';
import { AppErrorCode } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';

/** JSON with object keys sorted at every depth, so equal bodies hash alike whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** SHA-256 (hex) of a request body without its `idempotencyKey`. */
export function requestHash(request: { idempotencyKey?: string }): string {
  const { idempotencyKey: _key, ...body } = request;
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/**
 * The receipt `userId` wrote with `key`, if any.
 * @throws PALLET_RECEIPT (409) when it was written from another body than `hash`
 */
export async function receiptOfKey(db: Tx, userId: number, key: string, hash: string): Promise<number | null> {
  const [row] = await rows<{ id: number; requestHash: string | null }>(
    db,
    sql`SELECT id, request_hash AS "requestHash" FROM pallet_receipts WHERE created_by_user_id = ${userId} AND idempotency_key = ${key}`,
  );
  if (!row) return null;
  if (row.requestHash !== hash) throw new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey: 'palletReceipts.reasons.idempotency' });
  return Number(row.id);
}

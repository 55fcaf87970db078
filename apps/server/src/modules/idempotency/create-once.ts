/**
 * Creates that take an idempotency key (docs/domain.md, "Idempotency keys"; issue 20): the same
 * key twice from one user, one after the other (a retry after a lost answer) or at once, creates
 * once, and both calls answer what the first created.
 *
 * `createOnce` is the flow every keyed create shares: look the key up; create; and when the
 * create hits the unique index of the key (another call with the key won meanwhile), look it up
 * again. POST Orders keeps its keys on `orders` (with its copies and the Excel import's keys:
 * modules/orders/save-order.ts); the other creates keep theirs in `idempotency_keys` through
 * `createOnceByKey`.
 */
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';

/**
 * Runs `create` unless `find` answers what an earlier call with `key` created. Without a key it
 * just creates. A unique violation of the create with a key is taken for a call with the same key
 * that committed meanwhile: its result is answered (the create's own writes were rolled back).
 * @returns what was created, now or by the earlier call
 */
export async function createOnce<T>(
  db: Db,
  key: string | null | undefined,
  find: (db: Tx) => Promise<T | null>,
  create: () => Promise<T>,
): Promise<T> {
  if (key) {
    const existing = await find(db);
    if (existing !== null) return existing;
  }
  try {
    return await create();
  } catch (error) {
    if (key && isUniqueViolation(error)) {
      const existing = await find(db);
      if (existing !== null) return existing;
    }
    throw error;
  }
}

/** The creates whose keys `idempotency_keys` keeps (its `kind`). */
export type KeyedCreate = 'rental' | 'containerOrder' | 'supportTicket' | 'countAudit' | 'confirmationRound';

/** Whose key for which create. */
export interface KeyScope {
  kind: KeyedCreate;
  /** The acting user (`auth.user.id`): a key is each user's own. */
  userId: number;
  /** The client's key (`ZIdempotencyKey`); none: every call creates. */
  key?: string | null;
}

/**
 * Runs `create` in a transaction of its own, at most once per key: with a key, the transaction
 * first inserts the key's row in `idempotency_keys` (a second call with the key waits there for
 * the first to end; if the first committed, it answers the first one's id), then creates and
 * stores the created row's id with the key. A create that fails rolls its key back, so the
 * corrected call with the same key creates.
 * @returns the id of the row created, now or by the earlier call with the key
 */
export function createOnceByKey(db: Db, scope: KeyScope, create: (tx: Tx) => Promise<number>): Promise<number> {
  const { kind, userId, key } = scope;
  return createOnce(
    db,
    key,
    async (reader) => {
      const [row] = await rows<{ resultId: number | null }>(
        reader,
        sql`SELECT result_id AS "resultId" FROM idempotency_keys WHERE user_id = ${userId} AND kind = ${kind} AND key = ${key ?? ''}`,
      );
      return row?.resultId == null ? null : Number(row.resultId);
    },
    () =>
      db.transaction(async (tx) => {
        if (key) await tx.execute(sql`INSERT INTO idempotency_keys (user_id, kind, key) VALUES (${userId}, ${kind}, ${key})`);
        const id = await create(tx);
        if (key) {
          await tx.execute(
            sql`UPDATE idempotency_keys SET result_id = ${id} WHERE user_id = ${userId} AND kind = ${kind} AND key = ${key}`,
          );
        }
        return id;
      }),
  );
}

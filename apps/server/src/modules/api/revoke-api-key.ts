/**
 * DELETE ApiKeys/{id}: the signed-in user revokes one of their own keys (docs/api.md). The
 * key stops at once (401 on its next call, in every server process: the session cache hears of it
 * through NOTIFY, modules/caching/notify.ts). Another user's key, or none, is 404 NOT_FOUND;
 * a key revoked already is answered as it is. Allowed with the key itself (revoking is safe).
 * Logged as kind `apiKey` with the state before and after, in the same transaction.
 */
import type { ApiKey } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { notifySessions } from '../caching/notify.js';
import { writeLog } from '../global/write-log.js';
import { type ApiKeyRow, apiKeyColumns, toApiKey } from './api-keys.js';

/** Revokes the key and answers it (state `revoked`). */
export async function revokeApiKey(db: Db, auth: AuthContext, id: number, request?: FastifyRequest): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const [row] = await rows<ApiKeyRow>(
      tx,
      sql`SELECT ${apiKeyColumns} FROM api_keys k WHERE k.id = ${id} AND k.user_id = ${auth.loginUser.id} FOR UPDATE`,
    );
    if (!row) throw notFound();
    if (row.revokedAt !== null) return toApiKey(row);
    const [revoked] = await rows<ApiKeyRow>(
      tx,
      sql`UPDATE api_keys AS k SET revoked_at = now() WHERE k.id = ${id} RETURNING ${apiKeyColumns}`,
    );
    if (!revoked) throw notFound();
    // Every server process drops the user's cached sign-ins (the key's among them) when this commits.
    await notifySessions(tx, { userId: auth.loginUser.id });
    const before = toApiKey(row);
    const after = toApiKey(revoked);
    await writeLog(tx, {
      level: 'info',
      kind: 'apiKey',
      message: 'API key revoked',
      data: { action: 'revoked', id: after.id, name: after.name },
      request,
      auth,
      before: { id: before.id, name: before.name, prefix: before.prefix, state: before.state },
      after: { id: after.id, name: after.name, prefix: after.prefix, state: after.state },
    });
    return after;
  });
}

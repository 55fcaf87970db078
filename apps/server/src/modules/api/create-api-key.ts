/**
 * POST ApiKeys: a new API key for the signed-in user (docs/api.md, "Keys"). Rules:
 * - only with a sign-in of one's own (requireOwnSession: 403 FORBIDDEN with a key or while
 *   acting as another user);
 * - the last day `expiresAt` is today to API_KEY_MAX_DAYS days ahead (UTC; 400 VALIDATION
 *   on `expiresAt`);
 * - at most API_KEYS_MAX keys that still work per user (400 VALIDATION on `name`).
 * The key is answered once; only its SHA-256 is stored. The log gets kind `apiKey` with the
 * key's name, prefix and last day, never the key. One transaction, the user's row locked so
 * two requests at once cannot pass the limit together.
 */
import { API_KEY_MAX_DAYS, API_KEYS_MAX, AppErrorCode, addPlainDays, type CreateApiKeyRequest, type CreatedApiKey } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeLog } from '../global/write-log.js';
import { newApiKeyToken } from './api-key-auth.js';
import { type ApiKeyRow, apiKeyColumns, requireOwnSession, toApiKey } from './api-keys.js';

const invalid = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError(AppErrorCode.VALIDATION, params, { [field]: key });

/** Creates the key; `today` (yyyy-MM-dd, UTC) for tests. */
export async function createApiKey(
  db: Db,
  auth: AuthContext,
  input: CreateApiKeyRequest,
  request?: FastifyRequest,
  today = new Date().toISOString().slice(0, 10),
): Promise<CreatedApiKey> {
  requireOwnSession(auth);
  if (input.expiresAt < today) throw invalid('expiresAt', 'api.expiryPast');
  if (input.expiresAt > addPlainDays(today, API_KEY_MAX_DAYS)) throw invalid('expiresAt', 'api.expiryTooFar', { days: API_KEY_MAX_DAYS });
  const { token, hash, prefix } = newApiKeyToken();
  const stopsAt = `${addPlainDays(input.expiresAt, 1)}T00:00:00Z`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${auth.loginUser.id} FOR UPDATE`);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${auth.loginUser.id} AND revoked_at IS NULL AND expires_at > now()`,
    );
    if (Number(n) >= API_KEYS_MAX) throw invalid('name', 'api.tooManyKeys', { max: API_KEYS_MAX });
    const [row] = await rows<ApiKeyRow>(
      tx,
      sql`INSERT INTO api_keys AS k (user_id, name, key_hash, prefix, expires_at)
          VALUES (${auth.loginUser.id}, ${input.name}, ${hash}, ${prefix}, ${stopsAt}) RETURNING ${apiKeyColumns}`,
    );
    if (!row) throw new Error('API key insert answered no row');
    const key = toApiKey(row);
    await writeLog(tx, {
      level: 'info',
      kind: 'apiKey',
      message: 'API key created',
      data: { action: 'created', id: key.id, name: key.name },
      request,
      auth,
      after: { id: key.id, name: key.name, prefix: key.prefix, expiresAt: key.expiresAt },
    });
    return { key, token };
  });
}

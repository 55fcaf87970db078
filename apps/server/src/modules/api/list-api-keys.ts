/** GET ApiKeys: the signed-in user's own API keys, newest first (docs/api.md). */
import type { ApiKey } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type ApiKeyRow, apiKeyColumns, toApiKey } from './api-keys.js';

/** The login user's keys (working, expired and revoked; the newest 100), never the keys themselves. */
export async function listApiKeys(db: Tx, auth: AuthContext): Promise<ApiKey[]> {
  const found = await rows<ApiKeyRow>(
    db,
    sql`SELECT ${apiKeyColumns} FROM api_keys k WHERE k.user_id = ${auth.loginUser.id} ORDER BY k.created_at DESC, k.id DESC LIMIT 100`,
  );
  return found.map((row) => toApiKey(row));
}

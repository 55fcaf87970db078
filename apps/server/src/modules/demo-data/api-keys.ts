/**
 * API keys of kari (the demo's customer admin), so the API page (/app/api) shows a list: one
 * working key of the company's ERP, used yesterday, and one revoked. Their hashes are SHA-256
 * of texts without the `ppk_` prefix: no bearer token is ever looked up as a key unless it
 * starts with `ppk_`, so these open nothing, and the demo stays deterministic. After the main
 * generator, whose random sequence must not change.
 */
import { createHash } from 'node:crypto';
import { addPlainDays } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

const demoKeyHash = (name: string) => createHash('sha256').update(`demo key, not a key: ${name}`).digest('hex');

/** Inserts kari's two keys, dated around `today` (yyyy-MM-dd). */
export async function seedApiKeys(tx: Tx, today: string): Promise<void> {
  const keys = [
    {
      name: 'Visma Business ERP',
      prefix: 'ppk_Vb7xQ2mK',
      made: addPlainDays(today, -40),
      ends: addPlainDays(today, 325),
      used: addPlainDays(today, -1),
      revoked: null,
    },
    {
      name: 'WMS test',
      prefix: 'ppk_T3stW9sZ',
      made: addPlainDays(today, -120),
      ends: addPlainDays(today, 60),
      used: addPlainDays(today, -95),
      revoked: addPlainDays(today, -90),
    },
  ];
  for (const key of keys) {
    await tx.execute(sql`INSERT INTO api_keys (user_id, name, key_hash, prefix, expires_at, created_at, last_used_at, revoked_at)
      SELECT id, ${key.name}, ${demoKeyHash(key.name)}, ${key.prefix}, ${`${key.ends}T00:00:00Z`}, ${`${key.made}T09:15:00Z`},
        ${`${key.used}T06:02:00Z`}, ${key.revoked ? `${key.revoked}T13:40:00Z` : null}
      FROM users WHERE login_name = 'kari'`);
  }
}

/**
 * Logs an admin change (kind adminChange; docs/global.md, "Log") with the record before and
 * after, in the caller's transaction. Fields that hold secrets (password, hashes, tokens) are
 * never written, whatever the caller passes.
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeLog } from './write-log.js';

/** What was changed: `entity` names the kind of record (user, company, location, externalLocation, password), `id` its id. */
export interface AdminChange {
  entity: string;
  id: number;
  before: object | null;
  after: object | null;
  /** Overrides the list line (default "<entity> <id> created / changed / deleted"). */
  message?: string;
  /** What happened, for the screen's translated line (default created / changed / deleted by before and after). */
  action?: 'created' | 'changed' | 'deleted' | 'passwordSet' | 'passwordLinkSent';
  data?: Record<string, unknown>;
}

const secret = /password|hash|token|secret/i;

function withoutSecrets(record: object | null): Record<string, unknown> | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !secret.test(key)));
}

/** The record's name (`{ name }`), when it has one, for the screen's line ("User Eva Lund (12) changed"). */
function nameOf(change: AdminChange): { name?: string } {
  const record = (change.after ?? change.before) as { name?: unknown } | null;
  return typeof record?.name === 'string' ? { name: record.name } : {};
}

/** Writes the adminChange row of `change` made by `auth` in `tx`. */
export async function logAdminChange(tx: Tx, auth: AuthContext, change: AdminChange, request?: FastifyRequest): Promise<void> {
  const verb = change.before ? (change.after ? 'changed' : 'deleted') : 'created';
  await writeLog(tx, {
    level: 'info',
    kind: 'adminChange',
    message: change.message ?? `${change.entity} ${change.id} ${verb}`,
    request,
    auth,
    data: { entity: change.entity, id: change.id, action: change.action ?? verb, ...nameOf(change), ...change.data },
    before: withoutSecrets(change.before),
    after: withoutSecrets(change.after),
  });
}

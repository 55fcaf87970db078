/**
 * Writes one row of the application log (Global > Log, issue 10; table `app_log`). Every part
 * of the portal that logs calls this, inside the transaction of the change it logs, so an admin
 * change and its log row are written together or not at all.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';

/**
 * What a log row records. `kind` (docs/global.md, "Log"): signIn, signInFailed, signOut,
 * switch, adminChange, cacheEmpty, downtime, publish, error, job. `before`/`after`: the
 * changed record's fields before and after an admin change (never a password or token).
 */
export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  kind: string;
  /** A short English line for the list; the screen translates by `kind`. */
  message: string;
  /** The request: its id and the caller's address are recorded. */
  request?: FastifyRequest;
  /** Who: the acting user, the signed-in person and the customer acted for. */
  auth?: AuthContext | null;
  /** Who, when there is no session (a failed sign-in names the user it tried, if any). */
  userId?: number | null;
  data?: Record<string, unknown>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * JSON of a value for a jsonb column. Texts are made well-formed first: a lone UTF-16 surrogate
 * (a login name typed as "\ud800") would be written as an escape PostgreSQL refuses in jsonb.
 */
const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v));

/** A text with each lone UTF-16 surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The values of a row, in the column order of `app_log` (level ... after), for one INSERT or a batch. */
export function logValues(entry: LogEntry) {
  const auth = entry.auth ?? null;
  return sql`${entry.level}, ${entry.kind}, ${wellFormed(entry.message)}, ${auth?.user.id ?? entry.userId ?? null},
    ${auth?.loginUser.id ?? null}, ${auth?.customerId ?? null}, ${entry.request?.id ?? null}, ${entry.request?.ip ?? null},
    ${json(entry.data)}::jsonb, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb`;
}

/** Inserts the row (in `db`, which may be the caller's transaction). */
export async function writeLog(db: Tx, entry: LogEntry): Promise<void> {
  await db.execute(
    sql`INSERT INTO app_log (level, kind, message, user_id, login_user_id, customer_id, request_id, ip, data, before, after)
        VALUES (${logValues(entry)})`,
  );
}

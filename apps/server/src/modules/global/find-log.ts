/**
 * GET Log and GET Log/{id} (Global > Log, issue 10; docs/global.md): the application log of
 * table `app_log`, newest first, for global admins.
 */
import { instantOf, type LogDetail, type LogEntry, type LogQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { requireGlobalAdmin } from './access.js';
import { flushFailedSignIns } from './failed-sign-ins.js';

type Row = Omit<LogEntry, 'createdAt'> & { createdAt: Date | string };

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null));

const columns = sql`g.id, g.created_at AS "createdAt", g.level, g.kind, g.message, g.user_id AS "userId",
  u.login_name AS "userLogin", u.name AS "userName", g.login_user_id AS "loginUserId", lu.login_name AS "loginUserLogin",
  g.customer_id AS "customerId", c.name AS "customerName", g.request_id AS "requestId", g.ip,
  (g.before IS NOT NULL OR g.after IS NOT NULL) AS "hasChange", g.data`;
const joins = sql`app_log g LEFT JOIN users u ON u.id = g.user_id LEFT JOIN users lu ON lu.id = g.login_user_id
  LEFT JOIN customers c ON c.id = g.customer_id`;

const toEntry = (r: Row): LogEntry => ({
  ...r,
  id: Number(r.id),
  createdAt: isoInstant(r.createdAt) ?? '',
  level: r.level,
  hasChange: Boolean(r.hasChange),
  data: json(r.data),
});

/** `%` and `_` of a user's text taken literally in ILIKE. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of log rows, newest first, and how many match. `from`/`to` both inclusive (a plain
 * date is its whole UTC day); `user` a part of the acting or signed-in user's login name or
 * name; `text` a part of the message, request id, address or data.
 * @throws FORBIDDEN unless the caller is a global admin
 */
export async function findLog(db: Db, auth: AuthContext, q: LogQuery): Promise<{ items: LogEntry[]; total: number }> {
  requireGlobalAdmin(auth);
  // Failed sign-ins of this process still waiting for their batch are written first.
  await flushFailedSignIns(db);
  const where: SQL[] = [sql`true`];
  if (q.from) where.push(sql`g.created_at >= ${new Date(instantOf(q.from, 'start')).toISOString()}::timestamptz`);
  if (q.to) where.push(sql`g.created_at <= ${new Date(instantOf(q.to, 'end')).toISOString()}::timestamptz`);
  if (q.userId) where.push(sql`(g.user_id = ${q.userId} OR g.login_user_id = ${q.userId})`);
  if (q.user) {
    const like = likeText(q.user);
    where.push(sql`(u.login_name ILIKE ${like} OR u.name ILIKE ${like} OR lu.login_name ILIKE ${like} OR lu.name ILIKE ${like}
      OR g.data->>'loginName' ILIKE ${like})`);
  }
  if (q.kind) where.push(sql`g.kind = ${q.kind}`);
  if (q.level) where.push(sql`g.level = ${q.level}`);
  if (q.text) {
    const like = likeText(q.text);
    where.push(sql`(g.message ILIKE ${like} OR g.request_id ILIKE ${like} OR g.ip ILIKE ${like} OR g.data::text ILIKE ${like}
      OR g.before::text ILIKE ${like} OR g.after::text ILIKE ${like})`);
  }
  const whereSql = sql.join(where, sql` AND `);
  const [list, [count]] = await Promise.all([
    rows<Row>(
      db,
      sql`SELECT ${columns} FROM ${joins} WHERE ${whereSql} ORDER BY g.created_at DESC, g.id DESC LIMIT ${q.count} OFFSET ${q.offset}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${joins} WHERE ${whereSql}`),
  ]);
  return { items: list.map(toEntry), total: Number(count?.total ?? 0) };
}

/**
 * One log row with its data and the record before and after an admin change.
 * @throws FORBIDDEN unless the caller is a global admin; NOT_FOUND for a row that is not there (or deleted by retention)
 */
export async function getLogEntry(db: Tx, auth: AuthContext, id: number): Promise<LogDetail> {
  requireGlobalAdmin(auth);
  const [found] = await rows<Row & Pick<LogDetail, 'before' | 'after'>>(
    db,
    sql`SELECT ${columns}, g.before, g.after FROM ${joins} WHERE g.id = ${id}`,
  );
  if (!found) throw notFound();
  return { ...toEntry(found), before: json(found.before), after: json(found.after) };
}

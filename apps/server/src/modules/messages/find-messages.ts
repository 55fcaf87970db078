/**
 * GET Messages (spec section 7: type, taskId, anonymous, language; issue 10): the messages a
 * caller sees, newest first. Visitors without a session get the login page's welcome texts only;
 * signed-in users the messages visible to the acting user (visibility.ts); global admins with
 * `all` every message, for Global > Publishing.
 */
import { AppErrorCode, isLocale, type Locale, type Message, type MessagesQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError, unauthorized } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requirePublisher } from './access.js';
import { type MessageRow, messageColumns, messageJoins, toMessage } from './message-row.js';
import { anonymousReader, readerOf, visibleTo } from './visibility.js';

/** Most messages one answer holds (readers; Global > Publishing gets MESSAGES_ALL_MAX). */
export const MESSAGES_LIST_MAX = 200;
export const MESSAGES_ALL_MAX = 1000;

/**
 * The messages for `auth` (null: a visitor), title and text in `locale`.
 * - `type` narrows to one type; `taskId` to that task's; `route` (under /app, "orders/12") to those
 *   whose `path` is the route or a prefix of it, or whose `area` is its first part (the help icon).
 * - `mustRead` keeps must-read ones (the portal's block, spec section 4).
 * - Visitors: `type` must be `login` and no `all` (else UNAUTHORIZED; no type at all: VALIDATION on
 *   `type`); `language` picks their language.
 * - `all`: FORBIDDEN for anyone but global admins.
 */
export async function findMessages(db: Tx, auth: AuthContext | null, query: MessagesQuery, locale: Locale): Promise<Message[]> {
  const publishing = !!query.all;
  // A visitor names the login page's type; without one the query is incomplete rather than unauthorised.
  if (!auth && !query.type) throw new AppError(AppErrorCode.VALIDATION, {}, { type: 'validation.required' });
  if (!auth && (query.type !== 'login' || publishing)) throw unauthorized();
  if (publishing && auth) requirePublisher(auth);
  const reader = auth ? await readerOf(db, auth) : anonymousReader(isLocale(query.language) ? query.language : null);
  const conditions: SQL[] = publishing ? [] : [visibleTo(reader)];
  if (query.type) conditions.push(sql`m.type = ${query.type}`);
  if (query.taskId) conditions.push(sql`m.task_id = ${query.taskId}`);
  if (query.mustRead) conditions.push(sql`m.must_read`);
  if (query.route !== undefined) {
    const route = query.route.replace(/^\/+|\/+$/g, '');
    conditions.push(sql`((COALESCE(m.path, '') <> '' AND (${route} = m.path OR ${route} LIKE m.path || '/%'))
      OR (COALESCE(m.area, '') <> '' AND m.area = split_part(${route}, '/', 1)))`);
  }
  const where = conditions.length ? sql.join(conditions, sql` AND `) : sql`TRUE`;
  const list = await rows<MessageRow>(
    db,
    sql`SELECT ${messageColumns(locale)} FROM messages m ${messageJoins(reader.userId)}
        WHERE ${where}
        ORDER BY COALESCE(m.show_from, m.created_at::date) DESC, m.created_at DESC, m.id DESC
        LIMIT ${publishing ? MESSAGES_ALL_MAX : MESSAGES_LIST_MAX}`,
  );
  return list.map((row) => toMessage(row, publishing));
}

/**
 * GET EmailArchive and GET EmailArchive/{id} (spec: Company > Email archive; "Email archive
 * entry: topic, sent, to customer, to user, from location, date range"). Who sees which mails:
 * `emailArchiveScope` (provider staff all; a customer admin the mails to or from the acting
 * customer; anyone else 403). A mail outside the caller's scope answers 404 like a missing one.
 */
import type { EmailArchiveEntry, EmailArchiveMail, EmailArchiveQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { emailArchiveScope } from './email-archive-scope.js';

type Row = Omit<EmailArchiveEntry, 'createdAt' | 'sentAt' | 'sent'> & { createdAt: Date | string; sentAt: Date | string | null };

const columns = sql`e.id, e.topic, e.to_address AS "toAddress", e.to_customer_id AS "toCustomerId", c.name AS "toCustomerName",
  e.to_user_id AS "toUserId", u.name AS "toUserName", e.from_location_id AS "fromLocationId", l.name AS "fromLocationName",
  e.order_id AS "orderId", e.subject, e.body, e.status, e.created_at AS "createdAt", e.sent_at AS "sentAt"`;
const joins = sql`email_archive e LEFT JOIN customers c ON c.id = e.to_customer_id LEFT JOIN users u ON u.id = e.to_user_id
  LEFT JOIN locations l ON l.id = e.from_location_id`;

const toEntry = (e: Row): EmailArchiveEntry => ({
  ...e,
  id: Number(e.id),
  orderId: e.orderId === null ? null : Number(e.orderId),
  sent: e.status === 'sent',
  createdAt: isoInstant(e.createdAt) ?? '',
  sentAt: isoInstant(e.sentAt),
});

/**
 * A page of archived mails, newest first, and the total that match. Dates bound the UTC day a
 * mail was written, both ends inclusive.
 * @throws FORBIDDEN unless the caller is provider staff or a customer admin of the acting customer
 */
export async function findEmailArchive(
  db: Tx,
  auth: AuthContext,
  q: EmailArchiveQuery,
): Promise<{ items: EmailArchiveEntry[]; total: number }> {
  const where: SQL[] = [emailArchiveScope(auth)];
  if (q.topic) where.push(sql`e.topic = ${q.topic}`);
  // The day a mail was written (UTC), both ends inclusive.
  if (q.dateFrom) where.push(sql`e.created_at >= ${q.dateFrom}::date`);
  if (q.dateTo) where.push(sql`e.created_at < ${q.dateTo}::date + 1`);
  if (q.sent !== undefined) where.push(q.sent ? sql`e.status = 'sent'` : sql`e.status <> 'sent'`);
  if (q.toCustomerId) where.push(sql`e.to_customer_id = ${q.toCustomerId}`);
  if (q.toUserId) where.push(sql`e.to_user_id = ${q.toUserId}`);
  if (q.fromLocationId) where.push(sql`e.from_location_id = ${q.fromLocationId}`);
  if (q.orderId) where.push(sql`e.order_id = ${q.orderId}`);
  const whereSql = sql.join(where, sql` AND `);
  const [list, [count]] = await Promise.all([
    rows<Row>(
      db,
      sql`SELECT ${columns} FROM ${joins}
          WHERE ${whereSql} ORDER BY e.created_at DESC, e.id DESC LIMIT ${q.count} OFFSET ${q.offset}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM email_archive e WHERE ${whereSql}`),
  ]);
  return {
    items: list.map(toEntry),
    total: count?.total ?? 0,
  };
}

/**
 * One archived mail with its HTML alternative (null for a text-only mail) and the names, types
 * and sizes (bytes) of the files sent with it.
 * @throws FORBIDDEN as the list does; NOT_FOUND for a mail that is missing or outside the caller's scope
 */
export async function getEmailArchiveMail(db: Tx, auth: AuthContext, id: number): Promise<EmailArchiveMail> {
  const scope = emailArchiveScope(auth);
  const [found] = await rows<Row & { html: string | null }>(
    db,
    sql`SELECT ${columns}, e.html FROM ${joins} WHERE e.id = ${id} AND ${scope}`,
  );
  if (!found) throw notFound();
  const attachments = await rows<{ fileName: string; contentType: string; size: number }>(
    db,
    sql`SELECT file_name AS "fileName", content_type AS "contentType", octet_length(data) AS size
        FROM email_attachments WHERE email_id = ${id} ORDER BY id`,
  );
  return { ...toEntry(found), html: found.html, attachments: attachments.map((a) => ({ ...a, size: Number(a.size) })) };
}

/**
 * GET EmailArchive (spec: Company > Email archive; "Email archive entry: topic, sent, to
 * customer, to user, from location, date range"). Customer admins see the mails to their
 * acting customer (except password links to global admins: docs/accounts.md); global admins
 * every mail; anyone else is refused (403).
 */
import type { EmailArchiveEntry, EmailArchiveQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';

type Row = Omit<EmailArchiveEntry, 'createdAt' | 'sentAt' | 'sent'> & { createdAt: Date | string; sentAt: Date | string | null };

/**
 * A page of archived mails, newest first, and the total that match.
 * @throws FORBIDDEN unless the caller is a customer admin or a global admin
 */
export async function findEmailArchive(
  db: Tx,
  auth: AuthContext,
  q: EmailArchiveQuery,
): Promise<{ items: EmailArchiveEntry[]; total: number }> {
  const global = auth.user.isGlobalAdmin;
  if (!global && !auth.user.isCustomerAdmin) throw forbidden();
  const where: SQL[] = [global ? sql`true` : sql`e.to_customer_id = ${auth.customerId}`];
  // A global admin's password link is for global admins' eyes only (docs/accounts.md).
  if (!global)
    where.push(
      sql`NOT (e.topic IN ('passwordReset', 'welcome') AND EXISTS (SELECT 1 FROM users g WHERE g.id = e.to_user_id AND g.is_global_admin))`,
    );
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
      sql`SELECT e.id, e.topic, e.to_address AS "toAddress", e.to_customer_id AS "toCustomerId", c.name AS "toCustomerName",
            e.to_user_id AS "toUserId", u.name AS "toUserName", e.from_location_id AS "fromLocationId", l.name AS "fromLocationName",
            e.order_id AS "orderId", e.subject, e.body, e.status, e.created_at AS "createdAt", e.sent_at AS "sentAt"
          FROM email_archive e LEFT JOIN customers c ON c.id = e.to_customer_id LEFT JOIN users u ON u.id = e.to_user_id
          LEFT JOIN locations l ON l.id = e.from_location_id
          WHERE ${whereSql} ORDER BY e.created_at DESC, e.id DESC LIMIT ${q.count} OFFSET ${q.offset}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM email_archive e WHERE ${whereSql}`),
  ]);
  return {
    items: list.map((e) => ({
      ...e,
      id: Number(e.id),
      orderId: e.orderId === null ? null : Number(e.orderId),
      sent: e.status === 'sent',
      createdAt: isoInstant(e.createdAt) ?? '',
      sentAt: isoInstant(e.sentAt),
    })),
    total: count?.total ?? 0,
  };
}

/**
 * GET SupportTickets (issue 10, "Support": "The list has filters (status, priority, category,
 * location, date, text), sorting and a count"): the caller's cases (access.ts).
 */
import { SUPPORT_TICKETS_LIST_MAX, type SupportTicketList, type SupportTicketSummary, type SupportTicketsQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { isSupportStaff, visibleTicketsCondition } from './access.js';

/** The columns of a case's summary over `support_tickets t` with `summaryJoins`; internal comments count for staff only. */
export function summaryColumns(staff: boolean): SQL {
  return sql`t.id, t.topic, t.category, t.priority, t.status, t.customer_id AS "customerId", c.name AS "customerName",
    t.location_id AS "locationId", l.name AS "locationName", t.order_id AS "orderId", t.user_id AS "userId", u.name AS "userName",
    t.assigned_user_id AS "assignedUserId", au.name AS "assignedUserName",
    (SELECT count(*) FROM support_ticket_comments sc WHERE sc.ticket_id = t.id ${staff ? sql`` : sql`AND NOT sc.internal`})::int AS "commentCount",
    t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;
}

/** The joins of `summaryColumns`. */
export const summaryJoins = sql`JOIN customers c ON c.id = t.customer_id LEFT JOIN locations l ON l.id = t.location_id
  JOIN users u ON u.id = t.user_id LEFT JOIN users au ON au.id = t.assigned_user_id`;

/** A summary row as read. */
export type SummaryRow = Omit<SupportTicketSummary, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

/** A summary row with numbers and instants normalised. */
export function toSummary(r: SummaryRow): SupportTicketSummary {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...r,
    id: Number(r.id),
    customerId: Number(r.customerId),
    locationId: n(r.locationId),
    orderId: n(r.orderId),
    userId: Number(r.userId),
    assignedUserId: n(r.assignedUserId),
    commentCount: Number(r.commentCount),
    createdAt: isoInstant(r.createdAt) ?? '',
    updatedAt: isoInstant(r.updatedAt) ?? '',
  };
}

const sortColumns: Record<NonNullable<SupportTicketsQuery['sort']>, SQL> = {
  updatedAt: sql`t.updated_at`,
  createdAt: sql`t.created_at`,
  // High first when descending: Low 0, Normal 1, High 2.
  priority: sql`CASE t.priority WHEN 'High' THEN 2 WHEN 'Normal' THEN 1 ELSE 0 END`,
  status: sql`CASE t.status WHEN 'New' THEN 0 WHEN 'Open' THEN 1 WHEN 'Pending' THEN 2 WHEN 'Closed' THEN 3 ELSE 4 END`,
  topic: sql`lower(t.topic)`,
  id: sql`t.id`,
};

/**
 * The caller's cases matching `query`, at most SUPPORT_TICKETS_LIST_MAX, and how many match in all.
 * Archived cases only when `status` asks for them. Dates: the day the case was opened (UTC). Text:
 * a case number, or words found in topic or description (case-insensitive).
 */
export async function findSupportTickets(db: Tx, auth: AuthContext, query: SupportTicketsQuery): Promise<SupportTicketList> {
  const visible = await visibleTicketsCondition(db, auth);
  const conditions: SQL[] = [visible];
  conditions.push(query.status ? sql`t.status = ${query.status}` : sql`t.status <> 'Archived'`);
  if (query.priority) conditions.push(sql`t.priority = ${query.priority}`);
  if (query.category) conditions.push(sql`t.category = ${query.category}`);
  if (query.locationId) conditions.push(sql`t.location_id = ${query.locationId}`);
  if (query.from) conditions.push(sql`t.created_at >= ${query.from}::date`);
  if (query.to) conditions.push(sql`t.created_at < ${query.to}::date + 1`);
  if (query.text) {
    const like = `%${query.text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const id = /^\d{1,9}$/.test(query.text) ? Number(query.text) : 0;
    conditions.push(sql`(t.id = ${id} OR t.topic ILIKE ${like} OR t.description ILIKE ${like})`);
  }
  const where = sql.join(conditions, sql` AND `);
  const direction = (query.descending ?? true) ? sql`DESC` : sql`ASC`;
  const order = sortColumns[query.sort ?? 'updatedAt'];
  const list = await rows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns(isSupportStaff(auth))} FROM support_tickets t ${summaryJoins}
        WHERE ${where} ORDER BY ${order} ${direction}, t.id ${direction} LIMIT ${SUPPORT_TICKETS_LIST_MAX}`,
  );
  const [total] = await rows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM support_tickets t WHERE ${where}`);
  return { rows: list.map(toSummary), count: Number(total?.count ?? 0) };
}

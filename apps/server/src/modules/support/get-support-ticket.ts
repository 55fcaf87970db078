/**
 * GET SupportTickets/{id} (issue 10, "Support": "the detail page shows the thread and the history
 * of status changes"): one case of the caller's with its comments, history and files. Internal
 * comments and the internal note reach provider staff only.
 */
import { type Locale, orderTargetRoute, type SupportTicket, supportCaseIsLive } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { orderForParty } from '../comments/order-party.js';
import { isoInstant } from '../http.js';
import { productNamesById } from '../orders/product-names.js';
import { isSupportStaff, visibleTicketsCondition } from './access.js';
import { type SummaryRow, summaryColumns, summaryJoins, toSummary } from './find-support-tickets.js';

/**
 * The case `id` as the caller may see it, product name in `locale`.
 * @throws NOT_FOUND when missing or outside the caller's cases
 */
export async function getSupportTicket(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<SupportTicket> {
  const staff = isSupportStaff(auth);
  const visible = await visibleTicketsCondition(db, auth);
  const [row] = await rows<
    SummaryRow & { description: string; product: string | null; productId: number | null; internalNote: string | null }
  >(
    db,
    sql`SELECT ${summaryColumns(staff)}, t.description, t.product, t.product_id AS "productId", t.internal_note AS "internalNote"
        FROM support_tickets t ${summaryJoins} WHERE t.id = ${id} AND ${visible}`,
  );
  if (!row) throw notFound();
  const summary = toSummary(row);
  const comments = await rows<{
    id: number;
    userId: number;
    userName: string;
    byProvider: boolean;
    text: string;
    internal: boolean;
    createdAt: Date | string;
  }>(
    db,
    sql`SELECT sc.id, sc.user_id AS "userId", u.name AS "userName", (u.is_global_admin OR c.is_provider) AS "byProvider",
          sc.text, sc.internal, sc.created_at AS "createdAt"
        FROM support_ticket_comments sc JOIN users u ON u.id = sc.user_id JOIN customers c ON c.id = u.customer_id
        WHERE sc.ticket_id = ${id} ${staff ? sql`` : sql`AND NOT sc.internal`} ORDER BY sc.created_at, sc.id`,
  );
  const history = await rows<{
    id: number;
    field: 'status' | 'priority' | 'assigned';
    fromValue: string | null;
    toValue: string | null;
    userName: string | null;
    createdAt: Date | string;
  }>(
    db,
    sql`SELECT h.id, h.field, h.from_value AS "fromValue", h.to_value AS "toValue", u.name AS "userName", h.created_at AS "createdAt"
        FROM support_ticket_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.ticket_id = ${id} ORDER BY h.created_at, h.id`,
  );
  const files = await rows<{
    id: number;
    fileName: string;
    mime: string;
    sizeBytes: number;
    userName: string | null;
    createdAt: Date | string;
  }>(
    db,
    sql`SELECT a.id, a.file_name AS "fileName", a.mime, a.size_bytes AS "sizeBytes", u.name AS "userName", a.created_at AS "createdAt"
        FROM attachments a LEFT JOIN users u ON u.id = a.user_id WHERE a.ticket_id = ${id} ORDER BY a.created_at, a.id`,
  );
  let orderTarget: string | null = null;
  if (summary.orderId !== null) {
    try {
      const order = await orderForParty(db, auth, summary.orderId);
      orderTarget = orderTargetRoute(
        {
          id: order.id,
          transactionStatusId: order.transactionStatusId as never,
          transactionTypeId: order.transactionTypeId as never,
          locationIdTo: Number(order.locationIdTo ?? 0),
        },
        auth.locationId,
      );
    } catch {
      // The order is not (or no longer) the caller's to open: the case shows its number only.
    }
  }
  const productId = row.productId === null ? null : Number(row.productId);
  const productName = productId === null ? null : ((await productNamesById(db, locale, [productId])).get(productId) ?? null);
  const live = supportCaseIsLive(summary.status);
  return {
    ...summary,
    description: row.description,
    product: row.product,
    productId,
    productName,
    internalNote: staff ? row.internalNote : null,
    orderTarget,
    comments: comments.map((c) => ({ ...c, id: Number(c.id), userId: Number(c.userId), createdAt: isoInstant(c.createdAt) ?? '' })),
    history: history.map((h) => ({ ...h, id: Number(h.id), createdAt: isoInstant(h.createdAt) ?? '' })),
    attachments: files.map((f) => ({ ...f, id: Number(f.id), sizeBytes: Number(f.sizeBytes), createdAt: isoInstant(f.createdAt) ?? '' })),
    may: {
      edit: live && summary.status !== 'Closed' && (staff || summary.userId === auth.user.id),
      manage: staff && live,
      comment: live,
    },
  };
}

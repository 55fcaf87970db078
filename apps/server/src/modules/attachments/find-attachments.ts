/**
 * GET OrderAttachments and GET OrderAttachments/{id}: an order's files, for its parties only; the
 * same store holds a support case's files (GET SupportTicketAttachments/{id}), for those who see
 * the case (support/access.ts).
 */
import type { Attachment } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { orderForParty } from '../comments/order-party.js';
import { isoInstant } from '../http.js';
import { visibleTicket } from '../support/access.js';

const columns = sql`a.id, a.order_id AS "orderId", a.ticket_id AS "ticketId", a.kind, a.file_name AS "fileName", a.mime, a.size_bytes AS "sizeBytes",
  a.user_id AS "userId", u.name AS "userName", a.signer_name AS "signerName", a.created_at AS "createdAt"`;

type Row = Omit<Attachment, 'createdAt'> & { createdAt: Date | string };
const toAttachment = (a: Row): Attachment => ({
  ...a,
  id: Number(a.id),
  orderId: a.orderId === null ? null : Number(a.orderId),
  ticketId: a.ticketId === null ? null : Number(a.ticketId),
  createdAt: isoInstant(a.createdAt) ?? '',
});

/** What an attachment belongs to: an order or a support case. */
export type AttachmentOwner = { orderId: number } | { ticketId: number };

/**
 * Checks that the caller may see the files of `owner`: a party of the order, or someone who sees
 * the case. `lock` takes the order's or case's row.
 * @throws NOT_FOUND otherwise
 */
export async function assertOwnerVisible(db: Tx, auth: AuthContext, owner: AttachmentOwner, lock = false): Promise<void> {
  if ('orderId' in owner) await orderForParty(db, auth, owner.orderId, lock);
  else await visibleTicket(db, auth, owner.ticketId, lock);
}

/**
 * The metadata of an order's (or a support case's) attachments and signatures, oldest first.
 * @throws NOT_FOUND when the caller is not a party of the order, or does not see the case
 */
export async function findAttachments(db: Tx, auth: AuthContext, owner: number | AttachmentOwner): Promise<Attachment[]> {
  const of: AttachmentOwner = typeof owner === 'number' ? { orderId: owner } : owner;
  await assertOwnerVisible(db, auth, of);
  const where = 'orderId' in of ? sql`a.order_id = ${of.orderId}` : sql`a.ticket_id = ${of.ticketId}`;
  const list = await rows<Row>(
    db,
    sql`SELECT ${columns} FROM attachments a LEFT JOIN users u ON u.id = a.user_id WHERE ${where} ORDER BY a.created_at, a.id`,
  );
  return list.map(toAttachment);
}

/**
 * One attachment's metadata, with its bytes when `withData`; `of` says whether an order's (the
 * default) or a support case's is asked for.
 * @throws NOT_FOUND when missing, not of that kind, or the caller may not see its order or case
 */
export async function getAttachment(
  db: Tx,
  auth: AuthContext,
  id: number,
  withData = false,
  of: 'order' | 'ticket' = 'order',
): Promise<Attachment & { data?: Uint8Array }> {
  const [row] = await rows<Row & { data?: Uint8Array }>(
    db,
    sql`SELECT ${columns} ${withData ? sql`, a.data` : sql``} FROM attachments a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.id = ${id} AND ${of === 'order' ? sql`a.order_id IS NOT NULL` : sql`a.ticket_id IS NOT NULL`}`,
  );
  if (!row) throw notFound();
  await assertOwnerVisible(db, auth, row.orderId !== null ? { orderId: Number(row.orderId) } : { ticketId: Number(row.ticketId) });
  return { ...toAttachment(row), ...(withData && row.data ? { data: row.data } : {}) };
}

/**
 * GET OrderAttachments and GET OrderAttachments/{id}: an order's files, for its parties only; the
 * same store holds a support case's files (GET SupportTicketAttachments/{id}), for those who see
 * the case (support/access.ts), and a dispute's evidence (GET DisputeEvidence/{id}), for those who
 * see the dispute (disputes/access.ts).
 */
import type { Attachment } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { orderForParty } from '../comments/order-party.js';
import { visibleDispute } from '../disputes/access.js';
import { isoInstant } from '../http.js';
import { visibleTicket } from '../support/access.js';

const columns = sql`a.id, a.order_id AS "orderId", a.ticket_id AS "ticketId", a.dispute_id AS "disputeId", a.kind, a.file_name AS "fileName", a.mime, a.size_bytes AS "sizeBytes",
  a.user_id AS "userId", u.name AS "userName", a.signer_name AS "signerName", a.created_at AS "createdAt"`;

type Row = Omit<Attachment, 'createdAt'> & { createdAt: Date | string };
const toAttachment = (a: Row): Attachment => ({
  ...a,
  id: Number(a.id),
  orderId: a.orderId === null ? null : Number(a.orderId),
  ticketId: a.ticketId === null ? null : Number(a.ticketId),
  disputeId: a.disputeId === null ? null : Number(a.disputeId),
  createdAt: isoInstant(a.createdAt) ?? '',
});

/** What an attachment belongs to: an order, a support case or a dispute. */
export type AttachmentOwner = { orderId: number } | { ticketId: number } | { disputeId: number };

/** The kind of owner, as `getAttachment` asks for it. */
export type AttachmentOwnerKind = 'order' | 'ticket' | 'dispute';

/** The kind of `owner`. */
export const ownerKind = (owner: AttachmentOwner): AttachmentOwnerKind =>
  'orderId' in owner ? 'order' : 'ticketId' in owner ? 'ticket' : 'dispute';

/** The owner's column of `attachments`. */
const ownerColumn = (kind: AttachmentOwnerKind) =>
  sql.raw(`a.${kind === 'order' ? 'order_id' : kind === 'ticket' ? 'ticket_id' : 'dispute_id'}`);

/**
 * Checks that the caller may see the files of `owner`: a party of the order, someone who sees
 * the case, or someone who sees the dispute. `lock` takes the order's or case's row.
 * @throws NOT_FOUND otherwise (FORBIDDEN for a dispute without the menu's right)
 */
export async function assertOwnerVisible(db: Tx, auth: AuthContext, owner: AttachmentOwner, lock = false): Promise<void> {
  if ('orderId' in owner) await orderForParty(db, auth, owner.orderId, lock);
  else if ('ticketId' in owner) await visibleTicket(db, auth, owner.ticketId, lock);
  else await visibleDispute(db, auth, owner.disputeId);
}

/**
 * The metadata of an order's (a support case's, a dispute's) attachments and signatures, oldest
 * first. `checked`: the caller already checked that the owner is visible.
 * @throws NOT_FOUND when the caller is not a party of the order, or does not see the case or dispute
 */
export async function findAttachments(db: Tx, auth: AuthContext, owner: number | AttachmentOwner, checked = false): Promise<Attachment[]> {
  const of: AttachmentOwner = typeof owner === 'number' ? { orderId: owner } : owner;
  if (!checked) await assertOwnerVisible(db, auth, of);
  const where = sql`${ownerColumn(ownerKind(of))} = ${Object.values(of)[0]}`;
  const list = await rows<Row>(
    db,
    sql`SELECT ${columns} FROM attachments a LEFT JOIN users u ON u.id = a.user_id WHERE ${where} ORDER BY a.created_at, a.id`,
  );
  return list.map(toAttachment);
}

/**
 * One attachment's metadata, with its bytes when `withData`; `of` says whether an order's (the
 * default), a support case's or a dispute's is asked for.
 * @throws NOT_FOUND when missing, not of that kind, or the caller may not see its order, case or dispute
 */
export async function getAttachment(
  db: Tx,
  auth: AuthContext,
  id: number,
  withData = false,
  of: AttachmentOwnerKind = 'order',
): Promise<Attachment & { data?: Uint8Array }> {
  const [row] = await rows<Row & { data?: Uint8Array }>(
    db,
    sql`SELECT ${columns} ${withData ? sql`, a.data` : sql``} FROM attachments a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.id = ${id} AND ${ownerColumn(of)} IS NOT NULL`,
  );
  if (!row) throw notFound();
  await assertOwnerVisible(
    db,
    auth,
    row.orderId !== null
      ? { orderId: Number(row.orderId) }
      : row.ticketId !== null
        ? { ticketId: Number(row.ticketId) }
        : { disputeId: Number(row.disputeId) },
  );
  return { ...toAttachment(row), ...(withData && row.data ? { data: row.data } : {}) };
}

/** GET OrderAttachments and GET OrderAttachments/{id}: an order's files, for its parties only. */
import type { Attachment } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { orderForParty } from '../comments/order-party.js';
import { isoInstant } from '../http.js';

const columns = sql`a.id, a.order_id AS "orderId", a.kind, a.file_name AS "fileName", a.mime, a.size_bytes AS "sizeBytes",
  a.user_id AS "userId", u.name AS "userName", a.signer_name AS "signerName", a.created_at AS "createdAt"`;

type Row = Omit<Attachment, 'createdAt'> & { createdAt: Date | string };
const toAttachment = (a: Row): Attachment => ({
  ...a,
  id: Number(a.id),
  orderId: Number(a.orderId),
  createdAt: isoInstant(a.createdAt) ?? '',
});

/**
 * The metadata of an order's attachments and signatures, oldest first.
 * @throws NOT_FOUND when the caller is not a party of the order
 */
export async function findAttachments(db: Tx, auth: AuthContext, orderId: number): Promise<Attachment[]> {
  await orderForParty(db, auth, orderId);
  const list = await rows<Row>(
    db,
    sql`SELECT ${columns} FROM attachments a LEFT JOIN users u ON u.id = a.user_id WHERE a.order_id = ${orderId} ORDER BY a.created_at, a.id`,
  );
  return list.map(toAttachment);
}

/**
 * One attachment's metadata, with its bytes when `withData`.
 * @throws NOT_FOUND when missing, not an order's, or the caller is not a party of its order
 */
export async function getAttachment(db: Tx, auth: AuthContext, id: number, withData = false): Promise<Attachment & { data?: Uint8Array }> {
  const [row] = await rows<Row & { data?: Uint8Array }>(
    db,
    sql`SELECT ${columns} ${withData ? sql`, a.data` : sql``} FROM attachments a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.id = ${id} AND a.order_id IS NOT NULL`,
  );
  if (!row) throw notFound();
  await orderForParty(db, auth, Number(row.orderId));
  return { ...toAttachment(row), ...(withData && row.data ? { data: row.data } : {}) };
}

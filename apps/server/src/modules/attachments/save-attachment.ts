/**
 * POST OrderAttachments and POST OrderSignature (spec sections 3, 5, 8). Files live in the
 * database (architecture.md). The type comes from the file's first bytes: PDF, JPG, PNG or
 * GIF, else FILE_TYPE (400), whatever the name or declared type says; at most
 * ATTACHMENT_MAX_BYTES (10 MiB), else FILE_TOO_LARGE (413). A signature is a PNG of at most
 * SIGNATURE_MAX_BYTES (1 MiB) with the signer's name, stored as an attachment of kind
 * 'signature'; anything else answers SIGNATURE_FAILED ('Could not save signature').
 */
import {
  AppErrorCode,
  ATTACHMENT_MAX_BYTES,
  type Attachment,
  type SaveSignatureRequest,
  SIGNATURE_MAX_BYTES,
  type SupportStatus,
  supportCaseIsLive,
} from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { orderForParty } from '../comments/order-party.js';
import { detectEvidenceType, detectFileType, safeFileName } from './file-type.js';
import { type AttachmentOwner, assertOwnerVisible, getAttachment, ownerKind } from './find-attachments.js';

/**
 * Stores a file on an order (`orderId`), a support case (`ticketId`) or a dispute (`disputeId`:
 * evidence, which may also be WebP; the caller checks who may add it), in `tx` when given (a case
 * opened with its files, evidence with its history's step), else in a transaction of its own.
 * @param data the file's bytes
 * @returns the stored attachment's metadata
 * @throws NOT_FOUND when the caller is not a party of the order or does not see the case; CONFLICT
 *   (409) when the case is archived; FILE_TYPE; FILE_TOO_LARGE
 */
export async function saveAttachment(
  db: Db,
  auth: AuthContext,
  input: AttachmentOwner & { fileName?: string; data: Uint8Array },
  tx?: Tx,
): Promise<Attachment> {
  if (input.data.length > ATTACHMENT_MAX_BYTES) throw tooLarge();
  const mime = 'disputeId' in input ? detectEvidenceType(input.data) : detectFileType(input.data);
  if (!mime) throw new AppError(AppErrorCode.FILE_TYPE, {}, { file: 'errors.FILE_TYPE' });
  const owner: AttachmentOwner =
    'orderId' in input ? { orderId: input.orderId } : 'ticketId' in input ? { ticketId: input.ticketId } : { disputeId: input.disputeId };
  const store = async (t: Tx) => {
    await assertOwnerVisible(t, auth, owner);
    // An archived case is final (docs/support.md, "Status"): it takes no more files, as no comments.
    if ('ticketId' in owner) {
      const [ticket] = await rows<{ status: string }>(t, sql`SELECT status FROM support_tickets WHERE id = ${owner.ticketId} FOR UPDATE`);
      if (ticket && !supportCaseIsLive(ticket.status as SupportStatus)) throw new AppError(AppErrorCode.CONFLICT);
    }
    const [created] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO attachments (order_id, ticket_id, dispute_id, kind, file_name, mime, size_bytes, data, user_id)
          VALUES (${'orderId' in owner ? owner.orderId : null}, ${'ticketId' in owner ? owner.ticketId : null},
            ${'disputeId' in owner ? owner.disputeId : null}, 'file',
            ${safeFileName(input.fileName, mime)}, ${mime}, ${input.data.length}, ${input.data}, ${auth.user.id})
          RETURNING id`,
    );
    return Number(created?.id);
  };
  const id = tx ? await store(tx) : await db.transaction(store);
  return getAttachment(tx ?? db, auth, id, false, ownerKind(owner));
}

/** FILE_TOO_LARGE with the limit in MiB for the message. */
export const tooLarge = () =>
  new AppError(AppErrorCode.FILE_TOO_LARGE, { maxMb: ATTACHMENT_MAX_BYTES / 1024 / 1024 }, { file: 'errors.FILE_TOO_LARGE' });

/**
 * Stores a drawn signature (PNG data URL) on an order.
 * @throws NOT_FOUND when the caller is not a party of the order; SIGNATURE_FAILED when the
 *   image is not a PNG of at most 1 MiB or cannot be stored
 */
export async function saveSignature(db: Db, auth: AuthContext, input: SaveSignatureRequest): Promise<Attachment> {
  const data = Buffer.from(input.image.slice(input.image.indexOf(',') + 1), 'base64');
  if (data.length > SIGNATURE_MAX_BYTES || detectFileType(data) !== 'image/png') {
    throw new AppError(AppErrorCode.SIGNATURE_FAILED, {}, { image: 'validation.signatureImage' });
  }
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await orderForParty(tx, auth, input.orderId);
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO attachments (order_id, kind, file_name, mime, size_bytes, data, user_id, signer_name)
            VALUES (${input.orderId}, 'signature', ${`signature-${input.orderId}.png`}, 'image/png', ${data.length}, ${data},
              ${auth.user.id}, ${input.name}) RETURNING id`,
      );
      return Number(created?.id);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(AppErrorCode.SIGNATURE_FAILED, {}, {}, 500);
  }
  return getAttachment(db, auth, id);
}

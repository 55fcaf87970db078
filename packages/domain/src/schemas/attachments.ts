/** Order comments, attachments and signatures (docs/domain.md, "Comments and attachments on orders"). */
import { z } from 'zod';
import { queryBigId, requiredText, ZBigId, ZText } from './common.js';

export const ZOrderComment = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OrderComment = z.infer<typeof ZOrderComment>;

export const ZOrderIdQuery = z.object({ orderId: queryBigId });

/** POST OrderComments: 1-2000 characters (trimmed). */
export const ZSaveOrderCommentRequest = z.object({
  orderId: ZBigId,
  text: ZText.trim().min(1, { message: 'validation.required' }).max(2000, { message: 'validation.textTooLong' }),
});
export type SaveOrderCommentRequest = z.infer<typeof ZSaveOrderCommentRequest>;

/** Largest attachment, in bytes (10 MiB). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Largest signature image, in bytes (1 MiB). */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** File types an attachment may have, told by the file's first bytes (spec section 5). */
export const attachmentMimeTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'] as const;
export type AttachmentMimeType = (typeof attachmentMimeTypes)[number];
/** The file input's accept list (spec section 5). */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif';
/**
 * File types a dispute's evidence may have (issue 22: photos and PDFs): those of any attachment
 * and WebP, the phones' other photo format that the content check tells (HEIC it cannot).
 */
export const evidenceMimeTypes = [...attachmentMimeTypes, 'image/webp'] as const;
export type EvidenceMimeType = (typeof evidenceMimeTypes)[number];
/** The evidence file input's accept list. */
export const EVIDENCE_ACCEPT = `${ATTACHMENT_ACCEPT},.webp`;

/**
 * The multipart/form-data body of POST OrderAttachments as the OpenAPI document describes it.
 * Documentation only: the route reads the parts itself. `orderId` comes before the file (or as
 * a query parameter).
 */
export const ZAttachmentUploadForm = z.object({
  orderId: z.number().int().positive().optional().describe('The order; before the file part, or as the query parameter orderId'),
  file: z.file().describe('PDF, JPG, PNG or GIF, at most 10 MiB, told by its first bytes, not its name or declared type'),
});

/**
 * An attachment's metadata; the file itself is GET OrderAttachments/{id} (an order's),
 * GET SupportTicketAttachments/{id} (a support case's) or GET DisputeEvidence/{id} (a dispute's
 * evidence). Exactly one of `orderId`, `ticketId`, `disputeId` is set; only evidence may be WebP.
 */
export const ZAttachment = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  disputeId: z.number().int().nullable(),
  kind: z.enum(['file', 'signature']),
  fileName: z.string(),
  mime: z.enum(evidenceMimeTypes),
  sizeBytes: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  signerName: z.string().nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof ZAttachment>;

/** POST OrderSignature: the signer's name and the drawn signature as a PNG data URL. */
export const ZSaveSignatureRequest = z.object({
  orderId: ZBigId,
  name: requiredText(100),
  image: z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 100, { message: 'validation.tooBig' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'validation.signatureImage' }),
});
export type SaveSignatureRequest = z.infer<typeof ZSaveSignatureRequest>;

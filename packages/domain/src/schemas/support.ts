/**
 * Support cases and answer templates (issue 10, "Support"; docs/support.md): GET/POST
 * SupportTickets, GET SupportTickets/{id}, POST SupportTicketComments, GET/POST SupportTemplates,
 * POST SupportTicketAttachments. Instants ISO 8601 (UTC); dates yyyy-MM-dd.
 */
import { z } from 'zod';
import { locales } from '../locale.js';
import { supportCategories, supportPriorities, supportStatuses } from '../support.js';
import { optionalText, queryBool, queryId, requiredText, text, ZBigId, ZId, ZIdempotencyKey, ZPlainDate } from './common.js';

const ZStatus = z.enum(supportStatuses, { message: 'validation.invalid' });
const ZPriority = z.enum(supportPriorities, { message: 'validation.invalid' });
const ZCategory = z.enum(supportCategories, { message: 'validation.invalid' });

/** Columns GET SupportTickets sorts by. */
export const supportTicketSorts = ['updatedAt', 'createdAt', 'priority', 'status', 'topic', 'id'] as const;

/**
 * GET SupportTickets: the caller's cases (docs/support.md, "Who sees what"), narrowed by status,
 * priority, category, location, the day it was opened (from <= to) and a text found in its topic,
 * description or number; sorted (default last change, newest first). Archived cases are left out
 * unless asked for by status.
 */
export const ZSupportTicketsQuery = z
  .object({
    status: ZStatus.optional(),
    priority: ZPriority.optional(),
    category: ZCategory.optional(),
    locationId: queryId.optional(),
    from: ZPlainDate.optional(),
    to: ZPlainDate.optional(),
    text: optionalText(100),
    sort: z.enum(supportTicketSorts, { message: 'validation.invalid' }).optional(),
    descending: queryBool.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.dateRange', path: ['to'] });
export type SupportTicketsQuery = z.infer<typeof ZSupportTicketsQuery>;

/** A case in the list. */
export const ZSupportTicketSummary = z.object({
  id: z.number().int(),
  topic: z.string(),
  category: ZCategory.nullable(),
  priority: ZPriority,
  status: ZStatus,
  customerId: z.number().int(),
  customerName: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  orderId: z.number().int().nullable(),
  /** Who opened it. */
  userId: z.number().int(),
  userName: z.string(),
  assignedUserId: z.number().int().nullable(),
  assignedUserName: z.string().nullable(),
  /** Comments the caller sees. */
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicketSummary = z.infer<typeof ZSupportTicketSummary>;

/** GET SupportTickets: at most SUPPORT_TICKETS_LIST_MAX cases and how many match in all. */
export const ZSupportTicketList = z.object({ rows: z.array(ZSupportTicketSummary), count: z.number().int() });
export type SupportTicketList = z.infer<typeof ZSupportTicketList>;

/** A comment of a case's thread; `internal` ones reach provider staff only. */
export const ZSupportTicketComment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  /** Written by provider staff (the answer side). */
  byProvider: z.boolean(),
  text: z.string(),
  internal: z.boolean(),
  createdAt: z.string(),
});
export type SupportTicketComment = z.infer<typeof ZSupportTicketComment>;

/** One change of status, priority or assignee (`assigned`: user names). */
export const ZSupportTicketHistory = z.object({
  id: z.number().int(),
  field: z.enum(['status', 'priority', 'assigned']),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportTicketHistory = z.infer<typeof ZSupportTicketHistory>;

/** A file of a case (download: GET SupportTicketAttachments/{id}). */
export const ZSupportTicketAttachment = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportTicketAttachment = z.infer<typeof ZSupportTicketAttachment>;

/**
 * GET SupportTickets/{id}: the case with its thread, history and files. `internalNote` and internal
 * comments only for provider staff (null / left out otherwise). `orderTarget`: the order's route
 * under /app (order target helper), when the case names an order the caller sees. `may`: what the
 * caller may do now.
 */
export const ZSupportTicket = ZSupportTicketSummary.extend({
  description: z.string(),
  product: z.string().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  internalNote: z.string().nullable(),
  orderTarget: z.string().nullable(),
  comments: z.array(ZSupportTicketComment),
  history: z.array(ZSupportTicketHistory),
  attachments: z.array(ZSupportTicketAttachment),
  may: z.object({
    /** Edit topic, category, description, product (the opener while the case is not closed). */
    edit: z.boolean(),
    /** Take, set status and priority, internal note and internal comments (provider staff). */
    manage: z.boolean(),
    comment: z.boolean(),
  }),
});
export type SupportTicket = z.infer<typeof ZSupportTicket>;

/**
 * POST SupportTickets: without `id` opens a case (topic and description required; location
 * defaults to the acting location); with `id` updates one. Customers may change the text fields
 * (topic, category, description, product) of their own case that is not Closed or Archived;
 * provider staff may also set `status` (supportStatusTransitions), `priority`, `internalNote` and
 * `take` (assign it to themselves; a New case opens). Fields not sent stay as they are.
 * `idempotencyKey` (new cases): the same key twice from one user opens one case and answers it
 * (issue 20).
 */
export const ZSaveSupportTicketRequest = z
  .object({
    id: ZId.optional(),
    topic: requiredText(200).optional(),
    description: requiredText(4000).optional(),
    category: ZCategory.nullable().optional(),
    priority: ZPriority.optional(),
    product: text(200).nullable().optional(),
    productId: ZId.nullable().optional(),
    locationId: ZId.nullable().optional(),
    orderId: ZBigId.nullable().optional(),
    status: ZStatus.optional(),
    internalNote: text(4000).nullable().optional(),
    take: z.boolean().optional(),
    /** A new case only: the same key twice from one user opens one case (`ZIdempotencyKey`). */
    idempotencyKey: ZIdempotencyKey.optional(),
  })
  .superRefine((request, context) => {
    if (request.id !== undefined) return;
    if (!request.topic) context.addIssue({ code: 'custom', message: 'validation.required', path: ['topic'] });
    if (!request.description) context.addIssue({ code: 'custom', message: 'validation.required', path: ['description'] });
  });
export type SaveSupportTicketRequest = z.infer<typeof ZSaveSupportTicketRequest>;

/** POST SupportTicketComments: a comment on a case; `internal` only for provider staff (else 403). */
export const ZSupportTicketCommentRequest = z.object({
  ticketId: ZId,
  text: requiredText(4000),
  internal: z.boolean().optional(),
});
export type SupportTicketCommentRequest = z.infer<typeof ZSupportTicketCommentRequest>;

/** The multipart body of POST SupportTicketAttachments (documentation only; the route reads the parts). */
export const ZSupportTicketUploadForm = z.object({
  ticketId: z.number().int().positive().describe('The case; before the file part, or as the query parameter ticketId'),
  file: z.file().describe('PDF, JPG, PNG or GIF, at most 10 MiB, told by its first bytes'),
});

/** An answer template (per category and language; null: any). */
export const ZSupportTemplate = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  category: ZCategory.nullable(),
  language: z.enum(locales).nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type SupportTemplate = z.infer<typeof ZSupportTemplate>;

/** GET SupportTemplates: provider staff; active ones unless `includeInactive`; narrowed by category and language. */
export const ZSupportTemplatesQuery = z.object({
  category: ZCategory.optional(),
  language: z.enum(locales, { message: 'validation.invalid' }).optional(),
  includeInactive: queryBool.optional(),
});
export type SupportTemplatesQuery = z.infer<typeof ZSupportTemplatesQuery>;

/**
 * POST SupportTemplates: create, or update with `id` (provider staff). A template is deactivated
 * (`isActive: false`), never deleted. `isDefault`: the default answer of its category and language;
 * making one default makes the previous default of that pair an ordinary template.
 */
export const ZSaveSupportTemplateRequest = z.object({
  id: ZId.optional(),
  title: requiredText(200),
  text: requiredText(4000),
  category: ZCategory.nullable(),
  language: z.enum(locales, { message: 'validation.invalid' }).nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type SaveSupportTemplateRequest = z.infer<typeof ZSaveSupportTemplateRequest>;

/** GET SupportTicketCount: cases in status New that provider staff should take (the Support badge). */
export const ZSupportTicketCount = z.object({ newCount: z.number().int() });

/** The email archive (spec section 3, "Email archive entry"). */
import { z } from 'zod';
import { queryBigId, queryBool, queryId, queryInteger, text, ZPlainDate } from './common.js';

/** Topics of the mails the portal sends (Company > Email archive filters by them). */
export const emailTopics = ['orderConfirmation', 'purchase', 'return', 'stockLevel', 'passwordReset', 'welcome'] as const;
export type EmailTopic = (typeof emailTopics)[number];

/**
 * An archived email (spec section 3, "Email archive entry"). `status`: stored (archived only,
 * no SMTP configured), queued, sending, sent, failed (after 3 SMTP attempts).
 */
export const ZEmailArchiveEntry = z.object({
  id: z.number().int(),
  topic: z.string(),
  toAddress: z.string(),
  toCustomerId: z.number().int().nullable(),
  toCustomerName: z.string().nullable(),
  toUserId: z.number().int().nullable(),
  toUserName: z.string().nullable(),
  fromLocationId: z.number().int().nullable(),
  fromLocationName: z.string().nullable(),
  orderId: z.number().int().nullable(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['stored', 'queued', 'sending', 'sent', 'failed']),
  sent: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailArchiveEntry = z.infer<typeof ZEmailArchiveEntry>;

/**
 * GET EmailArchive (customer admins: their customer's mails; global admins: all). `dateFrom`
 * and `dateTo` bound the day the mail was written (UTC), both inclusive; `sent` true only
 * delivered mails, false the others. Newest first.
 */
export const ZEmailArchiveQuery = z
  .object({
    topic: text(50).optional(),
    dateFrom: ZPlainDate.optional(),
    dateTo: ZPlainDate.optional(),
    sent: queryBool.optional(),
    toCustomerId: queryId.optional(),
    toUserId: queryId.optional(),
    fromLocationId: queryId.optional(),
    orderId: queryBigId.optional(),
    count: queryInteger(1, 500).default(100),
    offset: queryInteger(0, 1_000_000).default(0),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: 'validation.dateRange', path: ['dateTo'] });
export type EmailArchiveQuery = z.infer<typeof ZEmailArchiveQuery>;

export const ZEmailArchiveResponse = z.object({ items: z.array(ZEmailArchiveEntry), total: z.number().int() });
